/**
 * The editor page's own bundles (build.ts LAZY_ENTRIES), named with their hashes in the shell's
 * `<meta name="xix-asset" data-entry="…">` tags: no other page loads them.
 */
export type LazyEntry = 'code-editor' | 'ts-worker' | 'play-worker';

/** The address of a lazy bundle, or an error when the shell names none (a build without the editor). */
export function assetUrl(entry: LazyEntry): string {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="xix-asset"][data-entry="${entry}"]`);
  if (meta === null) throw new Error(`this build has no ${entry} bundle`);
  return meta.content;
}

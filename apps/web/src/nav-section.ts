/**
 * The item of the main navigation a page belongs to. Most pages' routes say it (main.ts); a match
 * says it once it knows: a game in progress belongs to Live, a finished one to none.
 */
export type NavSection = 'leaderboard' | 'tournaments' | 'live' | 'editor' | 'upload';

let listener: ((section: NavSection | null) => void) | null = null;

/** main.ts: highlights the navigation's item of `section` (none for null). */
export function onNavSection(highlight: (section: NavSection | null) => void): void {
  listener = highlight;
}

/** A page says which item it belongs to. */
export function setNavSection(section: NavSection | null): void {
  listener?.(section);
}

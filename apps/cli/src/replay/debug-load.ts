/**
 * Loads a bot into this process for `xix replay rerun`, so that its author can stop in it under
 * `node --inspect-brk`: esbuild bundles it (`@xix/sdk` is this installation's SDK) with an inline
 * source map, into a temporary module that is imported, so breakpoints set in the bot's .ts files
 * land through the source map. The sandbox's import rules are `xix check`'s business, not this.
 *
 * Math.random is replaced, as the sandbox's harness does (apps/sandbox/src/isolate/harness.js),
 * by the engine's PRNG seeded from the bot's seed and seat, so a bot that uses it answers as it
 * did in the sandbox.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { createRandom, type Seat } from '@xix/engine';
import type { AnyBot } from '@xix/sdk';
import { SDK_ENTRY } from '../repo.ts';

export type DebugBot = { readonly ok: true; readonly bot: AnyBot } | { readonly ok: false; readonly message: string };

/** The harness's seeding of Math.random for a game: its seed and seat mixed into one 32-bit seed. */
export function seedMathRandom(seed: number, seat: Seat): void {
  const random = createRandom(((seed >>> 0) ^ Math.floor(seed / 0x100000000) ^ Math.imul(seat + 1, 0x9e3779b9)) >>> 0);
  Math.random = () => random.next();
}

export async function loadForDebugging(file: string): Promise<DebugBot> {
  const dir = mkdtempSync(path.join(tmpdir(), 'xix-rerun-'));
  const out = path.join(dir, `${path.basename(file).replace(/\.[cm]?[jt]s$/, '')}.mjs`);
  try {
    const built = await build({
      entryPoints: [path.resolve(file)],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'neutral',
      target: 'es2024',
      sourcemap: 'inline',
      alias: { '@xix/sdk': SDK_ENTRY },
      logLevel: 'silent',
    }).catch((error: unknown) => error as { errors?: { text: string; location: { file: string; line: number; column: number } | null }[] });
    if (!('outputFiles' in built) || built.outputFiles === undefined) {
      const first = (built as { errors?: { text: string; location: { file: string; line: number; column: number } | null }[] }).errors?.[0];
      const where = first?.location ? `${first.location.file}:${first.location.line}:${first.location.column + 1}: ` : '';
      return { ok: false, message: `cannot compile ${file}: ${where}${first?.text ?? 'unknown error'}` };
    }
    writeFileSync(out, built.outputFiles[0]!.text);
    // Module code runs now: with the harness's load-time seed, as in the sandbox.
    seedMathRandom(0, 0);
    const module = (await import(pathToFileURL(out).href)) as { default?: unknown };
    const bot = module.default as AnyBot | undefined;
    if (typeof bot?.decide !== 'function') return { ok: false, message: `${file} is not a bot: its default export needs a decide(view) function` };
    return { ok: true, bot };
  } catch (error) {
    return { ok: false, message: `${file} failed to load: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    // Kept while the process lives: a debugger may read the module's file.
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
}

/**
 * A bot's bundle carries only the engine code it uses. A game module declares its game with a
 * top-level `defineGame(...)` call; esbuild keeps a top-level call it cannot prove free of side
 * effects, and with it the game's whole rules, view code and codec, in every bundle that uses any
 * helper the module re-exports (the XIX heuristic's bundle grew from 11 to 28 KiB so). The call,
 * and every call in its arguments, is marked `/* @__PURE__ *\/`; this checks it for every game.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { GAMES } from '@xix/engine';

const gameModule = (id: string): string => fileURLToPath(new URL(`../../../engine/src/games/${id}/index.ts`, import.meta.url));

/** The bundle of a script using the named exports of a game's module, as a bot's compile makes it. */
async function bundleUsing(id: string, names: readonly string[]): Promise<string> {
  const out = await build({
    stdin: { contents: `import { ${names.join(', ')} } from ${JSON.stringify(gameModule(id))};\nexport default [${names.join(', ')}];\n`, loader: 'ts', resolveDir: process.cwd() },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'neutral',
    target: 'es2024',
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}

describe('a bot bundle without the game object', () => {
  for (const game of GAMES.values()) {
    it(`game ${game.id}: its module's helpers bundle without the game's definition`, async () => {
      const exports = Object.entries(await import(gameModule(game.id)));
      const gameName = exports.find(([, value]) => value === game)?.[0];
      expect(gameName, `game ${game.id}: engine/src/games/${game.id}/index.ts exports the game`).toBeDefined();
      expect(await bundleUsing(game.id, [gameName!])).toContain('defineGame');
      const helpers = exports.map(([name]) => name).filter((name) => name !== gameName);
      if (helpers.length === 0) return;
      const code = await bundleUsing(game.id, helpers);
      expect(code.includes('defineGame'), `game ${game.id}: a bundle of its helpers keeps defineGame(...): mark the call and the calls in its arguments /* @__PURE__ */`).toBe(false);
    });
  }
});

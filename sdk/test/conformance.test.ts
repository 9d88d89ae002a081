/**
 * The SDK's part of "a game is a module", for every game of the engine's registry (the fixture
 * game nim too: the tests run with the test-only switch on). Each game needs its SDK module
 * (src/games/<id>/index.ts), a new-bot template (templates/<id>/bot.ts) and a `random` house bot
 * (examples/<id>/random.ts); the template and the random bot compile as an upload would (the
 * sandbox's compiler: `@xix/sdk` and nothing else) and play a legal game at the game's smallest and
 * largest tables, in-process through the referee. A failure names the game and the missing piece.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FIXTURE_GAMES_SWITCH, GAMES, verifyReplay, type AnyGame } from '@xix/engine';
import { playMatch, trustedPlayer } from '@xix/referee';
import { BUNDLE_GLOBAL, compileBot } from '@xix/sandbox';
import { describe, expect, it } from 'vitest';
import type { AnyBot } from '../src/bot.ts';
import { SDK_DIR, examplesDir, houseBotFile, houseBotFiles, templateFile } from '../src/games/files.ts';

const REPO = path.dirname(SDK_DIR);
const named = (file: string): string => path.relative(REPO, file);

/** The files every game needs in the SDK, by what they are. */
function requiredPieces(game: AnyGame): (readonly [string, string])[] {
  return [
    ['its SDK module (types and define function)', path.join(SDK_DIR, 'src', 'games', game.id, 'index.ts')],
    ['a new-bot template', templateFile(game.id)],
    ['a random house bot', path.join(examplesDir(game.id), 'random.ts')],
  ];
}

/** A fresh instance of a compiled bot (each seat its own, as in the sandbox). */
function instance(code: string): AnyBot {
  return (new Function(`${code}\nreturn ${BUNDLE_GLOBAL};`)() as { default: AnyBot }).default;
}

const games = [...GAMES.values()].map((game) => [game.id, game] as const);

describe.each(games)('the SDK of game %s', (id, game) => {
  it('has its SDK module, a new-bot template and a random house bot', () => {
    const missing = requiredPieces(game).filter(([, file]) => !existsSync(file)).map(([what, file]) => `game ${id} has no ${named(file)} (${what})`);
    expect(missing).toEqual([]);
  });

  it.each(['random house bot', 'new-bot template'])('its %s compiles with the sandbox\'s compiler and plays legal games at the smallest and largest tables', async (which) => {
    const file = which === 'random house bot' ? houseBotFile(id, 'random') : templateFile(id);
    expect(file === undefined || !existsSync(file) ? `game ${id} has no ${which}` : null).toBeNull();
    const compiled = await compileBot({ entry: file! });
    expect(compiled.ok ? null : `the ${which} of game ${id} does not compile: ${compiled.message}`).toBeNull();
    const code = (compiled as { code: string }).code;
    for (const seats of new Set([game.seats.min, game.seats.max])) {
      for (const seed of [1, 2]) {
        const players = Array.from({ length: seats }, (_, seat) => trustedPlayer(instance(code), `seat ${seat}`));
        const { replay } = playMatch({ game, setup: game.randomSetup(seed, seats), seed, players });
        expect(replay.forfeit === null ? null : `the ${which} of game ${id} forfeited at ${seats} seats (${replay.forfeit.verdict}): ${replay.forfeit.message}`).toBeNull();
        const verified = verifyReplay(replay);
        expect(verified.ok ? null : `a game of the ${which} of game ${id} does not verify: ${verified.reason}`).toBeNull();
      }
    }
  });

  it('has a new-bot template whose pointers to docs/ name files that exist (issue 17 item 7: 1923\'s rules are docs/rules-1923.md)', () => {
    const text = existsSync(templateFile(id)) ? readFileSync(templateFile(id), 'utf8') : '';
    const missing = [...text.matchAll(/\bdocs\/[\w.-]+\.md\b/g)].map(([doc]) => doc).filter((doc) => !existsSync(path.join(REPO, doc)));
    expect(missing.map((doc) => `the template of game ${id} points at ${doc}, which does not exist`)).toEqual([]);
    if (id === '1923') expect(text).toContain('docs/rules-1923.md');
  });

  it('lists its house bots by the folder convention: random first, no tests', () => {
    const bots = houseBotFiles(id);
    expect(bots[0]?.name).toBe('random');
    expect(bots.every((bot) => path.dirname(bot.file) === examplesDir(id) && !bot.file.endsWith('.test.ts'))).toBe(true);
  });
});

describe('the SDK module of the fixture game', () => {
  /** The engine's modules a fresh Node process loads when it imports `@xix/sdk` (then, optionally, the fixture games). */
  function engineGamesLoaded(switchOn: boolean, loadFixtures: boolean): string[] {
    const script = [
      "import { registerHooks } from 'node:module';",
      'const loaded = [];',
      'registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });',
      "await import('@xix/sdk');",
      loadFixtures ? "await (await import('@xix/engine')).loadFixtureGames();" : '',
      'console.log(JSON.stringify(loaded));',
    ].join('\n');
    const env = { ...process.env, [FIXTURE_GAMES_SWITCH]: switchOn ? '1' : '0' };
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: SDK_DIR, env, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    return (JSON.parse(run.stdout) as string[]).filter((url) => url.includes('/engine/src/games/')).map((url) => url.slice(url.indexOf('/engine/src/games/') + '/engine/src/games/'.length));
  }

  it('loads nothing of the engine\'s nim: its types are erased, its define function is the SDK\'s own', () => {
    expect(engineGamesLoaded(false, false).filter((file) => file.startsWith('nim/'))).toEqual([]);
    expect(engineGamesLoaded(true, false).filter((file) => file.startsWith('nim/'))).toEqual([]);
    // The switch and the registry's loader are what load it (and the check above would see it).
    expect(engineGamesLoaded(true, true)).toContain('nim/index.ts');
  });
});

/**
 * The CLI's part of "a game is a module", for every game of the engine's registry (the fixture
 * game nim too: the tests run with the test-only switch on): `xix new-bot --game ID` makes a
 * folder that `xix check` finds ready, `xix play --game ID random random` plays the game's random
 * house bot by name, and `xix replay show` prints the replay (the game's own text, or the generic
 * fallback). Then the generic `--option` and the entrant count checked at the door.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GAMES, entrantCounts, parseReplay, type AnyGame, type Replay } from '@xix/engine';
import { validationGamesPerDeal } from '@xix/referee';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOneLineError, runXix } from './test/run-xix.ts';

let dir: string;

beforeAll(() => {
  // Outside the repository, as a bot author's folder would be.
  dir = mkdtempSync(path.join(tmpdir(), 'xix-conformance-'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const readReplay = (file: string): Replay => parseReplay(JSON.parse(readFileSync(file, 'utf8')));

describe.each([...GAMES.values()].map((game) => [game.id, game] as const))('the xix command with game %s', (id, game) => {
  it('new-bot --game makes a bot that check finds ready to upload', () => {
    const made = runXix(dir, 'new-bot', `bot-${id}`, '--game', id);
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    const checked = runXix(path.join(dir, `bot-${id}`), 'check', 'bot.ts', '--game', id, '--games', String(validationGamesPerDeal(game)));
    expect(checked.stderr).toBe('');
    expect(checked.stdout.trimEnd().split('\n').at(-1), `xix check of game ${id}'s new bot:\n${checked.stdout}`).toBe('ready to upload');
    expect(checked.code).toBe(0);
  });

  it('play finds the game\'s random house bot by name, and replay show prints its replay', () => {
    const bots = Array.from({ length: entrantCounts(game)[0]! }, () => 'random');
    const played = runXix(dir, 'play', '--game', id, ...bots, '--games', String(bots.length), '--seed', '7', '--replays', `replays-${id}`);
    expect(played.stderr).toBe('');
    expect(played.code).toBe(0);
    const replay = readReplay(path.join(dir, `replays-${id}`, 'game-1.json'));
    expect(replay.game.id).toBe(id);
    expect(replay.forfeit).toBeNull();
    const shown = runXix(dir, 'replay', 'show', path.join(`replays-${id}`, 'game-1.json'));
    expect(shown.stderr).toBe('');
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/^result/m);
  });
});

describe('game options and entrant counts, checked at the door', () => {
  it('--option sets a game option for every game of the series, recorded in the replays\' setup', () => {
    const run = runXix(dir, 'play', '--game', 'nim', 'random', 'random', '--option', 'stones=7', '--games', '2', '--seed', '3', '--replays', 'seven');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe('random vs random (2): 2 games (1 deal, each played from both seats), seed 3, options stones=7');
    for (const file of ['game-1.json', 'game-2.json']) expect(readReplay(path.join(dir, 'seven', file)).setup).toMatchObject({ stones: 7 });
  });

  it('an unknown option, a bad value or an option given twice is one line naming what the game takes', () => {
    expectOneLineError(runXix(dir, 'play', '--game', 'nim', 'random', 'random', '--option', 'rocks=3'), /^xix: nim has no option rocks; its options: stones$/);
    expectOneLineError(runXix(dir, 'play', '--game', 'nim', 'random', 'random', '--option', 'stones=99'), /^xix: option stones of nim takes a whole number from 5 to 60, not 99$/);
    expectOneLineError(runXix(dir, 'play', '--game', 'nim', 'random', 'random', '--option', 'stones=many'), /^xix: option stones of nim takes a whole number from 5 to 60, not "many"$/);
    expectOneLineError(runXix(dir, 'play', '--game', 'nim', 'random', 'random', '--option', 'stones=7', '--option', 'stones=8'), /^xix: option stones is given twice$/);
    expectOneLineError(runXix(dir, 'play', 'random', 'random', '--option', 'decks=1'), /^xix: xix has no options, got decks$/);
    expectOneLineError(runXix(dir, 'play', '--game', 'nim', 'random', 'random', '--option', 'stones'), /^xix: an option is name=value, got "stones"$/);
    // The game's own checks, at the table the bots sit at: 1923 has 1 to ⌈seats/3⌉ decks (T1).
    expectOneLineError(runXix(dir, 'play', '--game', '1923', 'random', 'random', '--option', 'decks=2'), /^xix: option decks: 2 seats play with 1 to 1 deck\(s\) \(T1\), not 2$/);
    // check takes the options too, checked before it reads the bot.
    expectOneLineError(runXix(dir, 'check', 'none.ts', '--game', 'nim', '--option', 'stones=4'), /^xix: option stones of nim takes a whole number from 5 to 60, not 4$/);
  });

  it('a number of bots no table of the game seats is one line naming the counts it allows', () => {
    expectOneLineError(runXix(dir, 'play', '--game', 'nim', 'random', 'random', 'random', 'random', 'random'), /^xix: nim is played by 2–4 entrants, not 5$/);
    expectOneLineError(runXix(dir, 'play', 'random', 'random', 'random'), /^xix: xix is played by 2 entrants, not 3$/);
  });
});

/** `xix play --game G`: a house bot's name finds that game's own bot (sdk/examples/<id>/), and only a bot the game has. */
import path from 'node:path';
import { findGame } from '@xix/engine';
import { describe, expect, it } from 'vitest';
import { findBotFile } from '../bot-load.ts';
import { findEntrants } from '../players.ts';

describe('findEntrants for a game', () => {
  const files = (game: string, names: readonly string[]): string[] => findEntrants(names, findGame(game)!).map((e) => e.file.split(path.sep).slice(-3).join('/'));

  it('takes each game\'s house bots from its own folder of examples', () => {
    expect(files('xix', ['random', 'heuristic', 'search'])).toEqual(['examples/xix/random.ts', 'examples/xix/heuristic.ts', 'examples/xix/search.ts']);
    expect(files('1923', ['random', 'heuristic'])).toEqual(['examples/1923/random.ts', 'examples/1923/heuristic.ts']);
    expect(files('nim', ['random'])).toEqual(['examples/nim/random.ts']);
  });

  it('refuses a house bot of another game, naming the game\'s own', () => {
    expect(findBotFile('search', findGame('1923')!)).toEqual({ ok: false, message: 'no bot named search: not a file, nor a house bot of 1923 (random, heuristic)' });
    expect(findBotFile('heuristic', findGame('nim')!)).toEqual({ ok: false, message: 'no bot named heuristic: not a file, nor a house bot of nim (random)' });
  });
});

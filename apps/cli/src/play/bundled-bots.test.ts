/** `xix play --game G`: a bundled bot's name finds the game's own bot where the game has one. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findEntrants } from '../players.ts';

describe('findEntrants for a game', () => {
  it('takes sdk/examples/1923/ for 1923, the XIX bots for xix, and a XIX bot where 1923 has none', () => {
    const files = (game: string): string[] => findEntrants(['random', 'heuristic', 'search'], game).map((e) => e.file.split(path.sep).slice(-2).join('/'));
    expect(files('1923')).toEqual(['1923/random.ts', '1923/heuristic.ts', 'examples/search.ts']);
    expect(files('xix')).toEqual(['examples/random.ts', 'examples/heuristic.ts', 'examples/search.ts']);
  });
});

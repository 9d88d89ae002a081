import { describe, expect, it } from 'vitest';
import { decidedBy, parseStoredLog, storedLog } from '../src/index.ts';

// seat 0 decides moves 1, 3 and 5 of a 5-move replay; seat 1 forfeits at decision 6
const replay = { moves: [0, 1, 0, 1, 0].map((seat) => ({ seat })), forfeit: { seat: 1 } } as never;

describe('a stored bot log', () => {
  it('reads back what each decision printed, lines and all', () => {
    const entries = [{ move: 1, text: 'thinking\nplayed the 7' }, { move: 3, text: '' }, { move: 5, text: 'last' }];
    const { entries: read, unplaced } = parseStoredLog(storedLog(entries), (move) => decidedBy(replay, 0, move));
    expect(read).toEqual([{ move: 1, text: 'thinking\nplayed the 7\n' }, { move: 3, text: '' }, { move: 5, text: 'last\n' }]);
    expect(unplaced).toBe('');
  });

  it('keeps a printed "[move K]" line inside the entry when the seat did not decide move K', () => {
    const text = storedLog([{ move: 1, text: 'see below\n[move 2] not mine' }, { move: 3, text: 'mine' }]);
    expect(parseStoredLog(text, (move) => decidedBy(replay, 0, move)).entries).toEqual([
      { move: 1, text: 'see below\n[move 2] not mine\n' },
      { move: 3, text: 'mine\n' },
    ]);
  });

  it('places the forfeited decision after the last move, and keeps text before any entry apart', () => {
    expect([6, 5, 0].map((move) => decidedBy(replay, 1, move))).toEqual([true, false, false]);
    const { entries, unplaced } = parseStoredLog(`damaged\n${storedLog([{ move: 6, text: 'threw' }])}`, (move) => decidedBy(replay, 1, move));
    expect(entries).toEqual([{ move: 6, text: 'threw\n' }]);
    expect(unplaced).toBe('damaged\n');
  });
});

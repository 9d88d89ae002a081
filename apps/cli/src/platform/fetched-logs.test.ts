/** The platform's stored bot logs, turned into the `.log` format `xix replay show --seat` reads. */
import type { Replay } from '@xix/engine';
import { describe, expect, it } from 'vitest';
import { logKey, parseBotLogs } from '../replay/bot-log.ts';
import { convertStoredLogs, parseStoredLog } from './fetched-logs.ts';

/** Only what the conversion reads: who made each move, and a forfeit by seat 1 at move 5. */
const REPLAY = {
  seats: [{ name: 'ada' }, { name: 'bob' }],
  moves: [{ seat: 0 }, { seat: 1 }, { seat: 0 }, { seat: 1 }],
  forfeit: { seat: 1, verdict: 'timeout', message: 'too slow' },
} as unknown as Replay;

describe('parseStoredLog', () => {
  it('splits the worker\'s entries, keeps multi-line output whole and drops the separating empty line', () => {
    const stored = ['[move 1] first\nsecond\n', '[move 3] third\n'].join('\n');
    expect(parseStoredLog(stored, () => true)).toEqual({ entries: [{ move: 1, text: 'first\nsecond\n' }, { move: 3, text: 'third\n' }], unplaced: '' });
  });

  it('a line that only looks like an entry (not a later decision of the seat) stays the bot\'s text', () => {
    const ownMoves = new Set([1, 3]);
    const stored = ['[move 1] a\n[move 2] printed by the bot\n', '[move 3] b\n[move 1] printed again\n'].join('\n');
    expect(parseStoredLog(stored, (move) => ownMoves.has(move)).entries).toEqual([
      { move: 1, text: 'a\n[move 2] printed by the bot\n' },
      { move: 3, text: 'b\n[move 1] printed again\n' },
    ]);
  });

  it('keeps text before the first entry apart', () => {
    expect(parseStoredLog('lost\n[move 1] a\n', () => true)).toEqual({ entries: [{ move: 1, text: 'a\n' }], unplaced: 'lost\n' });
  });
});

describe('convertStoredLogs', () => {
  it('writes both seats\' entries in move order under the headers replay show reads, the forfeited decision included', () => {
    const text = convertStoredLogs(
      [
        { seat: 1, text: ['[move 2] b2\n', '[move 5] last words\n'].join('\n') },
        { seat: 0, text: ['[move 1] a1\n', '[move 3] a3\nmore\n'].join('\n') },
      ],
      REPLAY,
    );
    expect(text).toBe('move 1, seat 0 (ada):\na1\nmove 2, seat 1 (bob):\nb2\nmove 3, seat 0 (ada):\na3\nmore\nmove 5, seat 1 (bob):\nlast words\n');
    const read = parseBotLogs(text);
    expect(read.byMove.get(logKey(0, 3))).toBe('a3\nmore');
    expect(read.byMove.get(logKey(1, 5))).toBe('last words');
  });

  it('gives nothing for seats that printed nothing', () => {
    expect(convertStoredLogs([{ seat: 0, text: '' }], REPLAY)).toBe('');
    expect(convertStoredLogs([], REPLAY)).toBe('');
  });
});

/** The replay format: parsing rejects what is not a replay; verification finds the first bad step. */
import { describe, expect, it } from 'vitest';
import { ReplayError, parseReplay, verifyReplay, xix, type Replay } from '../src/index.ts';
import { randomGame } from './games/xix/random-games.ts';

function recordedReplay(seed: number): Replay {
  const moves: { seat: number; action: unknown }[] = [];
  const end = randomGame(seed, seed + 1, ({ seat, action }) => moves.push({ seat, action }));
  return parseReplay({
    format: 'xix-arena.replay',
    formatVersion: 1,
    game: { id: 'xix', version: xix.version },
    seed,
    setup: xix.setupOf(end),
    seats: [{ name: 'a' }, { name: 'b' }],
    moves,
    forfeit: null,
    result: xix.result(end),
  });
}

const edit = (replay: Replay, change: (copy: Record<string, any>) => void): Replay => {
  const copy = JSON.parse(JSON.stringify(replay));
  change(copy);
  return copy;
};

describe('parseReplay', () => {
  it.each([
    ['a number', 5, /expected a JSON object/],
    ['another format', { format: 'pgn' }, /"format" must be/],
    ['a newer format version', { format: 'xix-arena.replay', formatVersion: 9 }, /unsupported formatVersion 9/],
  ])('rejects %s with a ReplayError that says why', (_, value, message) => {
    expect(() => parseReplay(value)).toThrow(ReplayError);
    expect(() => parseReplay(value)).toThrow(message);
  });

  it('rejects a move without a seat and a bad forfeit verdict', () => {
    const replay = recordedReplay(1);
    expect(() => parseReplay(edit(replay, (r) => delete r.moves[3].seat))).toThrow('move 4 must be { seat, action }');
    expect(() => parseReplay(edit(replay, (r) => (r.forfeit = { seat: 0, verdict: 'bored', message: '' })))).toThrow(/forfeit.verdict/);
  });
});

describe('verifyReplay', () => {
  it('accepts a recorded game', () => {
    expect(verifyReplay(recordedReplay(2)).ok).toBe(true);
  });

  it('reports the first illegal step', () => {
    const bad = edit(recordedReplay(3), (r) => (r.moves[4].action = { type: 'play', card: 99 }));
    expect(verifyReplay(bad)).toEqual({ ok: false, step: 5, reason: expect.stringContaining('card must be an integer from 1 to 18') });
  });

  it('reports a move by the wrong seat', () => {
    const bad = edit(recordedReplay(4), (r) => (r.moves[0].seat = 1 - r.moves[0].seat));
    expect(verifyReplay(bad)).toMatchObject({ ok: false, step: 1, reason: expect.stringMatching(/was to move/) });
  });

  it('reports a result that re-simulation does not give', () => {
    const bad = edit(recordedReplay(5), (r) => (r.result.winner = 1 - r.result.winner));
    expect(verifyReplay(bad)).toMatchObject({ ok: false, step: null, reason: expect.stringMatching(/recorded result/) });
  });

  it('reports a replay that stops early without a forfeit, and accepts it with one', () => {
    const early = edit(recordedReplay(6), (r) => (r.moves = r.moves.slice(0, 10)));
    expect(verifyReplay(early)).toMatchObject({ ok: false, reason: expect.stringMatching(/ends before the game does/) });
    const state = xix.start(xix.parseSetup(early.setup));
    for (const move of early.moves) xix.apply(state, move.action as never);
    const forfeiting = xix.toMove(state)!;
    const forfeited = edit(early, (r) => {
      r.forfeit = { seat: forfeiting, verdict: 'timeout', message: 'decision took 150 ms' };
      r.result = { winner: 1 - forfeiting, points: [...state.points], reason: 'forfeit' };
    });
    expect(verifyReplay(forfeited)).toEqual({ ok: true, result: forfeited.result, moves: 10 });
  });

  it('refuses unknown games and other rules versions', () => {
    expect(verifyReplay(edit(recordedReplay(7), (r) => (r.game.id = 'chess')))).toMatchObject({ ok: false, reason: 'unknown game "chess"' });
    expect(verifyReplay(edit(recordedReplay(7), (r) => (r.game.version = '0.1.0')))).toMatchObject({ ok: false, reason: expect.stringMatching(/this engine plays/) });
  });
});

/**
 * §5: a 69 replay carries each round's deck order, every pulled card and the totals after every
 * round, and re-simulates from them alone; each round's deck depends only on the deal (seed, round).
 */
import { describe, expect, it } from 'vitest';
import { createReplay, parseReplay, replayStates, sixtyNine as game, verifyReplay, type Replay, type ReplayMove, type SixtyNineState } from '../../../src/index.ts';
import { randomPrefix } from './script.ts';

function recorded(seed: number, actions: number, seats: number): { end: SixtyNineState; replay: Replay } {
  const moves: ReplayMove[] = [];
  const end = randomPrefix(seed, actions, seats, Infinity, ({ seat, action }) => moves.push({ seat, action: JSON.parse(JSON.stringify(action)) as unknown }));
  const names = Array.from({ length: seats }, (_, seat) => `random-${seat}`);
  const replay = parseReplay(JSON.parse(JSON.stringify(createReplay(game, { seed, setup: game.setupOf(end), seats: names, moves, forfeit: null, result: game.result(end)! }))));
  return { end, replay };
}

/** A 6-seat game (8 cards left in the deck) pulls in almost every round. */
const { end, replay } = recorded(21, 22, 6);
const setup = replay.setup as ReturnType<typeof game.setupOf>;

describe('69 replays (§5)', () => {
  it('record every round’s deck, its pulls and the totals after it, and verify', () => {
    expect(setup.decks).toHaveLength(end.round);
    expect(setup.pulls).toHaveLength(end.round);
    expect(setup.totals).toHaveLength(end.past.length);
    expect(setup.pulls.flat().length).toBeGreaterThan(0);
    expect(setup.totals.at(-1)).toEqual(game.result(end)!.points);
    expect(verifyReplay(replay)).toEqual({ ok: true, result: game.result(end), moves: replay.moves.length });
  });

  it('re-simulate from the recorded decks and pulls alone, whatever the seeds say', () => {
    const reseeded = { ...replay, setup: { ...setup, dealSeed: (setup.dealSeed + 1) % 2 ** 32, pullSeed: (setup.pullSeed + 7) % 2 ** 32 } };
    expect(verifyReplay(reseeded)).toMatchObject({ ok: true });
    const run = replayStates(game, reseeded);
    if (!run.ok) throw new Error(run.reason);
    expect(game.spectatorView(run.state as SixtyNineState).rounds).toEqual(game.spectatorView(end).rounds);
  });

  it('reject a replay whose recorded totals or pulls contradict the play', () => {
    const totals = setup.totals.map((list) => list.slice());
    totals[0]![0]! += 1;
    const badTotals = verifyReplay({ ...replay, setup: { ...setup, totals } });
    expect(badTotals).toMatchObject({ ok: false, reason: /setup\.totals\[0\]/ });
    const round = setup.pulls.findIndex((list) => list.length > 0);
    const pulls = setup.pulls.map((list) => list.slice());
    const decks = setup.decks.map((deck) => deck.slice());
    // A pulled card that is the round's opening flip cannot be in any hand.
    pulls[round]![0] = decks[round]![10 * 6]!;
    expect(verifyReplay({ ...replay, setup: { ...setup, pulls } })).toMatchObject({ ok: false, reason: /setup\.pulls/ });
  });

  it('deals the same cards in every seat rotation: round r’s deck depends on the deal and r only', () => {
    const other = randomPrefix(21, 99, 6);
    const rounds = Math.min(other.decks.length, end.decks.length);
    expect(rounds).toBeGreaterThan(1);
    for (let r = 0; r < rounds; r++) expect(other.decks[r]).toEqual(end.decks[r]);
  });
});

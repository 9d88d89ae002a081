/** The invariants of RULINGS-1923 §3 over random games at every seat count, and replay verification. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createReplay, nineteenTwentyThree as game, parseReplay, verifyReplay, type ReplayMove, type NineteenTwentyThreeState } from '../../../src/index.ts';
import { randomGame } from './script.ts';

const games = fc.record({ deal: fc.nat(), actions: fc.nat(), seats: fc.integer({ min: 2, max: 9 }) });
const runs = { numRuns: 150 };

const pilesTotal = (s: NineteenTwentyThreeState) => s.piles.reduce((n, pile) => n + pile.length, 0);

describe('1923 random games', () => {
  it('account for every card exactly once: shoe, cards in front of seats, piles (conservation)', () => {
    fc.assert(
      fc.property(games, ({ deal, actions, seats }) => {
        randomGame(deal, actions, seats, (_, s) => {
          const places = [...s.shoe.slice(s.top), ...s.hands.flat(), ...s.piles.flat()];
          expect(places).toHaveLength(52 * s.setup.decks);
          expect(new Set(places).size).toBe(places.length);
        });
      }),
      runs,
    );
  });

  it('give each seat one hole card and count − 1 seen cards while it draws; a hit takes one shoe card', () => {
    fc.assert(
      fc.property(games, ({ deal, actions, seats }) => {
        randomGame(deal, actions, seats, ({ before }, after) => {
          if (after.over || after.round !== before.round) return;
          for (let seat = 0; seat < seats; seat++) {
            const view = game.view(after, seat);
            expect(view.seen).toHaveLength(view.players[seat]!.cards - 1);
            expect(after.hands[seat]!.length).toBeGreaterThanOrEqual(before.hands[seat]!.length);
          }
          const hits = after.hands.reduce((n, hand, seat) => n + hand.length - before.hands[seat]!.length, 0);
          expect(after.top - before.top).toBe(hits);
        });
      }),
      runs,
    );
  });

  it('grow the winner’s pile by the round’s cards, never shrink a pile, and use ≥ 2n cards a round (n in war)', () => {
    fc.assert(
      fc.property(games, ({ deal, actions, seats }) => {
        randomGame(deal, actions, seats, ({ before }, after) => {
          after.piles.forEach((pile, seat) => expect(pile.length).toBeGreaterThanOrEqual(before.piles[seat]!.length));
          const finished = after.rounds.slice(before.rounds.length);
          expect(pilesTotal(after) - pilesTotal(before)).toBe(finished.reduce((n, round) => n + round.cards, 0));
          for (const round of finished) {
            expect(round.cards).toBeGreaterThanOrEqual(round.war ? seats : 2 * seats);
            expect(round.hands.flat().length + round.drawOffs.reduce((n, pass) => n + pass.cards.length, 0)).toBe(round.cards);
          }
        });
      }),
      runs,
    );
  });

  it('end with fewer than n cards left (dead), or none, and a result whose ranks follow the piles', () => {
    fc.assert(
      fc.property(games, ({ deal, actions, seats }) => {
        const end = randomGame(deal, actions, seats);
        expect(game.publicView(end).shoe).toBeLessThan(seats);
        const result = game.result(end)!;
        expect(result.points).toEqual(end.piles.map((pile) => pile.length));
        for (let a = 0; a < seats; a++) for (let b = 0; b < seats; b++) if (result.points[a]! > result.points[b]!) expect(result.ranks![a]!).toBeLessThan(result.ranks![b]!);
      }),
      runs,
    );
  });
});

describe('1923 replays', () => {
  const recorded = (seed: number, seats: number) => {
    const moves: ReplayMove[] = [];
    const end = randomGame(seed, seed + 1, seats, ({ seat, action }) => moves.push({ seat, action }));
    const names = Array.from({ length: seats }, (_, seat) => `bot${seat}`);
    return { end, replay: parseReplay(JSON.parse(JSON.stringify(createReplay(game, { seed, setup: game.setupOf(end), seats: names, moves, forfeit: null, result: game.result(end)! })))) };
  };

  it('verify after a JSON round trip at every seat count, and reject a changed result or move', () => {
    for (let seats = 2; seats <= 9; seats++) {
      const { replay } = recorded(seats * 7, seats);
      expect(verifyReplay(replay)).toEqual({ ok: true, result: replay.result, moves: replay.moves.length });
      const ranks = [...replay.result.ranks!].reverse();
      expect(verifyReplay({ ...replay, result: { ...replay.result, ranks } })).toMatchObject({ ok: false, reason: expect.stringMatching(/recorded result/) });
      const moves = replay.moves.map((move, i) => (i === 0 ? { ...move, action: { type: 'stand' } } : move));
      expect(verifyReplay({ ...replay, moves })).toMatchObject({ ok: false, step: 1 });
    }
  });

  it('re-simulate from the recorded lots (T9) and refuse a setup whose lot names a seat that was not tied', () => {
    let checked = 0;
    for (let seed = 0; seed < 400 && checked < 3; seed++) {
      const { end, replay } = recorded(seed, 3);
      const lotRound = end.rounds.find((round) => round.lot !== null && round.lot.length < 3);
      if (lotRound === undefined) continue;
      const outsider = [0, 1, 2].find((seat) => !lotRound.lot!.includes(seat))!;
      const lotIndex = end.rounds.filter((round) => round.lot !== null && round.round < lotRound.round).length;
      const setup = replay.setup as { lots: number[] };
      const lots = setup.lots.map((seat, i) => (i === lotIndex ? outsider : seat));
      expect(verifyReplay({ ...replay, setup: { ...setup, lots } })).toMatchObject({ ok: false, reason: expect.stringMatching(/not among the tied seats/) });
      checked++;
    }
    expect(checked).toBe(3);
  });
});

/**
 * Nineteen in the terminal: a seat's text (`replay show --seat`, `replay rerun`) names no card the
 * seat could not know (N5, N6, N21) and its history only grows; then `xix play` at every table
 * size (2–6 seats, with the rule options), `replay show` and `replay show --seat` end to end.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { createRandom, nineteen, parseReplay, resolveOptions } from '@xix/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runXix } from '../../test/run-xix.ts';
import { history, situation } from './seat.ts';

/** The card codes a seat may not know now: other hands (flip cards aside), the kitty unless it took it, others' discards, the stock. */
function hiddenFrom(state: ReturnType<typeof nineteen.start>, seat: number): Set<string> {
  const truth = nineteen.spectatorView(state);
  const hand = truth.hands.at(-1)!;
  const flips = new Set(hand.flips.map((f) => f.card));
  const hidden = [
    ...truth.seatCards.flatMap((cards, other) => (other === seat ? [] : cards.filter((card) => !flips.has(card)))),
    ...(hand.bidder === seat && hand.trump !== null ? [] : truth.kittyCards),
    ...truth.stockCards,
    ...truth.own.flatMap((records, other) => (other === seat ? [] : (records.at(-1)?.discarded ?? []))),
  ];
  // A card played since is public again.
  const played = new Set(hand.tricks.flatMap((t) => t.cards));
  return new Set(hidden.filter((card) => !played.has(card)));
}

const tokens = (text: string): string[] => text.split(/[\s,:;()]+/);

describe("a seat's text", () => {
  it('N21: names no card hidden from the seat, whatever the table, options and moment; its history only grows', () => {
    const games = fc.tuple(fc.integer({ min: 2, max: 6 }), fc.boolean(), fc.boolean(), fc.nat({ max: 2 ** 31 }), fc.nat({ max: 5 }));
    fc.assert(
      fc.property(games, ([seats, shortSuit, reneging, deal, pick]) => {
        const seat = pick % seats;
        const state = nineteen.start(nineteen.randomSetup(deal, seats, resolveOptions(nineteen, seats, { shortSuit, reneging })));
        const random = createRandom(deal);
        let before: string[] = [];
        for (let step = 0; step < 120 && nineteen.toMove(state) !== null; step++) {
          const view = nineteen.view(state, seat);
          const events = history(view).map((e) => `${e.seat}:${e.text}:${e.decided}`);
          expect(events.slice(0, before.length)).toEqual(before);
          before = events;
          const hidden = hiddenFrom(state, seat);
          // Each hand has a fresh deck (N3): a code in an earlier hand's events names another card.
          const seen = history(view);
          const thisHand = seen.slice(seen.findLastIndex((e) => e.text.startsWith('deals hand')));
          const shown = tokens(`${situation(view)}\n${thisHand.map((e) => e.text).join('\n')}`);
          expect(shown.filter((token) => hidden.has(token))).toEqual([]);
          const legal = nineteen.legalActions(state);
          nineteen.apply(state, legal[random.int(legal.length)]!);
        }
      }),
      { numRuns: 25 },
    );
  });

  it('N5, N6: the bidder sees the kitty it took, the others its size; discard counts only once all have discarded', () => {
    const state = nineteen.start(nineteen.randomSetup(11, 3, resolveOptions(nineteen, 3)));
    while (nineteen.spectatorView(state).phase !== 'discard') nineteen.apply(state, nineteen.legalActions(state).at(-1)!);
    const hand = nineteen.spectatorView(state).hands.at(-1)!;
    const bidder = hand.bidder!;
    const other = (bidder + 1) % 3;
    expect(situation(nineteen.view(state, bidder))).toContain(`you took the kitty ${nineteen.view(state, bidder).own.at(-1)!.kitty!.join(' ')}`);
    expect(situation(nineteen.view(state, other))).toContain(`seat ${bidder} took the kitty (3 cards); discards: not all known yet`);
  });
});

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'xix-nineteen-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('xix play --game nineteen', () => {
  // The table from the number of bots (2: heads up, 5: cut-throat) or --seats (6: partnerships), the options through --option.
  it.each([
    [['heuristic', 'random'], [], 2],
    [['heuristic', 'random', 'random', 'random', 'random'], ['--option', 'shortSuit=true'], 5],
    [['random', 'heuristic'], ['--seats', '6', '--option', 'shortSuit=true', '--option', 'reneging=true'], 6],
  ] as const)('%j %j plays legal games at %i seats', (bots, flags, seats) => {
    const run = runXix(dir, 'play', '--game', 'nineteen', ...bots, ...flags, '--games', String(bots.length), '--seed', '3', '--trusted', '--replays', `r${seats}`);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const replay = parseReplay(JSON.parse(readFileSync(path.join(dir, `r${seats}`, 'game-1.json'), 'utf8')));
    expect(replay.seats).toHaveLength(seats);
    expect(replay.forfeit).toBeNull();
  });

  it('at 4 seats (--seats 4): replay show prints the whole game hand by hand; replay show --seat only what that seat knew', () => {
    const run = runXix(dir, 'play', '--game', 'nineteen', 'heuristic', 'random', '--seats', '4', '--option', 'reneging=true', '--games', '2', '--seed', '4', '--trusted', '--replays', 'r4');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const file = path.join('r4', 'game-1.json');
    const shown = runXix(dir, 'replay', 'show', file);
    expect(shown.stderr).toBe('');
    expect(shown.stdout).toMatch(/^Nineteen replay, 4 seats .*partners, options reneging/);
    expect(shown.stdout).toMatch(/^Hand 1: .* deals$/m);
    expect(shown.stdout).toMatch(/^ {2}kitty: \S+ \S+ \S+$/m);
    expect(shown.stdout).toMatch(/^ {2}trick 5: .* takes it/m);
    expect(shown.stdout).toMatch(/^result: .* after \d+ hands?: /m);
    const seat = runXix(dir, 'replay', 'show', file, '--seat', '3');
    expect(seat.stderr).toBe('');
    expect(seat.stdout).toMatch(/^move \d+: hand 1, dealer .*; you hold /m);
    expect(seat.stdout).toMatch(/^ {4}scores: side 0 \(seats 0, 2\) -?\d+, your side \(seats 1, 3\) -?\d+/m);
    // Never the whole deal, as replay show prints it.
    expect(seat.stdout).not.toMatch(/^Hand 1: |^ {2}kitty: /m);
  });
});

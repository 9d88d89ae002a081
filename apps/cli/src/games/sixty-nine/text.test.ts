/**
 * 69 in the terminal: a seat's text (`replay show --seat`, `replay rerun`) names no card the seat
 * could not know (S17: other hands before the round's end, the deck) and its history only grows;
 * then `xix play` at 4 seats, `replay show` and `replay show --seat` end to end.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { createRandom, parseReplay, sixtyNine } from '@xix/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runXix } from '../../test/run-xix.ts';
import { dealtHands } from './replay.ts';
import { history, situation } from './seat.ts';

const tokens = (text: string): string[] => text.split(/[\s,:;(){}[\]]+/);

describe("a seat's text", () => {
  it('S17: names no card of another hand or of the deck before the round ends, at any moment of a 2–6 seat game; its history only grows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 6 }), fc.nat({ max: 2 ** 31 }), fc.nat({ max: 5 }), (seats, deal, pick) => {
        const seat = pick % seats;
        const state = sixtyNine.start(sixtyNine.randomSetup(deal, seats));
        const random = createRandom(deal);
        let before: string[] = [];
        for (let step = 0; step < 150 && sixtyNine.toMove(state) !== null; step++) {
          const view = sixtyNine.view(state, seat);
          const events = history(view).map((e) => `${e.seat}:${e.text}:${e.decided}`);
          expect(events.slice(0, before.length)).toEqual(before);
          before = events;
          const truth = sixtyNine.spectatorView(state);
          const hidden = new Set([...truth.hands.flatMap((hand, other) => (other === seat ? [] : hand)), ...truth.deck]);
          // every round has all 69 cards (S5): only this round's events can name a hidden card
          const seen = history(view);
          const thisRound = seen.slice(seen.findLastIndex((e) => /^deals? round/.test(e.text)));
          const shown = tokens(`${situation(view)}\n${thisRound.map((e) => e.text).join('\n')}`);
          expect(shown.filter((token) => hidden.has(token))).toEqual([]);
          const legal = sixtyNine.legalActions(state);
          sixtyNine.apply(state, legal[random.int(legal.length)]!);
        }
      }),
      { numRuns: 25 },
    );
  });

  it('S17: the cards a replay shows as dealt are the deal: ten a seat, from the round\'s deck', () => {
    const state = sixtyNine.start(sixtyNine.randomSetup(5, 3));
    const random = createRandom(5);
    while (sixtyNine.publicView(state).rounds.length === 0) {
      const legal = sixtyNine.legalActions(state);
      sixtyNine.apply(state, legal[random.int(legal.length)]!);
    }
    const truth = sixtyNine.spectatorView(state);
    const dealt = dealtHands(truth.rounds[0]!);
    expect(dealt.map((hand) => hand.length)).toEqual([10, 10, 10]);
    expect(new Set(dealt.flat())).toEqual(new Set(truth.decks[0]!.slice(0, 30)));
  });
});

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'xix-sixty-nine-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('xix play --game sixty-nine', () => {
  it('at 4 seats plays legal games; replay show prints the game round by round, replay show --seat only what that seat knew', () => {
    const run = runXix(dir, 'play', '--game', 'sixty-nine', 'heuristic', 'random', 'random', 'random', '--games', '4', '--seed', '3', '--trusted', '--replays', 'r4');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const file = path.join('r4', 'game-1.json');
    const replay = parseReplay(JSON.parse(readFileSync(path.join(dir, file), 'utf8')));
    expect(replay.seats).toHaveLength(4);
    expect(replay.forfeit).toBeNull();
    const shown = runXix(dir, 'replay', 'show', file);
    expect(shown.stderr).toBe('');
    expect(shown.stdout).toMatch(/^69 replay, 4 seats /);
    expect(shown.stdout).toMatch(/^Round 1: .* deals$/m);
    expect(shown.stdout).toMatch(/^ {2}\S+ \[\d\] captures set \d+: /m);
    expect(shown.stdout).toMatch(/^ {2}scores .*; totals /m);
    expect(shown.stdout).toMatch(/^result: .* after \d+ rounds?: /m);
    const seat = runXix(dir, 'replay', 'show', file, '--seat', '3');
    expect(seat.stderr).toBe('');
    expect(seat.stdout).toMatch(/^move \d+: round 1, dealer .*; you hold /m);
    expect(seat.stdout).toMatch(/^ {4}totals: seat 0 \d+, seat 1 \d+, seat 2 \d+, you \d+ \(69 ends the game\)/m);
    // never the whole deal, as replay show prints it
    expect(seat.stdout).not.toMatch(/^Round 1: /m);
  });
});

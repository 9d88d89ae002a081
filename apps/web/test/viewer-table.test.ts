/**
 * The XIX renderer's table model (apps/web/src/games/xix/table.ts) over every state of
 * random games: it draws from the spectator, seat and public views exactly the cards those views
 * hold (R11: the public view and a seat's view know no card they may not), and the trick it shows
 * is taken by the seat that did not take a strike for it (R4, R5).
 */
import { describe, expect, it } from 'vitest';
import { createRandom, xix, type XixSpectatorView, type XixState } from '@xix/engine';
import { trickShown, xixTableOf } from '../src/games/xix/table.ts';

/** Every state of a game of random legal moves. */
function randomGame(seed: number): XixState[] {
  const random = createRandom(seed);
  const state = xix.start(xix.randomSetup(seed, 2));
  const states = [xix.clone(state)];
  while (xix.toMove(state) !== null) {
    const actions = xix.legalActions(state);
    xix.apply(state, actions[random.int(actions.length)]!);
    states.push(xix.clone(state));
  }
  return states;
}

describe('the XIX table model', () => {
  it('holds the cards of the view it is drawn from, and no other', () => {
    let states = 0;
    for (let seed = 1; seed <= 20; seed++) {
      for (const state of randomGame(seed)) {
        states++;
        const deal = xix.spectatorView(state) as XixSpectatorView;
        const all = xixTableOf(deal);
        expect(all.hands).toEqual(deal.hands);
        expect(all.row).toEqual(deal.strikeRow);
        expect(all.discard).toBe(deal.discard);

        const open = xixTableOf(xix.publicView(state));
        expect(open.viewer).toBeNull();
        expect(open.discard).toBeNull();
        open.hands.forEach((hand, seat) => {
          expect(hand.closed).toEqual(deal.hands[seat]!.closed.map(() => null));
          expect(hand.open).toEqual(deal.hands[seat]!.open);
        });
        expect(open.row).toEqual(deal.strikeRow.map((slot) => ({ faceUp: slot.faceUp, card: slot.faceUp ? slot.card : null })));

        for (const seat of [0, 1]) {
          const seen = xixTableOf(xix.view(state, seat));
          expect(seen.viewer).toBe(seat);
          expect(seen.hands[seat]).toEqual(deal.hands[seat]);
          const other = seen.hands[1 - seat]!;
          expect(other.closed).toHaveLength(deal.hands[1 - seat]!.closed.length);
          // a card it knows in the other's closed hand is really there (R11)
          for (const card of other.closed) if (card !== null) expect(deal.hands[1 - seat]!.closed).toContain(card);
        }
      }
    }
    expect(states).toBeGreaterThan(500);
  });

  it('shows the card led, then the trick taken by the seat that took no strike for it (R4, R5)', () => {
    let taken = 0;
    for (let seed = 1; seed <= 20; seed++) {
      for (const state of randomGame(seed)) {
        const view = xix.spectatorView(state);
        const trick = trickShown(xixTableOf(view));
        if (view.led !== null) {
          expect(trick).toEqual({ kind: 'led', seat: view.leader, card: view.led });
        } else if (trick.kind === 'taken') {
          taken++;
          // the strike decision after the two cards is the loser's (R5)
          const at = view.history.lastIndexOf(view.history.filter((e) => e.type === 'play').at(-1)!);
          const decision = view.history[at + 1];
          if (decision !== undefined) expect(decision.seat).toBe(1 - trick.taker);
          else expect([view.phase, view.toMove]).toEqual(['strike', 1 - trick.taker]);
          expect(trick.plays.map((play) => play.seat).sort()).toEqual([0, 1]);
        }
      }
    }
    expect(taken).toBeGreaterThan(100);
  });
});

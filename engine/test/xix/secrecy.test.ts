/**
 * R11: a seat's view holds only what the seat may know. Two states that differ only in cards
 * hidden from a seat must give that seat identical views.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_CARDS, ROW_SIZE, cardsOf, createRandom, shuffled, xix, type XixState } from '../../src/index.ts';
import { entryActionId, entrySeat, entryTook, logEntry } from '../../src/xix/log.ts';
import { TRADE_BASE, tradeId } from '../../src/xix/actions.ts';

/** Plays a random prefix and tracks the cards `seat` has ever seen (held or seen face up). */
function prefixWithSightings(deal: number, actions: number, steps: number, seat: 0 | 1): { state: XixState; seen: number } {
  const random = createRandom(actions);
  const state = xix.start(xix.randomSetup(deal, 2));
  let seen = 0;
  const look = () => {
    const v = xix.view(state, seat);
    const cards = [...v.hand.closed, ...v.hand.open, ...v.opponent.open, ...v.pool, ...(v.led ? [v.led] : [])];
    for (const slot of v.strikeRow) if (slot.faceUp && slot.card !== null) cards.push(slot.card);
    for (const c of cards) seen |= 1 << c;
  };
  look();
  for (let i = 0; i < steps && xix.toMove(state) !== null; i++) {
    const legal = xix.legalActions(state);
    xix.apply(state, legal[random.int(legal.length)]!);
    look();
  }
  return { state, seen };
}

/** The same state with hidden cards renamed by `rename` everywhere they appear. */
function renameCards(s: XixState, rename: (card: number) => number): XixState {
  const set = (mask: number) => cardsOf(mask).reduce((out, c) => out | (1 << rename(c)), 0);
  const copy = xix.clone(s);
  copy.closed = [set(s.closed[0]), set(s.closed[1])];
  copy.open = [set(s.open[0]), set(s.open[1])];
  copy.known = [set(s.known[0]), set(s.known[1])];
  copy.row = s.row.map(rename);
  copy.log = s.log.map((entry) => {
    const id = entryActionId(entry);
    if (id < TRADE_BASE) return entry;
    const card = Math.floor((id - TRADE_BASE) / ROW_SIZE) + 1;
    const slot = (id - TRADE_BASE) % ROW_SIZE;
    const flags = entry & ~(0x7f << 1) & ~1 & ((1 << 11) - 1);
    return logEntry(entrySeat(entry) as 0 | 1, tradeId(rename(card), slot), flags, rename(entryTook(entry)));
  });
  return {
    ...copy,
    setup: {
      hands: [s.setup.hands[0].map(rename), s.setup.hands[1].map(rename)],
      strikeRow: s.setup.strikeRow.map(rename),
      discard: rename(s.setup.discard),
      firstLeader: s.setup.firstLeader,
    },
  };
}

describe('view secrecy (R11)', () => {
  it('gives a seat identical views of states that differ only in cards hidden from it', () => {
    let permutedSomething = 0;
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.nat({ max: 160 }), fc.constantFrom(0 as const, 1 as const), fc.nat(), (deal, actions, steps, seat, perm) => {
        const { state, seen } = prefixWithSightings(deal, actions, steps, seat);
        const hidden = cardsOf(ALL_CARDS & ~seen & ~state.known[seat]);
        if (hidden.length < 2) return;
        // Shuffle, then rotate by one: every hidden card is renamed to another hidden card.
        const order = shuffled(hidden, createRandom(perm));
        const rename = (c: number) => {
          const i = order.indexOf(c);
          return i < 0 ? c : order[(i + 1) % order.length]!;
        };
        const other = renameCards(state, rename);
        // The control: the two states really differ, and a spectator (who sees all) can tell.
        expect(xix.spectatorView(other)).not.toEqual(xix.spectatorView(state));
        expect(xix.view(other, seat)).toEqual(xix.view(state, seat));
        permutedSomething++;
      }),
      { numRuns: 400 },
    );
    expect(permutedSomething).toBeGreaterThan(300);
  });

  it('never shows a seat the discard or an unknown face-down card, in view or history', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.nat({ max: 160 }), (deal, actions, steps) => {
        const { state } = prefixWithSightings(deal, actions, steps, 0);
        const view = xix.view(state, 0);
        const text = JSON.stringify(view);
        expect(text).not.toContain('discard');
        for (const [slot, card] of state.row.entries()) {
          const faceUp = (state.rowFaceUp & (1 << slot)) !== 0;
          const knows = (state.known[0] & (1 << card)) !== 0;
          expect(view.strikeRow[slot]!.card).toBe(faceUp || knows ? card : null);
        }
        for (const event of view.history) {
          if (event.type === 'trade' && event.seat === 1 && event.from === 'closed') expect(event.card).toBeNull();
        }
      }),
      { numRuns: 200 },
    );
  });
});

/** The rulings S1–S19 of 69 and every scenario of RULINGS-sixty-nine §3 (1–11), scripted. */
import { describe, expect, it } from 'vitest';
import {
  GameError,
  SIXTY_NINE_CARD_CODES as CODES,
  isLegalSixtyNineSet,
  roundScore,
  sixtyNine as game,
  type SixtyNineAction,
  type SixtyNineState,
} from '../../../src/index.ts';
import { act, actionOf, ids, position, tableOf } from './script.ts';

const legal = (...codes: string[]): boolean => isLegalSixtyNineSet(ids(codes));
const lastEvent = (s: SixtyNineState) => game.publicView(s).events.at(-1)!;

describe('S1, S2, S5: seats, cards, the deal', () => {
  it('plays 2–6 seats with no options, and rejects other setups (S1)', () => {
    expect(game.seats).toEqual({ min: 2, max: 6 });
    expect(game.options).toEqual({});
    expect(() => game.randomSetup(1, 7)).toThrow(GameError);
    expect(() => game.parseSetup({ ...game.randomSetup(1, 3), firstDealer: 3 })).toThrow(/firstDealer/);
    expect(() => game.parseSetup({ ...game.randomSetup(1, 3), decks: [CODES.slice(1)] })).toThrow(/decks\[0\]/);
    expect(() => game.parseSetup({ ...game.randomSetup(1, 3), pulls: [['5Z']] })).toThrow(/pulls\[0\]/);
  });

  it('has 69 distinct cards: six suits of 0–9 and three each of W, L, X, by the ruling ids (S2)', () => {
    expect(CODES).toHaveLength(69);
    expect(new Set(CODES).size).toBe(69);
    expect([CODES[0], CODES[9], CODES[10], CODES[59], CODES[60], CODES[63], CODES[66], CODES[68]]).toEqual(['0A', '9A', '0B', '9F', 'W1', 'L1', 'X1', 'X3']);
  });

  it('deals ten cards one at a time from the dealer’s left, flips the next, and the dealer’s left moves first (S5)', () => {
    for (const seats of [2, 6]) {
      const s = game.start(game.randomSetup(11, seats));
      const deck = s.decks[0]!;
      const dealer = s.dealer;
      for (let seat = 0; seat < seats; seat++) {
        const k = (seat - dealer - 1 + seats) % seats;
        expect(s.hands[seat]).toEqual(Array.from({ length: 10 }, (_, i) => deck[k + i * seats]!).sort((a, b) => a - b));
      }
      const view = game.publicView(s);
      expect(view.events[0]).toEqual({ type: 'flip', seat: dealer, card: CODES[deck[10 * seats]!], from: null });
      expect(view.deckSize).toBe(69 - 10 * seats - 1);
      if (seats === 6) expect(view.deckSize).toBe(8);
      expect(view.toMove === (dealer + 1) % seats || view.events.length > 1).toBe(true);
    }
  });

  it('draws each round’s deck from the deal seed and the round alone, whatever the play (S5, §5)', () => {
    const setup = game.randomSetup(5, 4);
    const a = game.start(setup);
    const b = game.start(setup);
    game.apply(a, game.legalActions(a).at(-1)!);
    game.apply(b, game.legalActions(b)[0]!);
    expect(a.decks[0]).toEqual(b.decks[0]);
    expect(game.start({ ...setup, firstDealer: (setup.firstDealer + 1) % 4 }).decks[0]).toEqual(a.decks[0]);
  });
});

describe('S3 legal sets (scenario 1)', () => {
  it('accepts the S3 examples and 6-7-8-9 from {9A, 9B} + {7C, 8D}', () => {
    expect(legal('5A', '6B', '7C')).toBe(true);
    expect(legal('6A', '9B', '6C')).toBe(true);
    expect(legal('8A', '9B', '0C')).toBe(true);
    expect(legal('W1', 'L2', 'X3')).toBe(true);
    expect(legal('3A', '5B', 'W1')).toBe(true);
    expect(legal('9A', '9B', '7C', '8D')).toBe(true);
    expect(legal('4A')).toBe(true);
  });

  it('rejects wraps, gaps, two of a special, a repeated suit, and more than six cards', () => {
    expect(legal('9A', '0B', '1C')).toBe(false);
    expect(legal('3A', '5B')).toBe(false);
    expect(legal('W1', 'W2', '5A')).toBe(false);
    expect(legal('2A', '3A', '4B')).toBe(false);
    expect(legal('4A', '4B', '4C', '4D', '4E', '4F', 'W1')).toBe(false);
    expect(legal('0A', '1B', '2C', '3D', '4E', '5F', 'W1')).toBe(false);
    // A 0 counts as 0 or 10, never both.
    expect(legal('0A', '1B', '9C', '8D')).toBe(false);
  });
});

describe('S6 a turn', () => {
  it('offers pass and plays into incomplete sets only, judged on the final group (S6)', () => {
    const s = position({ seats: 2, toMove: 0, hands: [['7C', '8D', '2E'], ['1F', '3F']], table: [['9A', '9B'], ['4A', '5B', '6C']] });
    const actions = game.legalActions(s);
    expect(actions[0]).toEqual({ type: 'pass' });
    expect(actions).toContainEqual(actionOf('play 7C 8D on 0'));
    expect(actions.some((a: SixtyNineAction) => a.type === 'play' && a.set === 1)).toBe(false);
    // One card alone does not fit {9A, 9B}, and a hand card never starts a set.
    expect(game.checkAction(s, actionOf('play 7C on 0')).ok).toBe(false);
    expect(game.checkAction(s, { type: 'play', set: 2, cards: ['2E'] })).toMatchObject({ ok: false, reason: /no set 2/ });
  });

  it('passes the turn to the left after a play that leaves its set at two cards', () => {
    const s = position({ seats: 3, toMove: 1, hands: [['1A', '8E'], ['5B', '9F'], ['3C', '7E']], table: [['4A']] });
    act(s, '1:play 5B on 0');
    expect(tableOf(s)).toEqual([['4A', '5B']]);
    expect(game.toMove(s)).toBe(2);
  });
});

describe('S8 steal sequences (scenarios 2, 3, 5)', () => {
  it('scenario 2: seat 1 steals with one card, seat 0 is skipped, seat 1 captures 4 and flips, seat 2 moves', () => {
    const s = position({ seats: 3, toMove: 0, hands: [['5A', '0F', '1E'], ['6D', '2A'], ['7E', '9F']], table: [['3B', '4C']] });
    act(s, '0:play 5A on 0');
    expect(game.publicView(s).table[0]).toEqual({ cards: ['5A', '3B', '4C'], claimant: 0, claimCount: 1, locked: false });
    act(s, '1:add 6D to 0');
    expect(game.publicView(s).table[0]).toMatchObject({ claimant: 1, claimCount: 1 });
    act(s, '2:add to 0');
    // Seat 0 holds nothing that fits: the engine adds nothing for it (S18); seat 1's chance captures.
    const view = game.publicView(s);
    expect(view.captured[1]).toEqual(['5A', '3B', '4C', '6D']);
    expect(view.events.slice(-4).map((e) => e.type)).toEqual(['add', 'add', 'capture', 'flip']);
    expect(view.events.at(-1)).toMatchObject({ type: 'flip', seat: 1, from: null });
    expect(view.toMove).toBe(2);
    expect(view.phase).toBe('turn');
  });

  it('scenario 3: three cards onto one block the steal; seat 1 sheds one and seat 0 captures five', () => {
    const s = position({ seats: 2, toMove: 0, hands: [['5B', '6C', '7D', '0F'], ['8E', '1F']], table: [['4A']] });
    act(s, '0:play 5B 6C 7D on 0');
    expect(game.publicView(s).table[0]!.claimCount).toBe(3);
    act(s, '1:add 8E to 0');
    expect(lastEvent(s)).toMatchObject({ type: 'flip', seat: 0 });
    const view = game.publicView(s);
    expect(view.events.find((e) => e.type === 'add')).toEqual({ type: 'add', seat: 1, set: 0, cards: ['8E'], claims: false });
    expect(view.captured[0]).toHaveLength(5);
    expect(view.toMove).toBe(1);
  });

  it('scenario 5: a steal reaching six cards is captured at once, before the next chance', () => {
    const s = position({ seats: 3, toMove: 0, hands: [['6C', '1A'], ['7D', '8E', '3F', '0A'], ['9C', '2B']], table: [['4A', '5B']] });
    act(s, '0:play 6C on 0', '1:add 7D 8E 3F to 0');
    const view = game.publicView(s);
    expect(view.captured[1]).toEqual(['4A', '5B', '6C', '7D', '8E', '3F']);
    expect(view.events.filter((e) => e.type === 'add')).toHaveLength(1);
    expect(view.toMove).toBe(2);
  });

  it('captures a set played straight to six cards with no steal chances (S8)', () => {
    const t = position({ seats: 2, toMove: 0, hands: [['5B', '6C', '7D', '8E', '3F', '0A'], ['9F', '2C']], table: [['4A']] });
    act(t, '0:play 5B 6C 7D 8E 3F on 0');
    expect(game.publicView(t).captured[0]).toHaveLength(6);
    expect(game.publicView(t).events.some((e) => e.type === 'add')).toBe(false);
  });
});

describe('S9 Lock (scenario 4)', () => {
  it('scenario 4: completed with L1, seat 1 adds two but cannot claim, seat 0 captures', () => {
    const s = position({ seats: 2, toMove: 0, hands: [['L1', '0E'], ['3C', '6D', '1F']], table: [['4A', '5B']] });
    act(s, '0:play L1 on 0');
    expect(game.publicView(s).table[0]).toMatchObject({ claimant: 0, locked: true });
    act(s, '1:add 3C 6D to 0');
    const view = game.publicView(s);
    expect(view.events.find((e) => e.type === 'add')).toMatchObject({ claims: false });
    expect(view.captured[0]).toEqual(['4A', '5B', '3C', '6D', 'L1']);
  });

  it('a Lock already in an incomplete set locks it for whoever completes it; one added is judged first', () => {
    const s = position({ seats: 2, toMove: 0, hands: [['5B', '0E'], ['3C', '6D', '1F']], table: [['4A', 'L1']] });
    act(s, '0:play 5B on 0', '1:add 3C 6D to 0');
    expect(game.publicView(s).captured[0]).toHaveLength(5);
    const t = position({ seats: 3, toMove: 0, hands: [['6C', '0E'], ['7D', 'L2', '1F'], ['8A', '2B']], table: [['4A', '5B']] });
    act(t, '0:play 6C on 0', '1:add 7D L2 to 0');
    // Seats 2 and 0 hold nothing that fits; seat 1 captures its locked set.
    expect(game.publicView(t).events.find((e) => e.type === 'add')).toMatchObject({ seat: 1, claims: true });
    expect(game.publicView(t).captured[1]).toEqual(['4A', '5B', '6C', '7D', 'L2']);
  });
});

describe('S7 flips and the empty deck (scenario 6)', () => {
  const hands = [['0A', '1A'], ['5E'], ['2B', '3B'], ['4C', '5C'], ['6D', '7D'], ['8F', '9F']];
  it('scenario 6: with the deck empty a pass pulls from the right; the last card ends the round and seat 2 deals', () => {
    const s = position({ seats: 6, toMove: 2, hands, table: [['9A']], deck: [] });
    act(s, '2:pass');
    const ended = game.publicView(s).rounds[0]!;
    expect(ended.events.at(-1)).toEqual({ type: 'flip', seat: 2, card: '5E', from: 1 });
    expect(ended.ender).toBe(1);
    expect(s.pulls[0]).toEqual(ids(['5E']));
    expect(s.round).toBe(2);
    expect(s.dealer).toBe(2);
  });

  it('pulls a card of the right-hand seat, recorded, and the next seat moves', () => {
    const s = position({ seats: 6, toMove: 3, hands, table: [['9A']], deck: [] });
    act(s, '3:pass');
    const flip = lastEvent(s);
    expect(flip).toMatchObject({ type: 'flip', seat: 3, from: 2 });
    expect(['2B', '3B']).toContain((flip as { card: string }).card);
    expect(s.hands[2]).toHaveLength(1);
    expect(game.setupOf(s).pulls.at(-1)).toEqual([(flip as { card: string }).card]);
    expect(game.toMove(s)).toBe(4);
  });
});

describe('S10, S11, S12 Scramble (scenarios 7, 8)', () => {
  it('scenario 7: X1 onto {4E}, two sets formed with c = 1, seat 1 steals one, seat 0 captures the other, seat 1 flips', () => {
    const s = position({ seats: 3, toMove: 0, hands: [['X1', '2F', '1C'], ['4F', '0A'], ['3B', '2B']], table: [['4A'], ['4B'], ['5C', '6D'], ['4E']] });
    act(s, '0:play X1 on 3');
    expect(game.publicView(s).decision).toBe('scramble');
    act(s, '0:rearrange', '0:take 4B', '0:take 4E', '0:close', '0:take 6D', '0:take X1');
    // The last close is the only action left: the engine closes it.
    let view = game.publicView(s);
    expect(view.events.find((e) => e.type === 'rearrange')).toEqual({ type: 'rearrange', seat: 0, sets: [['4A', '4B', '4E'], ['5C', '6D', 'X1']] });
    expect(view.table.map((set) => [set.claimant, set.claimCount])).toEqual([[0, 1], [0, 1]]);
    expect(view.chance).toEqual({ seat: 1, set: 0 });
    act(s, '1:add 4F to 0', '2:add to 1');
    view = game.publicView(s);
    expect(view.captured[0]).toEqual(['5C', '6D', 'X1']);
    expect(view.captured[1]).toEqual(['4A', '4B', '4E', '4F']);
    const captures = view.events.filter((e) => e.type === 'capture').map((e) => (e as { seat: number }).seat);
    expect(captures).toEqual([0, 1]);
    expect(view.events.at(-1)).toEqual({ type: 'flip', seat: 1, card: '1A', from: null });
    expect(view.toMove).toBe(2);
  });

  it('scenario 8: a Scramble flipped after a capture lets the capturer rearrange, and S12 runs from its left', () => {
    const s = position({ seats: 3, toMove: 0, hands: [['6C', '2F'], ['0A', '1A'], ['0B', '1B']], table: [['4A', '5B'], ['7D'], ['7E']], deck: ['X2', '9F', '8F'] });
    act(s, '0:play 6C on 0');
    expect(game.publicView(s).decision).toBe('scramble');
    expect(game.toMove(s)).toBe(0);
    expect(tableOf(s)).toEqual([['7D'], ['7E'], ['X2']]);
    act(s, '0:rearrange', '0:take 7E', '0:take X2');
    const view = game.publicView(s);
    expect(view.captured[0]).toEqual(['4A', '5B', '6C', '7D', '7E', 'X2']);
    expect(view.events.at(-1)).toEqual({ type: 'flip', seat: 0, card: '9F', from: null });
    expect(view.toMove).toBe(1);
  });

  it('a Scramble flipped after a pass gives the passer a decision, then its left moves (S11, S12)', () => {
    const s = position({ seats: 2, toMove: 0, hands: [['0A', '1A'], ['0B', '1B']], table: [['7D']], deck: ['X2', '9F'] });
    act(s, '0:pass');
    expect(game.publicView(s)).toMatchObject({ decision: 'scramble', toMove: 0 });
    expect(game.legalActions(s)).toEqual([{ type: 'keep' }, { type: 'rearrange' }]);
    act(s, '0:keep');
    expect(game.publicView(s)).toMatchObject({ decision: 'turn', toMove: 1 });
  });

  it('gives a 6-card set formed by a Scramble to its seat at once, before any chance (S8, S12)', () => {
    const s = position({ seats: 3, toMove: 0, hands: [['X1', '2F'], ['4F', '0A'], ['3B', '2B']], table: [['4A'], ['4B'], ['4C'], ['4D'], ['4E']] });
    act(s, '0:play X1 on 4', '0:rearrange', '0:take 4B', '0:take 4C', '0:take 4D', '0:take 4E', '0:take X1');
    const view = game.publicView(s);
    expect(view.captured[0]).toEqual(['4A', '4B', '4C', '4D', '4E', 'X1']);
    const types = view.events.map((e) => e.type);
    expect(types.slice(types.indexOf('rearrange'), types.indexOf('rearrange') + 3)).toEqual(['rearrange', 'capture', 'flip']);
    expect(types).not.toContain('add');
  });

  it('lets a Scramble pulled as a hand’s last card act before the round ends (S7, S11, S13)', () => {
    const s = position({ seats: 3, toMove: 2, hands: [['0A', '1A'], ['X2'], ['0B', '1B']], table: [['7D']], deck: [] });
    act(s, '2:pass');
    expect(game.publicView(s)).toMatchObject({ decision: 'scramble', toMove: 2, ender: 1, handSizes: [2, 0, 2] });
    act(s, '2:keep');
    expect(s.round).toBe(2);
    expect(s.dealer).toBe(2);
    expect(game.publicView(s).rounds[0]!.events.at(-1)).toEqual({ type: 'keep', seat: 2 });
  });

  it('the opening flip and a Scramble added in a steal chance are plain Wilds (S11)', () => {
    const deck = ['X1', ...CODES.filter((code) => code !== 'X1')];
    // Two seats: 20 cards dealt, the 21st flipped.
    const order = [...deck.slice(1, 21), 'X1', ...deck.slice(21)];
    const s = game.start(game.parseSetup({ seats: 2, firstDealer: 0, dealSeed: 0, pullSeed: 0, decks: [order], pulls: [], totals: [] }));
    expect(game.publicView(s)).toMatchObject({ decision: 'turn', toMove: 1, table: [{ cards: ['X1'] }] });
    const t = position({ seats: 3, toMove: 0, hands: [['6C', '0E'], ['X1', '1F'], ['7D', '2B']], table: [['4A', '5B']] });
    act(t, '0:play 6C on 0', '1:add X1 to 0');
    expect(game.publicView(t)).toMatchObject({ decision: 'steal', toMove: 2 });
  });

  it('a Scramble that completes nothing passes the turn to its seat’s left (S12)', () => {
    const s = position({ seats: 3, toMove: 1, hands: [['0A', '1A'], ['X1', '2F'], ['0B', '1B']], table: [['7D'], ['9E']] });
    act(s, '1:play X1 on 0', '1:keep');
    expect(game.publicView(s)).toMatchObject({ decision: 'turn', toMove: 2 });
    expect(tableOf(s)).toEqual([['7D', 'X1'], ['9E']]);
  });
});

describe('S13, S14, S15, S16, S19: ends, scores, results', () => {
  it('ends the round after the sequence of a steal that empties a hand; the ender sets the next dealer (S13)', () => {
    const s = position({ seats: 3, toMove: 0, hands: [['6C', '0E'], ['7D'], ['8E', '2B']], table: [['4A', '5B']] });
    act(s, '0:play 6C on 0', '1:add 7D to 0', '2:add 8E to 0');
    const record = game.publicView(s).rounds[0]!;
    expect(record.ender).toBe(1);
    expect(record.captured[2]).toEqual(['4A', '5B', '6C', '7D', '8E']);
    expect(record.hands).toEqual([['0E'], [], ['2B']]);
    expect(s.dealer).toBe(2);
  });

  it('scenario 9: the S14 example scores 30; two cards captured with seven in hand score 0', () => {
    expect(roundScore(ids(['0A', '1B', '2C', '3D', '4E', '5F', '6A', '9B', '7C', '8D', 'W1', 'L2', 'X3']), 4)).toEqual({ cards: 13, sixNines: 2, specials: 3, suits: 6, values: 10, inHand: 4, score: 30 });
    expect(roundScore(ids(['0A', '1B']), 7).score).toBe(0);
    expect(roundScore(ids(['6A', '6B', '9C', '9D', '6E']), 0).sixNines).toBe(4);
  });

  it('scenario 10: totals 70 and 75 after a round both win, 75 placed first (S15)', () => {
    const s = position({ seats: 2, toMove: 0, hands: [['6C'], ['9F']], table: [['4A', '5B']], captured: [[], ['0E', '1E']], totals: [67, 74] });
    act(s, '0:play 6C on 0');
    expect(game.toMove(s)).toBeNull();
    expect(game.result(s)).toEqual({ winner: 1, points: [70, 75], reason: 'reached-69', ranks: [2, 1] });
    expect(game.publicView(s).winners).toEqual([0, 1]);
  });

  it('scenario 11: seats that always pass (keep, add nothing) play 50 rounds at 0 and share the placing (S16)', () => {
    const s = game.start(game.randomSetup(3, 3));
    const passive = (action: SixtyNineAction): boolean => action.type === 'pass' || action.type === 'keep' || (action.type === 'add' && action.cards.length === 0);
    while (game.toMove(s) !== null) game.apply(s, game.legalActions(s).find(passive)!);
    expect(s.round).toBe(50);
    expect(game.result(s)).toEqual({ winner: 0, points: [0, 0, 0], reason: 'round-cap', ranks: [1, 1, 1] });
  });

  it('places a forfeiting seat last and the others by total, the round in progress unscored (S19)', () => {
    const s = position({ seats: 3, toMove: 1, hands: [['0A', '1A'], ['0B', '1B'], ['0C', '1C']], table: [['9E']], totals: [10, 30, 30] });
    expect(game.forfeitResult(s, 1)).toEqual({ winner: 2, points: [10, 30, 30], reason: 'forfeit', ranks: [2, 3, 1] });
  });
});

describe('S18 decisions and forced moves', () => {
  it('marks a forced move only in its own seat’s view and the spectator’s; others see a plain action', () => {
    const s = position({ seats: 3, toMove: 0, hands: [['5A', '0F', '1E'], ['6D', '2A'], ['7E', '9F']], table: [['3B', '4C']] });
    act(s, '0:play 5A on 0', '1:add 6D to 0', '2:add to 0');
    const forced = { round: s.round, seat: 0, action: { type: 'add', set: 0, cards: [] }, event: 3 };
    expect(game.view(s, 0).forced).toEqual([forced]);
    expect(game.view(s, 1).forced).toEqual([]);
    expect(game.spectatorView(s).forced).toEqual([forced]);
    expect(game.publicView(s)).not.toHaveProperty('forced');
    expect(game.publicView(s).events[3]).toEqual({ type: 'add', seat: 0, set: 0, cards: [], claims: false });
  });

  it('reaches every partition of the table into legal sets exactly once by take/close, never the table as it was', () => {
    const table = [['4A'], ['4B'], ['5C', '6D'], ['4E', 'X1']];
    const s = position({ seats: 3, toMove: 0, hands: [['0A', '2F'], ['0B'], ['0C']], table: table.map((set) => set.slice()) });
    s.phase = 1; // the Scramble decision of the seat that just played X1
    s.scrambleSeat = 0;
    s.stamp++;
    const reached: string[] = [];
    const explore = (state: SixtyNineState, steps: string[]): void => {
      if (state.phase !== 2) {
        const rearranged = state.events.find((e) => e.type === 'rearrange');
        if (steps.length > 0) reached.push(rearranged?.type === 'rearrange' ? JSON.stringify(rearranged.sets) : 'none');
        return;
      }
      const actions = game.legalActions(state);
      // The seat to move during form steps always has at least one action (no dead ends).
      expect(actions.length).toBeGreaterThan(0);
      for (const action of actions) {
        // A forced step (one legal action) is the engine's, inside apply: each path still counts once.
        const next = game.clone(state);
        game.apply(next, action);
        explore(next, [...steps, JSON.stringify(action)]);
      }
    };
    const start = game.clone(s);
    game.apply(start, { type: 'rearrange' });
    explore(start, ['rearrange']);
    // Brute force: every partition of the six cards into legal sets, the table's own left out.
    const cards = table.flat();
    const partitions: string[] = [];
    const split = (rest: string[], sets: string[][]): void => {
      if (rest.length === 0) {
        partitions.push(JSON.stringify(sets.map((set) => set.slice())));
        return;
      }
      const [first, ...others] = rest;
      for (let mask = 0; mask < 1 << others.length; mask++) {
        const set = [first!, ...others.filter((_, i) => mask & (1 << i))];
        if (!legal(...set)) continue;
        split(others.filter((_, i) => !(mask & (1 << i))), [...sets, set]);
      }
    };
    const sorted = cards.map((code) => [ids([code])[0]!, code] as const).sort((a, b) => a[0] - b[0]).map(([, code]) => code);
    split(sorted, []);
    const own = JSON.stringify(table.map((set) => ids(set).map((card) => CODES[card]!)).sort((a, b) => ids([a[0]!])[0]! - ids([b[0]!])[0]!));
    const expected = partitions.filter((p) => p !== own);
    expect(reached.length).toBe(expected.length);
    expect(new Set(reached).size).toBe(reached.length);
    expect(new Set(reached)).toEqual(new Set(expected));
  });

  it('offers only keep when no other partition exists (a forced keep), and rejects rearrange with a reason', () => {
    const s = position({ seats: 2, toMove: 0, hands: [['0A', '1A'], ['0B', '1B']], table: [['7D'], ['2C']] });
    s.phase = 1;
    s.scrambleSeat = 0;
    s.stamp++;
    expect(game.legalActions(s)).toEqual([{ type: 'keep' }]);
    expect(game.checkAction(s, { type: 'rearrange' })).toEqual({ ok: false, reason: expect.stringMatching(/S18/) });
  });
});

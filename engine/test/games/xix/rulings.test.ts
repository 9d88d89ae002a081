/** One scenario per ruling of shared/RULINGS.md, each from an explicit deal. */
import { describe, expect, it } from 'vitest';
import { IllegalActionError, xix } from '../../../src/index.ts';
import { action, deal, plainDeal, startFrom } from './script.ts';

/** seat 0 holds the odd high cards, seat 1 the even low ones: each trick below is easy to read. */
const mixedDeal = () => deal([1, 3, 5, 13, 15, 17], [2, 4, 6, 14, 16, 18], [7, 8, 9, 10, 11], 12, 0);

describe('R1 first leader', () => {
  it('is drawn from the seed, with the deal, deterministically', () => {
    expect(xix.randomSetup(42, 2)).toEqual(xix.randomSetup(42, 2));
    const leaders = new Set(Array.from({ length: 64 }, (_, seed) => xix.randomSetup(seed, 2).firstLeader));
    expect(leaders).toEqual(new Set([0, 1]));
  });

  it('leads the first trick', () => {
    expect(xix.toMove(xix.start(plainDeal(1)))).toBe(1);
    expect(xix.toMove(xix.start(plainDeal(0)))).toBe(0);
  });
});

describe('R2 leader of a later exchange', () => {
  it('is whoever took the last trick of the previous exchange, the exchange winner', () => {
    // seat 1 takes the only trick (7 > 1); seat 0 abandons, drafts, trades; seat 1 leads next.
    const s = startFrom(plainDeal(0), 'p1 p7 a k7 k1 t2@0');
    expect(s.exchange).toBe(2);
    expect(xix.toMove(s)).toBe(1);
    expect(xix.view(s, 0).leader).toBe(1);
  });
});

describe('R3 trick order', () => {
  it('has the leader play first, face up, and the other seat answer seeing it', () => {
    const s = startFrom(plainDeal(0), 'p4');
    expect(xix.toMove(s)).toBe(1);
    expect(xix.view(s, 1).led).toBe(4);
  });

  it('allows any card of the closed or the open hand', () => {
    // After the draft seat 0 holds 7 in its open hand and may play it.
    const s = startFrom(plainDeal(0), 'p1 p7 a k7 k1 t2@0 p8');
    expect(xix.view(s, 0).hand.open).toEqual([7]);
    expect(xix.legalActions(s).map((a) => (a.type === 'play' ? a.card : 0))).toEqual([3, 4, 5, 6, 7, 13]);
    expect(() => startFrom(plainDeal(0), 'p1 p7 a k7 k1 t2@0 p8 p7')).not.toThrow();
  });

  it('rejects a card the seat does not hold, saying why', () => {
    const s = startFrom(plainDeal(0));
    expect(() => xix.apply(s, action('p9'))).toThrow(IllegalActionError);
    expect(() => xix.apply(s, action('p9'))).toThrow('card 9 is not in your hands');
  });
});

describe('R4 trick winner', () => {
  it('gives the trick to the higher card when the sum is not 19', () => {
    const s = startFrom(mixedDeal(), 'p13 p2');
    expect(s.strikes).toEqual([0, 1]);
  });

  it('gives the trick to the lower card when the sum is exactly 19', () => {
    // 1 + 18 = 19: the 1 takes it; 5 + 14 = 19: the 5 takes it.
    expect(startFrom(mixedDeal(), 'p1 p18').strikes).toEqual([0, 1]);
    expect(startFrom(mixedDeal(), 'p5 p14').strikes).toEqual([0, 1]);
    expect(startFrom(mixedDeal(), 'p5 p16').strikes).toEqual([1, 0]);
  });
});

describe('R5 strike decision', () => {
  it('is asked of the trick loser only, right after the trick', () => {
    const s = startFrom(mixedDeal(), 'p13 p2');
    expect(xix.toMove(s)).toBe(1);
    expect(xix.view(s, 1).phase).toBe('strike');
    expect(xix.legalActions(s)).toEqual([{ type: 'abandon' }, { type: 'raise' }]);
    expect(() => xix.apply(s, action('p4'))).toThrow('answer raise or abandon');
  });

  it('is not asked on the third strike: the exchange is abandoned, so three tricks win', () => {
    const s = startFrom(mixedDeal(), 'p13 p2 r p15 p6 r p17 p4');
    const last = xix.spectatorView(s).history.at(-1);
    expect(last).toEqual({ type: 'abandon', seat: 1, forced: true });
    expect(s.points).toEqual([3, 0]);
    expect(xix.view(s, 0).phase).toBe('draft');
  });
});

describe('R6 stakes', () => {
  it('pays 1 for an abandon after the first trick', () => {
    expect(startFrom(mixedDeal(), 'p13 p2 a').points).toEqual([1, 0]);
  });

  it('pays 3 for 3–0, 5 for 3–1 and 8 for 3–2', () => {
    expect(startFrom(mixedDeal(), 'p13 p2 r p15 p6 r p17 p4').points).toEqual([3, 0]);
    // 3–1: seat 1 takes the second trick (4 > 1).
    expect(startFrom(mixedDeal(), 'p13 p2 r p1 p4 r p6 p15 r p17 p14').points).toEqual([5, 0]);
    // 3–2: strikes alternate, the fifth trick decides.
    expect(startFrom(mixedDeal(), 'p13 p2 r p1 p4 r p6 p15 r p3 p14 r p16 p17').points).toEqual([8, 0]);
  });

  it('shows the stakes of the strikes so far in the view', () => {
    const s = startFrom(mixedDeal(), 'p13 p2 r p1 p4 r');
    expect(xix.view(s, 0).stakes).toBe(2);
  });
});

describe('R7 end of game', () => {
  it('ends at exactly 19 points in total, and the player with fewer points wins', () => {
    const s = startFrom(mixedDeal());
    s.points = [10, 8];
    play1(s, 'p13 p2 a'); // 11 + 8 = 19
    expect(xix.result(s)).toEqual({ winner: 1, points: [11, 8], reason: 'exactly-19' });
    expect(xix.toMove(s)).toBeNull();
  });

  it('applies the exactly-19 rule at 19–0: the player with 0 wins', () => {
    const s = startFrom(mixedDeal());
    s.points = [16, 0];
    play1(s, 'p13 p2 r p15 p6 r p17 p4');
    expect(xix.result(s)).toEqual({ winner: 1, points: [19, 0], reason: 'exactly-19' });
  });

  it('otherwise ends when a player reaches 19, and the player with more points wins', () => {
    const s = startFrom(mixedDeal());
    s.points = [17, 3];
    play1(s, 'p13 p2 r p15 p6 r p17 p4'); // 20 + 3 = 23
    expect(xix.result(s)).toEqual({ winner: 0, points: [20, 3], reason: 'reached-19' });
  });

  it('goes on below 19 points with the total past 19', () => {
    const s = startFrom(mixedDeal());
    s.points = [9, 9];
    play1(s, 'p13 p2 r p15 p6 r p17 p4'); // 12 + 9 = 21
    expect(xix.result(s)).toBeNull();
    expect(xix.view(s, 1).phase).toBe('draft');
  });
});

describe('R8 draft', () => {
  it('drafts every card of the exchange, loser first, alternating, into open hands', () => {
    const s = startFrom(mixedDeal(), 'p13 p2 r p1 p4 a');
    expect(xix.view(s, 0).pool).toEqual([1, 2, 4, 13]);
    expect(xix.toMove(s)).toBe(0); // seat 0 took the second strike and abandoned: it lost
    startFromMoves(s, 'k13 k1 k2 k4');
    expect(xix.view(s, 0).hand.open).toEqual([2, 13]);
    expect(xix.view(s, 1).hand.open).toEqual([1, 4]);
    expect(xix.view(s, 0).phase).toBe('trade');
  });

  it('does not happen when the game is over', () => {
    const s = startFrom(mixedDeal());
    s.points = [18, 0];
    play1(s, 'p13 p2 a');
    expect(xix.view(s, 0).phase).toBe('over');
    expect(xix.legalActions(s)).toEqual([]);
  });

  it('rejects a card that is not in the pool', () => {
    const s = startFrom(mixedDeal(), 'p13 p2 a');
    expect(() => xix.apply(s, action('k5'))).toThrow('card 5 is not in the draft pool');
  });
});

describe('R9 trade', () => {
  it('is made by the exchange loser after the draft', () => {
    const s = startFrom(plainDeal(0), 'p1 p7 a k7 k1');
    expect(xix.toMove(s)).toBe(0);
    expect(xix.view(s, 0).phase).toBe('trade');
  });

  it('puts a face-down strike card in the closed hand and a closed hand card face down', () => {
    const s = startFrom(plainDeal(0), 'p1 p7 a k7 k1 t2@3');
    expect(xix.view(s, 0).hand.closed).toEqual([3, 4, 5, 6, 16]);
    expect(xix.spectatorView(s).strikeRow[3]).toEqual({ faceUp: false, card: 2 });
  });

  it('puts an open hand card face up, and a face-up strike card back in the open hand', () => {
    // seat 0 trades its open 7 face up into slot 1; later seat 0 takes it back from there.
    const s = startFrom(plainDeal(0), 'p1 p7 a k7 k1 t7@1');
    expect(xix.spectatorView(s).strikeRow[1]).toEqual({ faceUp: true, card: 7 });
    expect(xix.view(s, 0).hand.closed).toEqual([2, 3, 4, 5, 6, 14]);
    // Exchange 2: seat 1 leads 8, seat 0 answers 2 and abandons; then trades 3 for slot 1.
    startFromMoves(s, 'p8 p2 a k8 k2 t3@1');
    expect(xix.view(s, 0).hand.open).toEqual([7, 8]);
    expect(xix.spectatorView(s).strikeRow[1]).toEqual({ faceUp: false, card: 3 });
  });

  it('is one swap: the strike card just taken cannot be given back', () => {
    const s = startFrom(plainDeal(0), 'p1 p7 a k7 k1');
    expect(() => xix.apply(s, action('t13@0'))).toThrow('card 13 is not in your hands');
  });
});

describe('R9a trade freedom', () => {
  it('offers every card of either hand, a just-drafted one included, to every slot: 30 trades', () => {
    const s = startFrom(plainDeal(0), 'p1 p7 a k7 k1');
    const trades = xix.legalActions(s);
    expect(trades).toHaveLength(30);
    expect(trades).toContainEqual({ type: 'trade', card: 7, slot: 4 });
  });
});

describe('R10 cards stay public', () => {
  it('keeps a played card face up for the rest of the game', () => {
    // 7 is played, drafted by seat 0 (open), then traded into the row: face up.
    const s = startFrom(plainDeal(0), 'p1 p7 a k7 k1 t7@2');
    expect(xix.view(s, 1).strikeRow[2]).toEqual({ faceUp: true, card: 7 });
    expect(xix.view(s, 1).opponent.open).toEqual([]);
  });
});

describe('R11 what a seat knows', () => {
  // Exchange 1: seat 0 loses and puts its closed 2 face down in slot 2 (taking 15).
  // Exchange 2: seat 0 loses again (3 vs 8). Exchange 3: seat 1 loses (9 vs 15) and trades its
  // closed 10 for slot 2, so its closed hand now holds the 2 that seat 0 put there.
  const toKnowledge = 'p1 p7 a k7 k1 t2@2 p8 p3 a k3 k8 t3@0 p9 p15 a k9 k15 t10@2';

  it('hides the opponent closed hand, the face-down slots and the discard', () => {
    const v = xix.view(startFrom(plainDeal(0)), 0);
    expect(v.hand.closed).toEqual([1, 2, 3, 4, 5, 6]);
    expect(v.opponent).toEqual({ open: [], closedCount: 6, closedKnown: [] });
    expect(v.strikeRow.every((slot) => !slot.faceUp && slot.card === null)).toBe(true);
    expect(JSON.stringify(v)).not.toMatch(/discard/);
  });

  it('shows a seat the face-down card it placed, and not its opponent', () => {
    const s = startFrom(plainDeal(0), 'p1 p7 a k7 k1 t2@2');
    expect(xix.view(s, 0).strikeRow[2]).toEqual({ faceUp: false, card: 2 });
    expect(xix.view(s, 1).strikeRow[2]).toEqual({ faceUp: false, card: null });
    // The public history says a closed card went to slot 2, not which.
    expect(xix.view(s, 1).history.at(-1)).toEqual({ type: 'trade', seat: 0, slot: 2, from: 'closed', card: null, took: null });
    expect(xix.view(s, 0).history.at(-1)).toEqual({ type: 'trade', seat: 0, slot: 2, from: 'closed', card: 2, took: 15 });
  });

  it('follows a card: a seat knows the opponent holds the card it placed face down', () => {
    const s = startFrom(plainDeal(0), toKnowledge);
    expect(xix.view(s, 0).opponent.closedKnown).toEqual([2]);
    expect(xix.view(s, 0).strikeRow[2]).toEqual({ faceUp: false, card: null });
    expect(xix.view(s, 1).strikeRow[2]).toEqual({ faceUp: false, card: 10 });
  });

  it('R11a: loses track when the opponent puts one of several closed cards face down', () => {
    // Exchange 4: seat 1 loses (1 vs 15) and trades its closed 11 for slot 4: seat 0 cannot
    // tell whether the 2 it was following went to the row.
    const s = startFrom(plainDeal(0), `${toKnowledge} p15 p1 a k1 k15 t11@4`);
    expect(xix.view(s, 1).hand.closed).toEqual([2, 12, 17]);
    expect(xix.view(s, 0).opponent.closedKnown).toEqual([]);
    expect(xix.view(s, 0).strikeRow[4]).toEqual({ faceUp: false, card: null });
  });

  it('R11a: keeps track when the closed card placed was the only one', () => {
    const s = startFrom(plainDeal(0), toKnowledge);
    s.closed[1] = 1 << 2; // only the followed 2 is left in seat 1's closed hand
    s.open[1] |= (1 << 11) | (1 << 12);
    startFromMoves(s, 'p15 p1 a k1 k15 t2@4');
    expect(xix.view(s, 0).strikeRow[4]).toEqual({ faceUp: false, card: 2 });
  });
});

function play1(s: ReturnType<typeof startFrom>, moves: string): void {
  startFromMoves(s, moves);
}

function startFromMoves(s: ReturnType<typeof startFrom>, moves: string): void {
  for (const move of moves.split(' ')) xix.apply(s, action(move));
}

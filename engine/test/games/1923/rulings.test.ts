/** The rulings T1–T17 of shared/RULINGS-1923.md, and its test list (scenarios 1–10), from scripted shoes. */
import { describe, expect, it } from 'vitest';
import { GameError, HIT, IllegalActionError, LOCK, handValueOfCodes, nineteenTwentyThree as game, randomNineteenTwentyThreeSetup, type NineteenTwentyThreeState } from '../../../src/index.ts';
import { act, randomGame, scripted, startFrom } from './script.ts';

const lastRound = (s: NineteenTwentyThreeState) => s.rounds.at(-1)!;

describe('T1 seats and decks', () => {
  it('takes 2 to 9 seats and ⌈n/3⌉ decks shuffled into one shoe from the seed', () => {
    for (const [seats, decks] of [[2, 1], [3, 1], [4, 2], [6, 2], [7, 3], [9, 3]] as const) {
      const setup = game.randomSetup(11, seats);
      expect(setup.decks).toBe(decks);
      expect(new Set(setup.shoe).size).toBe(52 * decks);
      expect(game.randomSetup(11, seats)).toEqual(setup);
    }
    expect(() => game.randomSetup(1, 1)).toThrow(GameError);
    expect(() => game.randomSetup(1, 10)).toThrow('2 to 9 seats');
  });

  it('allows fewer decks ("go with what you got"), never more than ⌈n/3⌉', () => {
    expect(randomNineteenTwentyThreeSetup(3, 9, 1).shoe).toHaveLength(52);
    expect(() => randomNineteenTwentyThreeSetup(3, 3, 2)).toThrow('1 to 1 deck(s)');
    const setup = game.randomSetup(4, 4);
    expect(() => game.parseSetup({ ...setup, shoe: [setup.shoe[1], ...setup.shoe.slice(1)] })).toThrow(`setup.shoe: ${setup.shoe[1]} appears twice`);
    expect(() => game.parseSetup({ ...setup, shoe: ['ZZ1', ...setup.shoe.slice(1)] })).toThrow('"ZZ1" is not a card of 2 deck(s)');
    expect(() => game.parseSetup({ ...setup, shoe: setup.shoe.slice(1) })).toThrow('setup.shoe must list the 104 cards');
  });
});

describe('T2/T7 hand value (scenario 5)', () => {
  it('counts each ace 1 or 11 for the best total, the higher of two equally near', () => {
    expect(handValueOfCodes(['AC1', 'AD1', '9C1'])).toBe(21);
    expect(handValueOfCodes(['AC1', '5C1', 'KC1'])).toBe(26);
    expect(handValueOfCodes(['AC1', '8C1', 'KC1'])).toBe(19);
    expect(handValueOfCodes(['QC1', 'JD2', 'TH3'])).toBe(30);
  });
});

describe('T3 first seat and deal', () => {
  it('draws the first seat from the seed, then moves it clockwise each round', () => {
    const firsts = new Set(Array.from({ length: 60 }, (_, seed) => game.randomSetup(seed, 5).firstSeat));
    expect(firsts).toEqual(new Set([0, 1, 2, 3, 4]));
    const end = randomGame(5, 6, 4);
    end.rounds.forEach((round, i) => expect(round.firstSeat).toBe((end.setup.firstSeat + i) % 4));
  });

  it('deals one card at a time from the first seat, twice round', () => {
    const s = startFrom(scripted({ seats: 3, firstSeat: 1, top: ['2C1', '3C1', '4C1', '5C1', '6C1', '7C1'] }));
    // seat 1 gets cards 1 and 4, seat 2 cards 2 and 5, seat 0 cards 3 and 6.
    expect(game.spectatorView(s).hands).toEqual([
      { seen: ['4C1'], hole: '7C1' },
      { seen: ['2C1'], hole: '5C1' },
      { seen: ['3C1'], hole: '6C1' },
    ]);
    expect(game.toMove(s)).toBe(1);
  });
});

describe('T4 the seen card and the hole card', () => {
  it('shows a seat its first card, never its hole card, and a hit shows the old hole card', () => {
    const s = startFrom(scripted({ seats: 2, firstSeat: 0, top: ['TC1', 'AS1', '9C1', '8C1', '4C1', 'KC1'] }));
    expect(game.view(s, 0).seen).toEqual(['TC1']);
    expect(JSON.stringify(game.view(s, 0))).not.toContain('9C1');
    act(s, 'hh');
    expect(game.view(s, 0).seen).toEqual(['TC1', '9C1']);
    expect(game.view(s, 1).seen).toEqual(['AS1', '8C1']);
    expect(JSON.stringify(game.view(s, 0))).not.toContain('4C1');
    expect(game.view(s, 0).players.map((p) => p.cards)).toEqual([3, 3]);
  });
});

describe('T5 draw steps, simultaneous choices asked in seat order', () => {
  it('asks the unlocked seats from the first seat on and resolves the step once all have chosen', () => {
    const s = startFrom(scripted({ seats: 3, firstSeat: 2 }));
    expect(game.toMove(s)).toBe(2);
    act(s, 'h');
    expect(game.toMove(s)).toBe(0);
    act(s, 'l');
    expect(game.toMove(s)).toBe(1);
    expect(s.step).toBe(1);
    act(s, 'h');
    expect(s.step).toBe(2);
    expect(game.publicView(s).players.map((p) => [p.cards, p.locked, p.choices])).toEqual([
      [2, true, ['lock']],
      [3, false, ['hit']],
      [3, false, ['hit']],
    ]);
    expect(game.toMove(s)).toBe(2);
  });

  it('scenario 7: in a step where A hits and B locks, B decides on a view with no sign of the hit', () => {
    const afterHit = startFrom(scripted({ seats: 2, firstSeat: 0 }), 'h');
    const afterLock = startFrom(scripted({ seats: 2, firstSeat: 0 }), 'l');
    expect(game.view(afterHit, 1)).toEqual(game.view(afterLock, 1));
    expect(game.publicView(afterHit)).toEqual(game.publicView(afterLock));
    // A sees its own choice before the step resolves (T15); the spectator view holds it too.
    expect(game.view(afterHit, 0).choice).toBe('hit');
    expect(game.spectatorView(afterHit).pending).toEqual(['hit', null]);
    act(afterHit, 'l');
    expect(game.view(afterHit, 1).players.map((p) => p.choices)).toEqual([['hit'], ['lock']]);
  });

  it('does not let a locked seat unlock: it is never asked again in the round', () => {
    const s = startFrom(scripted({ seats: 2, firstSeat: 0 }), 'lh h h');
    expect(s.locked).toEqual([true, false]);
    expect(game.toMove(s)).toBe(1);
  });
});

describe('T6/T16 the shoe runs dry (scenario 6)', () => {
  it('serves hits in seat order; a hit that finds the shoe empty locks the seat unseen', () => {
    // Round 1 (first seat 2) takes 7 cards; round 2 (first seat 0) deals 6 and leaves 39.
    const s = startFrom(scripted({ seats: 3, firstSeat: 2 }), 'h l l  l');
    expect(s.round).toBe(2);
    expect(s.firstSeat).toBe(0);
    act(s, 'hlh');
    for (let step = 0; step < 18; step++) act(s, 'hh');
    expect(game.publicView(s).shoe).toBe(1);
    const hole2 = game.spectatorView(s).hands[2]!.hole;
    expect(game.view(s, 2).seen).not.toContain(hole2);
    act(s, 'hh');
    const round = lastRound(s);
    expect(round.round).toBe(2);
    expect(round.choices[0]!.slice(-2)).toEqual(['hit', 'forced-lock']);
    expect(round.choices[2]!.at(-1)).toBe('failed-hit');
    expect(round.hands[0]).toHaveLength(22);
    expect(round.hands[2]).toHaveLength(21);
    expect(round.hands[2]!.at(-1)).toBe(hole2);
    expect(round.steps).toBe(21);
    expect(game.toMove(s)).toBeNull();
  });
});

describe('T8 round winner, T9 tie-breaks, T10 the take', () => {
  it('scenario 1: in the window the highest wins and takes every card', () => {
    const s = startFrom(scripted({ seats: 2, firstSeat: 0, top: ['TC1', 'AS1', '9C1', '8C1', '4C1', 'KC1'] }), 'hh ll');
    const round = lastRound(s);
    expect(round.values).toEqual([23, 19]);
    expect(round.winner).toBe(0);
    expect(round.cards).toBe(6);
    expect(s.piles[0]).toHaveLength(6);
    expect(game.publicView(s).players[0]!.pile).toEqual(['TC1', '9C1', '4C1', 'AS1', '8C1', 'KC1']);
  });

  it('scenario 2: outside the window, 17 and 25 are equally near; the higher average (8.5) wins', () => {
    const s = startFrom(scripted({ seats: 2, firstSeat: 0, top: ['TC1', '9C1', '7C1', '8C1', '8D1'] }), 'lh l');
    expect(lastRound(s).values).toEqual([17, 25]);
    expect(lastRound(s).winner).toBe(0);
  });

  it('scenario 3: 21 from 7, 7, 7 loses to 21 from A, K on average', () => {
    const s = startFrom(scripted({ seats: 2, firstSeat: 0, top: ['7C1', 'AS1', '7D1', 'KC1', '7H1'] }), 'hl l');
    expect(lastRound(s).values).toEqual([21, 21]);
    expect(lastRound(s).winner).toBe(1);
  });

  it('scenario 4: equal hands go to a draw-off, the ace (11) beats the 9, and the draw-off cards belong to the round', () => {
    const s = startFrom(scripted({ seats: 2, firstSeat: 0, top: ['TC1', 'KC1', 'TD1', 'QC1', '9C1', 'AC1'] }), 'll');
    const round = lastRound(s);
    expect(round.drawOffs).toEqual([{ seats: [0, 1], cards: ['9C1', 'AC1'] }]);
    expect(round.winner).toBe(1);
    expect(round.cards).toBe(6);
    expect(s.piles[1]).toHaveLength(6);
  });

  it('repeats the draw-off among the seats tied again, in seat order from the first seat', () => {
    const top = ['TC1', 'KC1', 'QD1', 'TD1', 'QC1', 'JD1', '9C1', '9D1', '2C1', '5C1', '4C1'];
    const s = startFrom(scripted({ seats: 3, firstSeat: 1, top }), 'lll');
    const round = lastRound(s);
    expect(round.values).toEqual([20, 20, 20]);
    // Seats 1, 2, 0 draw 9, 9, 2; seats 1 and 2 draw again: 5, 4.
    expect(round.drawOffs).toEqual([
      { seats: [1, 2, 0], cards: ['9C1', '9D1', '2C1'] },
      { seats: [1, 2], cards: ['5C1', '4C1'] },
    ]);
    expect(round.winner).toBe(1);
    expect(round.cards).toBe(11);
  });

  it('scenario 9: a tie the shoe cannot settle goes to the seeded lot, recorded in the setup (T9, T16)', () => {
    // Round 1 leaves 4 cards: round 2 deals them all, both seats are locked unasked (T16) and tie at 20.
    const setup = scripted({ seats: 2, firstSeat: 0, bottom: ['TC1', 'KC1', 'QC1', 'JC1'] });
    const s = startFrom(setup, `hl ${'h'.repeat(43)} l`);
    const round = lastRound(s);
    expect(round.round).toBe(2);
    expect(round.choices).toEqual([['forced-lock'], ['forced-lock']]);
    expect(round.values).toEqual([20, 20]);
    expect(round.lot).toEqual([1, 0]);
    const recorded = game.setupOf(s).lots;
    expect(recorded).toEqual([round.winner]);
    expect(s.piles[round.winner]!.length).toBeGreaterThanOrEqual(4);
    // The recorded lot decides a re-simulation by itself, whatever it names.
    for (const lot of [0, 1]) {
      const again = startFrom({ ...setup, lots: [lot] }, `hl ${'h'.repeat(43)} l`);
      expect(lastRound(again).winner).toBe(lot);
    }
  });
});

describe('T11/T12 the end of the shoe and war (scenario 8)', () => {
  it('plays one war round with 3 cards left for 2 seats: high card takes both, 1 card is dead', () => {
    const setup = scripted({ seats: 2, firstSeat: 0, bottom: ['5C1', 'KD1', '2S1'] });
    const s = startFrom(setup, `hl ${'h'.repeat(44)}`);
    expect(game.publicView(s).shoe).toBe(3);
    act(s, 'l');
    expect(game.toMove(s)).toBeNull();
    const war = lastRound(s);
    expect(war).toMatchObject({ round: 2, firstSeat: 1, war: true, hands: [['KD1'], ['5C1']], values: [10, 5], winner: 0, cards: 2 });
    expect(game.publicView(s).shoe).toBe(1);
    expect(JSON.stringify(game.publicView(s))).not.toContain('2S1');
    expect(game.spectatorView(s).shoeCards).toEqual(['2S1']);
  });

  it('ends at once with fewer cards than seats, and deals a normal round with 2 per seat', () => {
    const fewer = startFrom(scripted({ seats: 2, firstSeat: 0 }), `hl ${'h'.repeat(46)} l`);
    expect(game.publicView(fewer).shoe).toBe(1);
    expect(fewer.rounds).toHaveLength(1);
    expect(game.toMove(fewer)).toBeNull();
    const four = startFrom(scripted({ seats: 2, firstSeat: 0 }), `hl ${'h'.repeat(43)} l`);
    expect(four.rounds[1]!.war).toBe(false);
  });
});

describe('T13 game result (scenario 10)', () => {
  const finishedWith = (piles: number[]): NineteenTwentyThreeState => {
    const s = randomGame(1, 2, piles.length);
    s.piles = piles.map((count) => Array.from({ length: count }, (_, i) => i));
    return s;
  };

  it('gives the win to the most cards, and a tie for most is a shared win', () => {
    expect(game.result(finishedWith([30, 22]))).toEqual({ winner: 0, points: [30, 22], reason: 'most-cards', ranks: [1, 2] });
    expect(game.result(finishedWith([26, 26]))).toEqual({ winner: 0, points: [26, 26], reason: 'shared-most-cards', ranks: [1, 1] });
  });

  it('places seats in standard competition ranking', () => {
    expect(game.result(finishedWith([10, 20, 20, 2]))!.ranks).toEqual([3, 1, 1, 4]);
    expect(game.result(finishedWith([5, 20, 5]))!.ranks).toEqual([2, 1, 2]);
  });
});

describe('T14 length', () => {
  it('keeps games of random play within the round and step bounds', () => {
    for (const seats of [2, 3, 5, 9]) {
      for (let seed = 0; seed < 40; seed++) {
        const s = randomGame(seed, seed + 100, seats);
        const cards = 52 * s.setup.decks;
        const n = seats;
        expect(s.rounds.length).toBeLessThanOrEqual(Math.max(Math.floor(cards / (2 * n)), Math.floor((cards - n) / (2 * n)) + 1));
        let shoe = cards;
        for (const round of s.rounds) {
          expect(round.steps).toBeLessThanOrEqual(round.war ? 0 : shoe - 2 * n + 1);
          shoe -= round.cards;
        }
      }
    }
  });
});

describe('T16 the only decision', () => {
  it('offers hit and lock to the seat asked, and rejects anything else saying why', () => {
    const s = startFrom(scripted({ seats: 2, firstSeat: 0 }));
    expect(game.legalActions(s)).toEqual([HIT, LOCK]);
    expect(game.checkAction(s, { type: 'stand' })).toEqual({ ok: false, reason: 'unknown action type "stand"; expected hit or lock' });
    expect(game.checkAction(s, { type: 'hit', card: 1 })).toMatchObject({ ok: false });
    expect(() => game.apply(s, { type: 'double' } as never)).toThrow(IllegalActionError);
  });
});

describe('T17 forfeits', () => {
  it('voids the round in progress, places the forfeiting seat last and the others by their piles', () => {
    const s = startFrom(scripted({ seats: 3, firstSeat: 0, top: ['TC1', 'AS1', '2C1', '9C1', '7C1', '3C1'] }), 'lll');
    expect(s.piles.map((pile) => pile.length)).toEqual([6, 0, 0]);
    act(s, 'hh');
    expect(game.forfeitResult(s, 0)).toEqual({ winner: 1, points: [6, 0, 0], reason: 'forfeit', ranks: [3, 1, 1] });
    expect(game.forfeitResult(s, 2)).toEqual({ winner: 0, points: [6, 0, 0], reason: 'forfeit', ranks: [1, 2, 3] });
  });
});

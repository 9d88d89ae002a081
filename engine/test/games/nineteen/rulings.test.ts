/** The scenarios of RULINGS-nineteen §3 (1–10; 11 is golden.test.ts) and the rulings N1–N22 they exercise, scripted. */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VARIANT,
  GameError,
  nineteenCardOfCode as cardOf,
  NINETEEN_CARD_CODES as CODES,
  legalPlays,
  nineteen as game,
  resolveOptions,
  strongestCardIndex,
  type NineteenState,
} from '../../../src/index.ts';
import { act, deckFor, setupWith } from './script.ts';

const SPADES = 3;
const DIAMONDS = 1;

/** The cards of `hand` that may be played on `led` (null: leading), as codes. */
function legal(hand: string[], led: string | null, trump: number, options: { shortSuit?: boolean; reneging?: boolean } = {}): string[] {
  const out: number[] = [];
  const count = legalPlays(hand.map(cardOf).sort((a, b) => a - b), led === null ? -1 : cardOf(led), { trump, shortSuit: options.shortSuit ?? false, reneging: options.reneging ?? false }, out);
  return out.slice(0, count).map((card) => CODES[card]!).sort();
}

/** Scenario 2's deal: 2 seats, seat 0 deals, seat 1 will bid with ♠ trumps. */
const headsUpDeck = deckFor({
  seats: 2,
  dealer: 0,
  hands: [
    ['2S', '5C', 'AD', '10C', '9H'],
    ['AS', 'KS', 'QS', '2D', '4H'],
  ],
  kitty: ['7C', '8C', '9C'],
});

/** Scenario 2's play after `bid`: seat 1 takes tricks 1 (A♠), 2 and 4; forced cards are the engine's (N22). */
function playHeadsUp(bid: number): NineteenState {
  const s = game.start(setupWith({ seats: 2, firstDealer: 0, decks: [headsUpDeck] }));
  act(s, `1:bid ${bid}`, '0:pass', '1:trump S', '1:discard 7C 8C 9C', '0:discard');
  // T1: A♠ led; seat 0's only trump 2♠ is forced (N10, N22). T3: A♦ is seat 0's only diamond, forced too.
  act(s, '1:play AS', '1:play KS', '0:play 5C', '1:play 2D', '0:play 10C', '1:play QS');
  return s;
}

describe('N1 seats, sides, variants and seating', () => {
  it('plays 2–6 seats, teams of even against odd seats at 4 and 6 (N1)', () => {
    expect(game.seats).toEqual({ min: 2, max: 6 });
    expect(game.seating(2)).toEqual([[0], [1]]);
    expect(game.seating(3)).toEqual([[0], [1], [2]]);
    expect(game.seating(4)).toEqual([[0, 2], [1, 3]]);
    expect(game.seating(5)).toEqual([[0], [1], [2], [3], [4]]);
    expect(game.seating(6)).toEqual([[0, 2, 4], [1, 3, 5]]);
    expect(game.publicView(game.start(game.randomSetup(1, 6))).sides).toEqual([0, 1, 0, 1, 0, 1]);
    expect(game.publicView(game.start(game.randomSetup(1, 5))).sides).toEqual([0, 1, 2, 3, 4]);
  });

  it('names a leaderboard per style, size and option combination, none of them the default one (N1, N19, N20)', () => {
    const names = [2, 3, 4, 5, 6].flatMap((seats) =>
      [{}, { shortSuit: true }, { reneging: true }, { shortSuit: true, reneging: true }].map((given) => game.variant(seats, resolveOptions(game, seats, given))),
    );
    expect(new Set(names).size).toBe(20);
    expect(names).not.toContain(DEFAULT_VARIANT);
    expect(names.slice(0, 4)).toEqual(['heads-up', 'heads-up-short-suit', 'heads-up-reneging', 'heads-up-short-suit-reneging']);
    expect(game.variant(4, resolveOptions(game, 4))).toBe('partners-4');
    expect(game.variant(6, resolveOptions(game, 6))).toBe('partners-6');
    expect(game.variant(3, resolveOptions(game, 3))).toBe('cutthroat-3');
    expect(game.variant(5, resolveOptions(game, 5, { reneging: true }))).toBe('cutthroat-5-reneging');
  });

  it('has both options off by default, and rejects other values (N1)', () => {
    expect(resolveOptions(game, 4)).toEqual({ shortSuit: false, reneging: false });
    expect(() => resolveOptions(game, 4, { shortSuit: 'yes' })).toThrow(GameError);
    expect(() => resolveOptions(game, 4, { hold: true })).toThrow(/no option hold/);
    const setup = game.randomSetup(3, 4, resolveOptions(game, 4, { shortSuit: true }));
    expect(setup).toMatchObject({ shortSuit: true, reneging: false });
  });
});

describe('N2, N3 dealer and deal', () => {
  it('draws the first dealer from the seed and moves the deal one seat left each hand (N2)', () => {
    const s = game.start(game.randomSetup(11, 5));
    const first = s.setup.firstDealer;
    expect(game.randomSetup(11, 5).firstDealer).toBe(first);
    const dealers = new Set([0, 1, 2, 3, 4, 5, 6, 7].map((seed) => game.randomSetup(seed, 5).firstDealer));
    expect(dealers.size).toBeGreaterThan(1);
    expect(s.dealer).toBe(first);
    expect(s.toMove).toBe((first + 1) % 5); // N4: bidding starts left of the dealer
  });

  it('deals one card at a time from the dealer’s left, then 3 to the kitty, the rest the stock (N3)', () => {
    const s = game.start(setupWith({ seats: 2, firstDealer: 0, decks: [headsUpDeck] }));
    expect(game.spectatorView(s).seatCards).toEqual([
      ['5C', '10C', 'AD', '9H', '2S'],
      ['2D', '4H', 'QS', 'KS', 'AS'],
    ]);
    expect(game.spectatorView(s).kittyCards).toEqual(['7C', '8C', '9C']);
    expect(game.publicView(s)).toMatchObject({ kitty: 3, stock: 39, handSizes: [5, 5] });
  });
});

describe('N4 bidding', () => {
  it('scenario 1 (bagged): 3 seats all pass, so the dealer bids 3, calls trump, takes the kitty and leads trick 1', () => {
    const deck = deckFor({ seats: 3, dealer: 2, hands: [['2C', '3C', '4C', '5C', '6C'], ['2D', '3D', '4D', '5D', '6D'], ['2H', '3H', '4H', '5H', '6H']], kitty: ['AS', 'KS', 'QS'] });
    const s = game.start(setupWith({ seats: 3, firstDealer: 2, decks: [deck] }));
    act(s, '0:pass', '1:pass', '2:pass');
    const record = game.publicView(s).hands[0]!;
    expect(record).toMatchObject({ bidder: 2, bid: 3, bagged: true, bids: [{ seat: 0, bid: null }, { seat: 1, bid: null }, { seat: 2, bid: null }] });
    expect(game.toMove(s)).toBe(2);
    expect(game.legalActions(s).map((a) => a.type)).toEqual(['trump', 'trump', 'trump', 'trump']);
    act(s, '2:trump S');
    expect(game.view(s, 2).cards).toEqual(['2H', '3H', '4H', '5H', '6H', 'QS', 'KS', 'AS']);
    expect(game.view(s, 2).own.at(-1)!.kitty).toEqual(['QS', 'KS', 'AS']);
    expect(game.view(s, 0).own.at(-1)!.kitty).toBeNull();
    act(s, '0:discard', '1:discard', '2:discard 2H 3H 4H');
    expect(s.leaders).toEqual([2]);
    expect(game.toMove(s)).toBe(2);
    expect(game.publicView(s).phase).toBe('play');
  });

  it('takes bids strictly above the high bid, teammates outbidding each other, and forces the pass after a 6 (N4, N22)', () => {
    const s = game.start(game.randomSetup(2, 4));
    const first = s.toMove;
    expect(game.legalActions(s)).toEqual([{ type: 'pass' }, { type: 'bid', amount: 3 }, { type: 'bid', amount: 4 }, { type: 'bid', amount: 5 }, { type: 'bid', amount: 6 }]);
    // a shared action of another copy of the engine (a bot's bundle) carries that copy's hidden id symbol
    const foreignPass = Object.defineProperty({ type: 'pass' }, Symbol('nineteen.actionId'), { value: 0, enumerable: false });
    expect(game.checkAction(s, foreignPass)).toEqual({ ok: true, action: { type: 'pass' } });
    expect(game.checkAction(s, { type: 'pass', amount: 3 })).toMatchObject({ ok: false, reason: expect.stringMatching(/exactly the fields/) });
    game.apply(s, { type: 'bid', amount: 4 });
    expect(game.checkAction(s, { type: 'bid', amount: 4 })).toMatchObject({ ok: false });
    game.apply(s, { type: 'pass' });
    game.apply(s, { type: 'bid', amount: 6 }); // the first bidder's teammate
    // N22: the last seat may only pass: the engine passes for it, and bidding is over.
    expect(game.publicView(s).phase).toBe('trump');
    expect(game.toMove(s)).toBe((first + 2) % 4);
    const last = (first + 3) % 4;
    expect(game.spectatorView(s).forced).toEqual([{ hand: 1, seat: last, trick: null }]);
    expect(game.view(s, last).forced).toEqual([{ hand: 1, seat: last, trick: null }]);
    expect(game.view(s, first).forced).toEqual([]);
    expect(game.publicView(s).hands[0]!.bids.at(-1)).toEqual({ seat: last, bid: null });
  });
});

describe('N5, N6 trump, kitty and discards', () => {
  it('bars a bidder from keeping more than 5 and makes 6 seats keep 2, 5 seats keep 1 (N6)', () => {
    const s = game.start(setupWith({ seats: 2, firstDealer: 0, decks: [headsUpDeck] }));
    act(s, '1:bid 4', '0:pass', '1:trump S');
    expect(game.checkAction(s, { type: 'discard', cards: ['7C', '8C'] })).toMatchObject({ ok: false, reason: expect.stringMatching(/at most 5/) });
    expect(game.checkAction(s, { type: 'discard', cards: ['8C', '7C', '9C'] })).toMatchObject({ ok: false, reason: expect.stringMatching(/in order/) });
    expect(game.checkAction(s, { type: 'discard', cards: ['7C', '8C', '2H'] })).toMatchObject({ ok: false, reason: expect.stringMatching(/do not hold 2H/) });
    // N22: Σ C(8, k) for k = 0..5 discard sets for a bidder with 2–4 seats.
    expect(game.legalActions(s)).toHaveLength(219);
    act(s, '1:discard 7C 8C 9C');
    expect(game.legalActions(s)).toHaveLength(32);
    for (const [seats, bidder, other] of [[5, 218, 31], [6, 210, 26]] as const) {
      const t = game.start(game.randomSetup(4, seats));
      for (let i = 0; i < seats; i++) game.apply(t, { type: 'pass' });
      game.apply(t, { type: 'trump', suit: 'H' });
      const counts: number[] = [];
      while (t.phase === 2) {
        counts.push(game.legalActions(t).length);
        game.apply(t, game.legalActions(t)[0]!);
      }
      expect(counts).toEqual([...new Array<number>(seats - 1).fill(other), bidder]);
    }
  });

  it('shows no discard count until every seat has discarded, and hand sizes before the discard meanwhile (N6)', () => {
    const s = game.start(setupWith({ seats: 2, firstDealer: 0, decks: [headsUpDeck] }));
    act(s, '1:bid 4', '0:pass', '1:trump S');
    expect(game.publicView(s)).toMatchObject({ handSizes: [5, 8], kitty: 0 });
    act(s, '1:discard 7C 8C 9C 2D 4H');
    expect(game.publicView(s)).toMatchObject({ handSizes: [5, 8], stock: 39 });
    expect(game.view(s, 0).hands[0]!.discards).toBeNull();
    expect(game.view(s, 1).own[0]!.discarded).toEqual(['7C', '8C', '9C', '2D', '4H']);
    act(s, '0:discard 5C');
    expect(game.publicView(s).hands[0]!.discards).toEqual([1, 5]);
    expect(game.publicView(s)).toMatchObject({ handSizes: [5, 5], stock: 36 });
  });
});

describe('N7 replenishing', () => {
  it('scenario 9 (four and a flip): a non-bidder that throws all five gets four and one face-up card, shown to every seat until played', () => {
    const s = game.start(setupWith({ seats: 2, firstDealer: 0, decks: [headsUpDeck] }));
    act(s, '1:bid 4', '0:pass', '1:trump S', '1:discard 7C 8C 9C', '0:discard 5C 10C AD 9H 2S');
    const served = game.view(s, 0).own[0]!.received!;
    expect(served).toHaveLength(5);
    const flip = game.spectatorView(s).decks[0]![13 + 4]!; // the stock starts at 13; seat 0 is served last
    expect(game.publicView(s).hands[0]!.flips).toEqual([{ seat: 0, card: flip }]);
    expect(game.view(s, 1).hands[0]!.flips).toEqual([{ seat: 0, card: flip }]);
    expect(game.view(s, 0).cards).toContain(flip);
    expect(JSON.stringify(game.view(s, 1))).toContain(`"${flip}"`);
    // Until it is played, it stays in the hand record of every view.
    while (game.toMove(s) !== null && s.hand === 1 && s.cards[0]!.includes(cardOf(flip))) {
      expect(game.view(s, 1).hands.at(-1)!.flips).toEqual([{ seat: 0, card: flip }]);
      game.apply(s, game.legalActions(s)[0]!);
    }
  });

  it('serves a bidder that keeps none of its 8 four and a flip too (N7)', () => {
    const s = game.start(setupWith({ seats: 2, firstDealer: 0, decks: [headsUpDeck] }));
    act(s, '1:bid 4', '0:pass', '1:trump S', '1:discard 7C 8C 9C 2D 4H QS KS AS', '0:discard');
    expect(game.publicView(s).hands[0]!.flips.map((flip) => flip.seat)).toEqual([1]);
    expect(game.publicView(s).hands[0]!.discards).toEqual([0, 8]);
  });
});

describe('N9–N13 tricks and scoring', () => {
  it('scenario 2 (made): seat 1 bids 4 with ♠ trumps, takes tricks 1 (A♠), 2 and 4: +4 for it, +2 for seat 0', () => {
    const s = playHeadsUp(4);
    const record = game.publicView(s).hands[0]!;
    expect(record.tricks.map((trick) => trick.winner)).toEqual([1, 1, 0, 1, 0]);
    expect(record.tricks[0]).toEqual({ leader: 1, cards: ['AS', '2S'], winner: 1 });
    expect(record.bonusTrick).toBe(1);
    expect(record.points).toEqual([2, 4]);
    expect(record.scores).toEqual([2, 4]);
    expect(game.publicView(s).scores).toEqual([2, 4]);
    // N22: the forced cards, marked for their own seat only.
    expect(game.spectatorView(s).forced.filter((move) => move.hand === 1)).toEqual([
      { hand: 1, seat: 0, trick: 1 },
      { hand: 1, seat: 0, trick: 3 },
      { hand: 1, seat: 1, trick: 5 },
      { hand: 1, seat: 0, trick: 5 },
    ]);
    expect(game.view(s, 1).forced.filter((move) => move.hand === 1)).toEqual([{ hand: 1, seat: 1, trick: 5 }]);
    expect(JSON.stringify(game.publicView(s))).not.toContain('forced');
    // N2: hand 2 is dealt by seat 1; N9: seat 1 led trick 1 as the bidder.
    expect(s.hand).toBe(2);
    expect(s.dealer).toBe(1);
  });

  it('scenario 3 (set): bid 5, the bidder takes 4 points: −5 for it, +2 for the other side (N13)', () => {
    const s = playHeadsUp(5);
    expect(game.publicView(s).hands[0]).toMatchObject({ points: [2, 4], scores: [2, -5] });
  });

  it('scenario 6 (follow): trump ♠ and ♦ led: ♦5, ♠2, ♣K may play ♦5 or ♠2; a seat without diamonds anything (N10)', () => {
    expect(legal(['5D', '2S', 'KC'], '9D', SPADES)).toEqual(['2S', '5D']);
    expect(legal(['3H', '2S', 'KC'], '9D', SPADES)).toEqual(['2S', '3H', 'KC']);
    // A trump lead binds a seat holding a trump to play one, any one.
    expect(legal(['5D', '2S', 'AS'], '9S', SPADES)).toEqual(['2S', 'AS']);
    // The leader leads anything.
    expect(legal(['5D', '2S', 'KC'], null, SPADES)).toEqual(['2S', '5D', 'KC']);
  });

  it('scenario 7 (short suit): after Q♥ led with ♠ trumps a seat with no trump follows hearts; Q♥ alone is no heart (N19)', () => {
    expect(legal(['3H', 'AC'], 'QH', SPADES, { shortSuit: true })).toEqual(['3H']);
    expect(legal(['3H', 'AC', '2S'], 'QH', SPADES, { shortSuit: true })).toEqual(['2S']);
    expect(legal(['QH', 'AC', '2D'], '5H', SPADES, { shortSuit: true })).toEqual(['2D', 'AC', 'QH']);
    // Q♥ is a trump on a heart lead, so it may always be played there; a real heart binds.
    expect(legal(['QH', '3H', 'AC'], '5H', SPADES, { shortSuit: true })).toEqual(['3H', 'QH']);
    // With hearts trump the option changes nothing: Q♥ is the third trump.
    expect(legal(['QH', 'AC'], '5H', 2, { shortSuit: true })).toEqual(['QH']);
    // Without the option Q♥ is a plain heart.
    expect(legal(['3H', 'AC'], 'QH', SPADES)).toEqual(['3H']);
    expect(legal(['QH', 'AC', '2D'], '5H', SPADES)).toEqual(['QH']);
  });

  it('scenario 8 (renege): trump ♠ and 10♠ led: K♠ 3♠ play either; K♠ alone anything; after A♠ the K♠ is forced (N20)', () => {
    const reneging = { reneging: true };
    expect(legal(['KS', '3S', '4D'], '10S', SPADES, reneging)).toEqual(['3S', 'KS']);
    expect(legal(['KS', '4D', '5C'], '10S', SPADES, reneging)).toEqual(['4D', '5C', 'KS']);
    expect(legal(['KS', '4D', '5C'], 'AS', SPADES, reneging)).toEqual(['KS']);
    // Without the option the K♠ must follow the 10♠; non-trump leads are unaffected.
    expect(legal(['KS', '4D', '5C'], '10S', SPADES)).toEqual(['KS']);
    expect(legal(['KS', '4D', '5C'], '9D', SPADES, reneging)).toEqual(['4D', 'KS']);
    // With the short suit the Q♥ is the third major and the Q♠ is not; after a Q♥ lead a seat whose trumps are all exempt is not bound to hearts.
    const both = { reneging: true, shortSuit: true };
    expect(legal(['QS', '4D'], '10S', SPADES, both)).toEqual(['QS']);
    expect(legal(['QH', '4D'], '10S', SPADES, both)).toEqual(['4D', 'QH']);
    expect(legal(['AS', '3H', '4D'], 'QH', SPADES, both)).toEqual(['3H', '4D', 'AS']);
  });

  it('ranks Q♥ between the K and the Q of trump with the short suit, and wins tricks by N11', () => {
    const s = game.start(setupWith({ seats: 2, firstDealer: 0, decks: [headsUpDeck], shortSuit: true }));
    expect(s.shortSuit).toBe(true);
    const play = (cards: string[]) => strongestCardIndex(cards.map(cardOf), SPADES, true);
    expect(play(['QS', 'QH', 'KS'])).toBe(2);
    expect(play(['QS', 'QH', 'JS'])).toBe(1);
    expect(strongestCardIndex(['QS', 'QH'].map(cardOf), SPADES, false)).toBe(0);
  });

  it('scenario 10 (no trump played): the trick with the highest-ranked card, the earliest on equal ranks, is worth 2 (N12)', () => {
    const deck = deckFor({ seats: 2, dealer: 0, hands: [['2C', 'AD', '6H', '7H', '8H'], ['AC', '2D', '3D', '4D', '5D']], kitty: ['9C', '10C', 'JC'] });
    const s = game.start(setupWith({ seats: 2, firstDealer: 0, decks: [deck] }));
    act(s, '1:bid 3', '0:pass', '1:trump S', '1:discard 9C 10C JC', '0:discard');
    act(s, '1:play 2D', '0:play 6H', '1:play AC', '0:play 7H', '1:play 3D', '0:play 8H', '1:play 4D');
    const record = game.publicView(s).hands[0]!;
    expect(record.tricks.flatMap((trick) => trick.cards).some((card) => card.endsWith('S'))).toBe(false);
    expect(record.tricks[0]!.cards).toEqual(['2D', 'AD']);
    expect(record.tricks[1]!.cards).toEqual(['6H', 'AC']);
    expect(record.bonusTrick).toBe(1);
    expect(record.points).toEqual([6, 0]);
    expect(record.scores).toEqual([6, -3]);
    expect(strongestCardIndex(['2D', 'AD', '6H', 'AC'].map(cardOf), SPADES, false)).toBe(1);
    expect(strongestCardIndex(['2D', '5D'].map(cardOf), DIAMONDS, false)).toBe(1);
  });
});

/** Scenario 4's deal: 4 seats, seat 3 deals, seat 0 (team A) bids 3 with ♠ trumps. */
const partnersDeck = deckFor({
  seats: 4,
  dealer: 3,
  hands: [
    ['AS', '2C', '3C', '4C', 'AC'],
    ['KC', 'QC', 'JC', '10C', '9C'],
    ['2D', '3D', '4D', '5D', '6D'],
    ['2H', '3H', '4H', '5H', '6H'],
  ],
  kitty: ['7D', '8D', '9D'],
});

/** Scenario 5's deal: 3 seats, seat 2 deals, seat 0 (A) bids 3 with ♠ trumps and takes 2; B and C take 2 each. */
const cutthroatDeck = deckFor({
  seats: 3,
  dealer: 2,
  hands: [
    ['AS', '2C', '3C', '4C', '5C'],
    ['KC', 'QC', '2D', '7H', '8H'],
    ['AD', 'KD', '2H', '3H', 'KH'],
  ],
  kitty: ['7D', '8D', '9D'],
});

function playCutthroatHand(s: NineteenState): void {
  act(s, '0:bid 3', '1:pass', '2:pass', '0:trump S', '0:discard 7D 8D 9D', '1:discard', '2:discard');
  act(s, '0:play AS', '1:play 7H', '2:play 2H', '0:play 2C', '1:play KC', '2:play 3H', '1:play QC', '2:play KD', '0:play 3C', '1:play 2D', '0:play 4C');
}

/** A game started from `deck` (then random decks) with the scores set to `scores` before hand 1. */
function fromScores(seats: number, dealer: number, deck: string[], scores: number[], suddenDeath = false): NineteenState {
  const s = game.start(setupWith({ seats, firstDealer: dealer, decks: [deck] }));
  s.scores = scores.slice();
  s.suddenDeath = suddenDeath;
  return s;
}

describe('N14–N17 going out, sudden death, the cap and the result', () => {
  it('scenario 4 (bidder goes out): team A at 17 bids 3 and takes 3 (20), team B at 16 takes 3 (19): team A wins (N14b)', () => {
    const s = fromScores(4, 3, partnersDeck, [17, 16]);
    act(s, '0:bid 3', '1:pass', '2:pass', '3:pass', '0:trump S', '0:discard 7D 8D 9D', '1:discard', '2:discard', '3:discard');
    act(s, '0:play AS', '1:play 9C', '2:play 2D', '3:play 2H', '0:play AC', '1:play 10C', '2:play 3D', '3:play 3H', '0:play 2C', '1:play JC', '2:play 4D', '3:play 4H');
    act(s, '1:play QC', '2:play 5D', '3:play 5H', '0:play 3C');
    expect(game.toMove(s)).toBeNull();
    expect(game.publicView(s).hands[0]).toMatchObject({ points: [3, 3], scores: [20, 19] });
    // N17: teammates share the result; places count sides.
    expect(game.result(s)).toEqual({ winner: 0, points: [20, 19, 20, 19], reason: 'bidder-out', ranks: [1, 2, 1, 2] });
  });

  it('gives the win to the one side that reached 19 when the bidder’s did not, even the set bidder’s opponent (N14c)', () => {
    const s = fromScores(3, 2, cutthroatDeck, [10, 17, 12]);
    playCutthroatHand(s);
    expect(game.result(s)).toEqual({ winner: 1, points: [7, 19, 14], reason: 'out', ranks: [3, 1, 2] });
  });

  it('scenario 5 (three-way tie): A (bidder) at 10 is set with 2, B and C at 17 reach 19 each: sudden death follows (N14d, N15)', () => {
    const s = fromScores(3, 2, cutthroatDeck, [10, 17, 17]);
    playCutthroatHand(s);
    expect(game.publicView(s).hands[0]).toMatchObject({ points: [2, 2, 2], scores: [7, 19, 19] });
    expect(game.toMove(s)).not.toBeNull();
    expect(game.publicView(s)).toMatchObject({ suddenDeath: true, hand: 2, dealer: 0 });
    // The first hand that leaves one seat strictly on top ends the game, whatever the scores.
    while (game.toMove(s) !== null) game.apply(s, game.legalActions(s)[0]!);
    const records = game.publicView(s).hands;
    for (const record of records.slice(1, -1)) {
      const top = Math.max(...record.scores!);
      expect(record.scores!.filter((score) => score === top).length).toBeGreaterThan(1);
    }
    const last = records.at(-1)!.scores!;
    const result = game.result(s)!;
    expect(result.reason).toBe('sudden-death');
    expect(last.filter((score) => score > last[result.winner]! - 1 && score !== last[result.winner])).toEqual([]);
    expect(last.filter((score) => score === last[result.winner]!)).toHaveLength(1);
  });

  it('gives the win to the non-bidder with the most points when several go out and the bidder does not (N14d)', () => {
    const s = fromScores(3, 2, cutthroatDeck, [10, 17, 18]);
    playCutthroatHand(s);
    expect(game.result(s)).toEqual({ winner: 2, points: [7, 19, 20], reason: 'most-out', ranks: [3, 2, 1] });
  });

  it('in sudden death, the one seat strictly on top wins whatever its score, even the bidder that was set (N15)', () => {
    const a = fromScores(3, 2, cutthroatDeck, [12, 4, 4], true);
    playCutthroatHand(a);
    expect(game.result(a)).toEqual({ winner: 0, points: [9, 6, 6], reason: 'sudden-death', ranks: [1, 2, 2] });
    const c = fromScores(3, 2, cutthroatDeck, [20, 15, 16], true);
    playCutthroatHand(c);
    expect(game.result(c)).toEqual({ winner: 2, points: [17, 17, 18], reason: 'sudden-death', ranks: [2, 2, 1] });
  });

  it('places the winner first even below another side’s score, the others by score sharing places (N14b, N17)', () => {
    // A bidder that goes out at 19 beats a non-bidder at 20.
    const s = fromScores(3, 2, cutthroatDeck, [16, 18, 2]);
    act(s, '0:bid 3', '1:pass', '2:pass', '0:trump S', '0:discard 7D 8D 9D', '1:discard', '2:discard');
    act(s, '0:play AS', '1:play 7H', '2:play 2H', '0:play 2C', '1:play KC', '2:play 3H', '1:play QC', '2:play KD', '0:play 3C', '1:play 2D', '0:play 4C');
    // A took 2 of its bid 3: set, so it did not go out; B at 20 did.
    expect(game.result(s)).toEqual({ winner: 1, points: [13, 20, 4], reason: 'out', ranks: [2, 1, 3] });
  });

  it('ends after hand 100 with the top score winning, ties sharing the win, the end check first (N16, N17)', () => {
    const s = game.start(game.randomSetup(8, 3));
    s.hand = 99;
    s.scores = [0, 0, 0];
    // The hand in play counts as hand 99: hand 100 follows, and the cap ends the game after it.
    while (game.toMove(s) !== null) game.apply(s, game.legalActions(s)[0]!);
    expect(s.hand).toBe(100);
    const result = game.result(s)!;
    expect(['hand-limit', 'hand-limit-shared']).toContain(result.reason);
    const top = Math.max(...result.points);
    expect(result.ranks!.map((rank, seat) => rank === 1 === (result.points[seat] === top))).toEqual([true, true, true]);
    expect(result.reason === 'hand-limit-shared').toBe(result.points.filter((p) => p === top).length > 1);
  });

  it('runs the end check before the cap on hand 100 (N14, N16)', () => {
    const s = fromScores(3, 2, cutthroatDeck, [10, 17, 12]);
    s.hand = 100;
    playCutthroatHand(s);
    expect(game.result(s)).toMatchObject({ winner: 1, reason: 'out' });
  });

  it('shares the win at the cap between sides tied at the top, each a draw (N16, N17)', () => {
    const s = fromScores(3, 2, cutthroatDeck, [-20, -19, -19]);
    s.hand = 100;
    playCutthroatHand(s);
    expect(game.result(s)).toEqual({ winner: 1, points: [-23, -17, -17], reason: 'hand-limit-shared', ranks: [3, 1, 1] });
  });
});

describe('N18 forfeits', () => {
  it('places the forfeiting seat’s whole side last and the others by score, the top ones sharing the win', () => {
    const s = fromScores(5, 0, game.spectatorView(game.start(game.randomSetup(1, 5))).decks[0]!.slice(), [5, 9, 9, 2, 9]);
    expect(game.forfeitResult(s, 1)).toEqual({ winner: 2, points: [5, 9, 9, 2, 9], reason: 'forfeit', ranks: [3, 5, 1, 4, 1] });
    const t = fromScores(4, 0, partnersDeck, [12, 3]);
    expect(game.forfeitResult(t, 2)).toEqual({ winner: 1, points: [12, 3, 12, 3], reason: 'forfeit', ranks: [2, 1, 2, 1] });
  });
});

describe('N22 forced moves', () => {
  it('never asks a seat with one legal action, and records the move as forced for that seat and the spectator only', () => {
    const s = playHeadsUp(4);
    const spectator = game.spectatorView(s);
    expect(spectator.forced).toHaveLength(4);
    expect(game.view(s, 0).forced).toEqual(spectator.forced.filter((move) => move.seat === 0));
    expect('forced' in game.publicView(s)).toBe(false);
  });
});

describe('§5 setups and replays', () => {
  it('records every hand’s deck and scores in setupOf, and refuses a setup whose scores contradict the play', () => {
    const s = playHeadsUp(4);
    const setup = game.setupOf(s);
    expect(setup.decks).toHaveLength(2);
    expect(setup.decks[0]).toEqual(headsUpDeck);
    expect(setup.scores).toEqual([[2, 4]]);
    const wrong = { ...setup, scores: [[4, 2]] };
    const t = game.start(game.parseSetup(wrong));
    expect(() => playTo(t)).toThrow(/setup.scores\[0\]/);
  });

  it('draws a hand’s deck from the seed and the hand number alone, whatever was played before (§5)', () => {
    const a = game.start(game.randomSetup(21, 4));
    const b = game.start(game.randomSetup(21, 4));
    const random = [0, 1];
    while (a.hand < 3) game.apply(a, game.legalActions(a)[random[0]! % game.legalActions(a).length]!);
    while (b.hand < 3) game.apply(b, game.legalActions(b).at(-1)!);
    expect(game.setupOf(a).decks[2]).toEqual(game.setupOf(b).decks[2]);
    expect(a.dealer).toBe(b.dealer);
  });

  it('rejects malformed setups with a reason', () => {
    const good = game.randomSetup(1, 3);
    for (const [bad, reason] of [
      [{ ...good, seats: 7 }, /2 to 6 seats/],
      [{ ...good, firstDealer: 3 }, /firstDealer/],
      [{ ...good, decks: [['AS']] }, /52 cards/],
      [{ ...good, decks: [[...headsUpDeck.slice(0, 51), 'AS']] }, /twice/],
      [{ ...good, scores: [[1, 2, 3]] }, /more hands/],
      [{ ...good, shortSuit: 1 }, /shortSuit/],
    ] as const) {
      expect(() => game.parseSetup(bad)).toThrow(reason);
    }
  });
});

function playTo(s: NineteenState): void {
  const hand = s.hand;
  while (game.toMove(s) !== null && s.hand === hand) game.apply(s, game.legalActions(s)[0]!);
}

describe('N6 discards offered and answered', () => {
  it('takes an offered discard as it is, and reads a changed one as the value it now is', () => {
    const s = game.start(setupWith({ seats: 2, firstDealer: 0, decks: [headsUpDeck] }));
    act(s, '1:bid 4', '0:pass', '1:trump S');
    const offered = game.legalActions(s).find((a) => a.type === 'discard' && a.cards.length === 5) as { type: 'discard'; cards: string[] };
    const before = offered.cards.slice();
    offered.cards[4] = '2H'; // not the seat's card: the changed value is illegal
    expect(game.checkAction(s, offered)).toMatchObject({ ok: false, reason: expect.stringMatching(/do not hold 2H/) });
    offered.cards.splice(0, 5, ...before);
    expect(game.checkAction(s, offered)).toEqual({ ok: true, action: { type: 'discard', cards: before } });
  });
});

/** Legal plays and tricks (N10, N11, N12, N19, N20, scenarios 6, 7, 8 and 10), checked against the engine. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nineteen } from '@xix/engine';
import { stateArbitrary } from '../../../test/nineteen-states.ts';
import { handRules, type NineteenRules } from './cards.ts';
import { bonusCardIndex, legalCards, playableCards, seatOfCard, trickInPlay, trickWinner, wouldTake } from './tricks.ts';

const spades: NineteenRules = { trump: 'S', shortSuit: false, reneging: false };

describe('playableCards', () => {
  it('N10, scenario 6: on a ♦ lead with ♠ trump, the diamonds and trumps; without a diamond, anything', () => {
    expect(playableCards(['5D', 'KC', '2S'], '10D', spades)).toEqual(['5D', '2S']);
    expect(playableCards(['KC', '2S', '3H'], '10D', spades)).toEqual(['KC', '2S', '3H']);
    expect(playableCards(['KC', '2S', '3H'], null, spades)).toEqual(['KC', '2S', '3H']);
  });

  it('N10: on a trump lead a seat with a trump plays a trump', () => {
    expect(playableCards(['KC', '2S', '3S'], '10S', spades)).toEqual(['2S', '3S']);
  });

  it('N19, scenario 7: after a Q♥ lead a seat without trump follows hearts; on a ♥ lead a lone Q♥ is no heart', () => {
    const short = { ...spades, shortSuit: true };
    expect(playableCards(['3H', 'AC'], 'QH', short)).toEqual(['3H']);
    expect(playableCards(['QH', '2C', '4D'], '5H', short)).toEqual(['QH', '2C', '4D']);
    expect(playableCards(['QH', '2C', '4D'], '5H', spades)).toEqual(['QH']);
  });

  it('N20, scenario 8: K♠ and 3♠ on a 10♠ lead give both; a lone K♠ reneges; on an A♠ lead the K♠ must follow', () => {
    const renege = { ...spades, reneging: true };
    expect(playableCards(['3D', 'KS', '3S'], '10S', renege)).toEqual(['KS', '3S']);
    expect(playableCards(['3D', 'KS', '4H'], '10S', renege)).toEqual(['3D', 'KS', '4H']);
    expect(playableCards(['3D', 'KS', '4H'], 'AS', renege)).toEqual(['KS']);
    expect(playableCards(['3D', 'KS', '4H'], '10S', spades)).toEqual(['KS']);
  });

  it('N10: a seat to move may play exactly the cards the engine offers it', () => {
    fc.assert(
      fc.property(stateArbitrary, ({ state }) => {
        const seat = nineteen.toMove(state);
        if (seat === null) return;
        const view = nineteen.view(state, seat);
        const rules = handRules(view);
        const trick = trickInPlay(view);
        if (trick === null || rules === null) expect(legalCards(view)).toEqual([]);
        else expect(playableCards(view.cards, trick.cards[0] ?? null, rules)).toEqual(legalCards(view));
      }),
      { numRuns: 150 },
    );
  });
});

describe('trickWinner and bonusCardIndex', () => {
  it('N11: the highest trump, else the highest of the led suit; other suits never win', () => {
    expect(trickWinner(['10D', 'AC', 'KD'], spades)).toBe(2);
    expect(trickWinner(['10D', '2S', 'AD'], spades)).toBe(1);
    expect(trickWinner(['10D', '2S', '3S'], spades)).toBe(2);
    expect(trickWinner(['QS', 'QH', 'AD'], { ...spades, shortSuit: true })).toBe(1);
  });

  it('N12, scenario 10: the highest trump played, or with none the highest rank, the earliest on a tie', () => {
    expect(bonusCardIndex(['AD', '2S', 'KC', '3C'], spades)).toBe(1);
    expect(bonusCardIndex(['KD', 'AC', '3H', 'AD', '3D'], spades)).toBe(1);
  });

  it('N11: every finished trick of any game went to the seat trickWinner names; the trick in play leads as winningSoFar says', () => {
    fc.assert(
      fc.property(stateArbitrary, ({ state, seats }) => {
        const seat = nineteen.toMove(state) ?? 0;
        const view = nineteen.view(state, seat);
        for (const hand of view.hands) {
          if (hand.trump === null) continue;
          const rules = { trump: hand.trump, shortSuit: view.shortSuit };
          for (const trick of hand.tricks) {
            if (trick.winner !== null) expect(seatOfCard(trick, trickWinner(trick.cards, rules), seats)).toBe(trick.winner);
          }
        }
        const trick = trickInPlay(view);
        if (trick === null || nineteen.toMove(state) === null) return;
        // The last card of a trick: the engine gives the trick to this seat exactly when wouldTake said so.
        if (trick.cards.length !== seats - 1) return;
        for (const action of view.legalActions) {
          if (action.type !== 'play') continue;
          const after = nineteen.clone(state);
          nineteen.apply(after, action);
          const finished = nineteen.spectatorView(after).hands.find((h) => h.hand === view.hand)!.tricks[view.hands.at(-1)!.tricks.length - 1]!;
          expect(finished.winner === seat).toBe(wouldTake(view, action.card));
        }
      }),
      { numRuns: 150 },
    );
  });
});

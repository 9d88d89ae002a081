/**
 * The lazy list behind N22's discard lists (engine/src/games/nineteen/lazy-list.ts): it makes an
 * element only when read, and to every reader it is the plain array it stands for.
 */
import { describe, expect, it } from 'vitest';
import { nineteen as game, type DiscardAction } from '../../../src/index.ts';
import { lazyList } from '../../../src/games/nineteen/lazy-list.ts';
import { setupWith } from './script.ts';

/** A lazy list of `{ at: i }` for i < length, with the indices it made, in order. */
function counted(length: number): { list: readonly { at: number }[]; made: number[] } {
  const made: number[] = [];
  const { list } = lazyList(length, (at) => {
    made.push(at);
    return { at };
  });
  return { list, made };
}

const plain = (length: number): { at: number }[] => Array.from({ length }, (_, at) => ({ at }));

describe('lazyList', () => {
  it('makes only the elements read by index, each once, and knows its length without making any', () => {
    const { list, made } = counted(219);
    expect(list.length).toBe(219);
    expect(made).toEqual([]);
    const element = list[150];
    expect(element).toEqual({ at: 150 });
    expect(list[150]).toBe(element);
    expect(list[219]).toBeUndefined();
    expect(made).toEqual([150]);
  });

  it('gives the same elements read one index at a time as all at once, past the few it keeps apart', () => {
    const { list, made } = counted(219);
    const first = list[3];
    const oneByOne = Array.from({ length: 219 }, (_, i) => list[(i * 7) % 219]);
    expect(oneByOne.map((x) => x!.at)).toEqual(Array.from({ length: 219 }, (_, i) => (i * 7) % 219));
    expect(list[3]).toBe(first);
    expect([...list]).toEqual(plain(219));
    expect(new Set(made).size).toBe(219);
    expect(made).toHaveLength(219);
  });

  it('is the plain array to Array.isArray, JSON, iteration, spreading, array methods and deep equality', () => {
    const { list, made } = counted(5);
    const first = list[0];
    expect(Array.isArray(list)).toBe(true);
    expect(JSON.stringify(list)).toBe(JSON.stringify(plain(5)));
    expect([...list]).toEqual(plain(5));
    expect(list.map((x) => x.at)).toEqual([0, 1, 2, 3, 4]);
    expect(list.indexOf(first!)).toBe(0);
    expect(Object.keys(list)).toEqual(['0', '1', '2', '3', '4']);
    expect(2 in list).toBe(true);
    expect(list).toEqual(plain(5));
    expect(list).toStrictEqual(plain(5));
    expect(made).toEqual([0, 1, 2, 3, 4]);
  });

  it('makes every element before a write, so a caller that changes its copy changes only its copy', () => {
    const { list, made } = counted(3);
    (list as { at: number }[]).push({ at: 99 });
    expect(made).toEqual([0, 1, 2]);
    expect(list.map((x) => x.at)).toEqual([0, 1, 2, 99]);
    const other = counted(3);
    (other.list as { at: number }[]).length = 1;
    expect(other.list).toEqual([{ at: 0 }]);
  });
});

describe('N22 discard lists are lazy', () => {
  it('lists the bidder’s 219 sets as the same plain data whether read one by one or all at once', () => {
    const s = game.start(setupWith({ seats: 2, firstDealer: 0, decks: [] }));
    game.apply(s, { type: 'bid', amount: 4 });
    game.apply(s, { type: 'pass' });
    game.apply(s, { type: 'trump', suit: 'S' });
    const lazy = game.legalActions(s);
    const oneByOne = Array.from({ length: lazy.length }, (_, i) => lazy[i]);
    expect(oneByOne).toHaveLength(219);
    expect(JSON.parse(JSON.stringify(game.legalActions(s)))).toEqual(oneByOne);
    // The view's list is a plain array, not the lazy one: views are sent across boundaries.
    expect(structuredClone(game.view(s, s.toMove).legalActions)).toEqual(oneByOne);
    // A set read from the lazy list is applied as offered.
    game.apply(s, lazy[200]!);
    expect(s.discarded.find((cards) => cards !== null)).toHaveLength((oneByOne[200] as DiscardAction).cards.length);
  });
});

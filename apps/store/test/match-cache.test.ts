import { describe, expect, it } from 'vitest';
import { matchCache } from '../src/match-cache.ts';
import type { Match } from '../src/types.ts';

const match = (id: string): Match => ({
  id, seriesId: id.split('.')[0]!, game: 'xix', variant: 'default', kind: 'challenge', rated: true, entrants: [{ bot: 'b1', version: 1, name: 'one' }, { bot: 'b2', version: 1, name: 'two' }],
  ranks: [1, 2], points: [19, 7], reason: 'exactly-19', forfeit: null, moves: 30, finishedAt: 1, replayBytes: 10, rawBytes: 20,
});

describe('matchCache', () => {
  it('drops the match it read first past its size', () => {
    const cache = matchCache(2);
    cache.put(match('s1.0'));
    cache.put(match('s1.1'));
    expect(cache.get('s1.0')?.id).toBe('s1.0');
    cache.put(match('s1.2'));
    expect(cache.get('s1.0')).toBeUndefined();
    expect(cache.get('s1.1')?.id).toBe('s1.1');
    expect(cache.get('s1.2')?.id).toBe('s1.2');
  });

  it('hands out frozen copies: what one caller changes cannot reach another', () => {
    const cache = matchCache(2);
    const original = match('s1.0');
    const stored = cache.put(original);
    expect(stored).toEqual(original);
    expect(() => { (stored.entrants as unknown as { name: string }[])[0]!.name = 'x'; }).toThrow(TypeError);
    expect(() => { (stored.ranks as number[]).push(3); }).toThrow(TypeError);
    (original.entrants as unknown as { name: string }[])[0]!.name = 'changed';
    expect(cache.get('s1.0')?.entrants[0]?.name).toBe('one');
  });
});

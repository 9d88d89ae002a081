import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_TOURNAMENT_TABLES, choose, tableSchedule } from '../src/table-schedule.ts';
import { StoreInputError } from '../src/names.ts';

describe('tableSchedule', () => {
  it('k = 2: the pairings in the order round robins have always used', () => {
    expect(tableSchedule(4, 2)).toEqual([[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]);
  });

  it('every table is k distinct entrants, every pair shares C(N-2, k-2) tables, no table twice', () => {
    fc.assert(fc.property(fc.integer({ min: 2, max: 12 }).chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 2, max: n }))), ([n, k]) => {
      fc.pre(choose(n, k) <= MAX_TOURNAMENT_TABLES);
      const tables = tableSchedule(n, k);
      expect(tables).toHaveLength(choose(n, k));
      expect(new Set(tables.map((t) => t.join(','))).size).toBe(tables.length);
      const shared = new Map<string, number>();
      for (const table of tables) {
        expect(table).toHaveLength(k);
        expect(new Set(table).size).toBe(k);
        expect(table.every((i) => Number.isInteger(i) && i >= 0 && i < n)).toBe(true);
        for (let a = 0; a < k; a++) for (let b = a + 1; b < k; b++) shared.set(`${table[a]}-${table[b]}`, (shared.get(`${table[a]}-${table[b]}`) ?? 0) + 1);
      }
      expect(shared.size).toBe(choose(n, 2));
      for (const times of shared.values()) expect(times).toBe(choose(n - 2, k - 2));
    }));
  });

  it('refuses too many tables, suggesting fewer bots or seats, and impossible sizes', () => {
    expect(() => tableSchedule(20, 4)).toThrow(/4845 tables, more than 2016: enter fewer bots or play at fewer seats/);
    expect(tableSchedule(64, 2)).toHaveLength(MAX_TOURNAMENT_TABLES);
    expect(() => tableSchedule(3, 4)).toThrow(StoreInputError);
    expect(() => tableSchedule(5, 1)).toThrow(StoreInputError);
  });
});

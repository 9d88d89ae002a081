/**
 * The tables of a round robin for games of k seats: every k-subset of the entrants, once. Every
 * pair of entrants then shares exactly C(N − 2, k − 2) tables (the balanced design needs no
 * search), and with k = 2 the tables are the pairings in the order tournaments always used.
 */
import { StoreInputError } from './names.ts';

/**
 * More tables than this is refused (each one is a whole series): as many as the pairings of the
 * largest round robin of pairs (64 entrants), so two-seat tournaments are bounded as before.
 */
export const MAX_TOURNAMENT_TABLES = 2016;

/** C(n, k), exact for the sizes a tournament allows. */
export function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let i = 1; i <= Math.min(k, n - k); i++) result = (result * (n - i + 1)) / i;
  return Math.round(result);
}

/** Why `entrants` bots cannot be scheduled at tables of `seats`, or null when they can. */
export function tableScheduleProblem(entrants: number, seats: number): string | null {
  if (!Number.isInteger(seats) || !Number.isInteger(entrants) || seats < 2 || seats > entrants) {
    return `tables of ${seats} seats need at least ${seats} entrants and 2 to ${entrants} seats, got ${entrants} entrant(s)`;
  }
  const count = choose(entrants, seats);
  if (count > MAX_TOURNAMENT_TABLES) return `${entrants} entrants at tables of ${seats} make ${count} tables, more than ${MAX_TOURNAMENT_TABLES}: enter fewer bots or play at fewer seats`;
  return null;
}

/** The tables (entrant indices, ascending) for `entrants` bots at tables of `seats`, in lexicographic order. */
export function tableSchedule(entrants: number, seats: number): number[][] {
  const problem = tableScheduleProblem(entrants, seats);
  if (problem !== null) throw new StoreInputError(problem);
  const tables: number[][] = [];
  const table: number[] = [];
  const extend = (from: number): void => {
    if (table.length === seats) { tables.push([...table]); return; }
    for (let i = from; i <= entrants - (seats - table.length); i++) {
      table.push(i);
      extend(i + 1);
      table.pop();
    }
  };
  extend(0);
  return tables;
}

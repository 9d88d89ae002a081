import { findGame, type AnyGame } from '@xix/engine';

/**
 * The fixture game nim seated in partnerships at 4 seats (0 & 2 against 1 & 3), as Nineteen will
 * seat: the referee's and the sandbox's tests of entrants that play several seats.
 */
export function partnershipNim(): AnyGame {
  const nim = findGame('nim');
  if (nim === undefined) throw new Error('nim is registered only under the test-only switch XIX_FIXTURE_GAMES=1');
  return { ...nim, seating: (seats: number) => (seats === 4 ? [[0, 2], [1, 3]] : nim.seating(seats)) };
}

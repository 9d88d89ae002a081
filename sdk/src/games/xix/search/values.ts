/**
 * The value of a score between exchanges: the chance that the seat with `mine` points beats the
 * seat with `theirs`, if each later exchange is a coin flip paying the stakes seen in play. This
 * is where R7 enters the search: a score that reaches exactly 19 in total is a win for the seat
 * with FEWER points, so 12–6 is worse for the leader than it looks (an exchange paying 1 ends it).
 */
import { GAME_POINTS, gameEnd } from '@xix/engine';

/** How often an exchange pays 1, 2, 3, 5, 8 points between two search bots (measured, rounded). */
const STAKES_SEEN: readonly (readonly [number, number])[] = [[1, 0.42], [2, 0.24], [3, 0.2], [5, 0.1], [8, 0.04]];

/** table[mine][theirs], both below 19 and not adding up to 19. */
const table: Float64Array[] = (() => {
  const t = Array.from({ length: GAME_POINTS }, () => new Float64Array(GAME_POINTS));
  const after = (mine: number, theirs: number): number => {
    const end = gameEnd(mine, theirs);
    return end === null ? t[mine]![theirs]! : end.winner === 0 ? 1 : 0;
  };
  // Every exchange raises the total, so fill from the highest totals down.
  for (let total = 2 * (GAME_POINTS - 1); total >= 0; total--) {
    for (let mine = Math.min(total, GAME_POINTS - 1); mine >= 0 && total - mine < GAME_POINTS; mine--) {
      const theirs = total - mine;
      let v = 0;
      for (const [stakes, p] of STAKES_SEEN) v += (p / 2) * (after(mine + stakes, theirs) + after(mine, theirs + stakes));
      t[mine]![theirs] = v;
    }
  }
  return t;
})();

/** The chance to win from `mine`–`theirs` (1 or 0 when that score ends the game, R7). */
export function scoreValue(mine: number, theirs: number): number {
  const end = gameEnd(mine, theirs);
  if (end !== null) return end.winner === 0 ? 1 : 0;
  return table[mine]![theirs]!;
}

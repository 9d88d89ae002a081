/** Rankings of seats from scores, as GameResult.ranks holds them. */

/**
 * Standard competition ranking ("1224"), higher scores first: equal scores share a place and the
 * next place skips as many as shared. `last`, when given, is placed after every other seat (a
 * forfeit, R12), the others ranked among themselves.
 */
export function competitionRanks(scores: readonly number[], last: number | null = null): number[] {
  return scores.map((score, seat) => {
    if (seat === last) return scores.length;
    let ahead = 0;
    for (let other = 0; other < scores.length; other++) if (other !== last && scores[other]! > score) ahead++;
    return ahead + 1;
  });
}

/** What the ratings read: a rated game as its entrants by seat and a ranking of the seats. */

/** The most seats a rated game may have; ranks give pairs, so the work per game grows as seats². */
export const MAX_SEATS = 9;

export interface RatedGame {
  /** Names the game in the rating history (e.g. the stored match id). */
  readonly id: string;
  /** The bot (version) in each seat, by seat. */
  readonly entrants: readonly string[];
  /** Each seat's place, by seat: 1 = first; tied seats share a rank (e.g. [1, 1, 3] or [1, 1, 2]). */
  readonly ranks: readonly number[];
}

/** Why a ranking cannot be rated, or null when it can. */
export function rankingProblem(ranks: readonly number[]): string | null {
  if (!Array.isArray(ranks)) return 'the ranks must be an array of numbers by seat';
  if (ranks.length < 2 || ranks.length > MAX_SEATS) {
    return `a rated game has 2 to ${MAX_SEATS} seats, not ${ranks.length}`;
  }
  const seat = ranks.findIndex((rank) => !Number.isInteger(rank) || rank < 1 || rank > ranks.length);
  if (seat >= 0) return `seat ${seat} has rank ${String(ranks[seat])}; a rank is a whole number from 1 to ${ranks.length}`;
  return null;
}

/** Why a rated game cannot be rated, or null when it can. */
export function ratedGameProblem(game: RatedGame): string | null {
  if (typeof game !== 'object' || game === null) return 'a rated game must be an object';
  if (typeof game.id !== 'string' || game.id === '') return 'a rated game needs a non-empty string id';
  const ranking = rankingProblem(game.ranks);
  if (ranking !== null) return `game ${game.id}: ${ranking}`;
  if (!Array.isArray(game.entrants) || game.entrants.length !== game.ranks.length) {
    return `game ${game.id}: one entrant per seat is needed (${game.ranks.length} ranks)`;
  }
  const seat = game.entrants.findIndex((bot) => typeof bot !== 'string' || bot === '');
  if (seat >= 0) return `game ${game.id}: the entrant in seat ${seat} must be a non-empty string`;
  return null;
}

/** Throws a RangeError that says what is wrong: bad games are the caller's bug, never a rating. */
export function assertRatedGames(games: readonly RatedGame[]): void {
  if (!Array.isArray(games)) throw new RangeError('the rated games must be an array');
  for (const game of games) {
    const problem = ratedGameProblem(game);
    if (problem !== null) throw new RangeError(problem);
  }
}

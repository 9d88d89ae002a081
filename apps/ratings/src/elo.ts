/**
 * Elo over rated games in the order given. Elo depends on that order, so the caller must make it
 * deterministic (e.g. the order in which the games were stored, the Redis stream order): the same
 * games in the same order always give the same ratings.
 */
import { expectedScore } from './elo-scale.ts';
import { pairwiseResults } from './pairwise.ts';
import { assertRatedGames, type RatedGame } from './rated-game.ts';

export const DEFAULT_INITIAL_RATING = 1500;
export const DEFAULT_K = 16;

export interface EloOptions {
  /** The rating of a bot before its first game (default 1500). */
  readonly initialRating?: number;
  /** The most a two-seat game can move a rating (default 16). */
  readonly k?: number;
  /** Ratings before the first game for the bots they name, instead of `initialRating`. */
  readonly startingRatings?: ReadonlyMap<string, number>;
  /**
   * A bot's previous version: a new version starts from that version's rating as it stands when
   * the new one plays its first game (or from its starting rating if it never played).
   */
  readonly previousVersions?: ReadonlyMap<string, string>;
}

/** A bot's rating right after one of its games, for charts. */
export interface EloPoint {
  readonly game: string;
  readonly rating: number;
  readonly change: number;
}

export interface EloRatings {
  /** Every entrant's rating after all the games. */
  readonly ratings: Map<string, number>;
  /** Every entrant's rating after each of its games, in the order applied. */
  readonly history: Map<string, EloPoint[]>;
}

/**
 * Each game moves each entrant by K/(n−1) · Σ (score − expected) over its n−1 pairwise results,
 * all computed from the ratings before the game. With two seats that is plain Elo
 * (K · (score − expected)); with more, a bot that beats every other seat gains at most K, as in a
 * two-seat game. A bot in two seats of one game has no result against itself (its expected and
 * actual scores would both be ½, so skipping the pair changes nothing).
 */
export function eloRatings(games: readonly RatedGame[], options: EloOptions = {}): EloRatings {
  assertRatedGames(games);
  const initialRating = finiteOption('initialRating', options.initialRating ?? DEFAULT_INITIAL_RATING);
  const k = finiteOption('k', options.k ?? DEFAULT_K);
  if (k <= 0) throw new RangeError(`k must be positive, not ${k}`);
  for (const [bot, rating] of options.startingRatings ?? []) finiteOption(`the starting rating of ${bot}`, rating);
  const ratings = new Map<string, number>();
  const history = new Map<string, EloPoint[]>();
  const ratingOf = (bot: string): number => {
    // Follow the chain of versions back to the first one with a rating; a cycle ends the search.
    const seen = new Set<string>();
    for (let version: string | undefined = bot; version !== undefined && !seen.has(version); version = options.previousVersions?.get(version)) {
      seen.add(version);
      const rating = ratings.get(version) ?? options.startingRatings?.get(version);
      if (rating !== undefined) return rating;
    }
    return initialRating;
  };

  for (const game of games) {
    const share = k / (game.entrants.length - 1);
    // Read every rating before changing any: an entrant may inherit from another one in this game.
    const before = new Map(game.entrants.map((bot) => [bot, ratingOf(bot)]));
    const changes = new Map<string, number>(game.entrants.map((bot) => [bot, 0]));
    for (const { a, b, score } of pairwiseResults(game.ranks)) {
      const botA = game.entrants[a]!;
      const botB = game.entrants[b]!;
      if (botA === botB) continue;
      const expectedA = expectedScore(before.get(botA)!, before.get(botB)!);
      changes.set(botA, changes.get(botA)! + share * (score - expectedA));
      changes.set(botB, changes.get(botB)! + share * (expectedA - score));
    }
    for (const [bot, change] of changes) {
      const rating = before.get(bot)! + change;
      ratings.set(bot, rating);
      const points = history.get(bot) ?? [];
      points.push({ game: game.id, rating, change });
      history.set(bot, points);
    }
  }
  return { ratings, history };
}

function finiteOption(name: string, value: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new RangeError(`${name} must be a finite number, not ${String(value)}`);
  return value;
}

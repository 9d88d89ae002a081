/** Names and ids the store accepts; anything else is refused before it reaches a key. */

export const USER_NAME = /^[a-z][a-z0-9_-]{2,31}$/;
/** A bot's name within its owner's bots: same rule as user names. */
export const BOT_NAME = USER_NAME;
export const BOT_ID = /^b[1-9][0-9]{0,15}$/;
export const SERIES_ID = /^s[1-9][0-9]{0,15}$/;
export const TOURNAMENT_ID = /^t[1-9][0-9]{0,15}$/;
/** A game's variant (engine `Game.variant`): one leaderboard each. */
export const VARIANT = /^[a-z0-9][a-z0-9-]{0,39}$/;
export const MATCH_ID = /^s[1-9][0-9]{0,15}\.(0|[1-9][0-9]{0,5})$/;

/** Thrown for input the caller should have validated (the server does); never for bot failures. */
export class StoreInputError extends RangeError {
  override name = 'StoreInputError';
}

export function check(pattern: RegExp, value: string, what: string): string {
  if (!pattern.test(value)) throw new StoreInputError(`${what} ${JSON.stringify(value)} does not match ${pattern}`);
  return value;
}

/** Match ids are fixed before the game is played, so storing one twice is a no-op (exactly once). */
export function matchId(seriesId: string, index: number): string {
  return `${seriesId}.${index}`;
}

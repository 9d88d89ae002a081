/**
 * Nim, the fixture game: it exists to prove that a game is a module (docs/architecture.md "Adding a
 * game"). It is registered only under the test-only switch (registry.ts `loadFixtureGames`) and
 * uses every generic fallback: the generic view codec, the CLI's text view and the web's viewer.
 *
 * 2–4 seats around a heap of stones (option `stones`, 5–60, 15 unless told); in turn each seat
 * takes 1, 2 or 3 stones; whoever takes the last stone wins, every other seat shares second
 * place. Each seat also holds a secret number drawn from the seed, shown only to itself until the
 * game ends, so the fallbacks' hiding of hidden information is tested too. Heads-up and
 * multi-seat games are different variants (two leaderboards).
 */
import { GameError, type Game, type GameResult, type Seat } from '../../game.ts';
import { defineGame } from '../../define-game.ts';
import { createRandom } from '../../random.ts';

export interface NimSetup {
  readonly seats: number;
  readonly stones: number;
  readonly firstSeat: Seat;
  /** By seat: a number from 1 to 9 only that seat sees before the end. */
  readonly secrets: readonly number[];
}

export interface NimAction {
  readonly type: 'take';
  readonly count: 1 | 2 | 3;
}

export interface NimState {
  readonly setup: NimSetup;
  stones: number;
  toMove: Seat;
  /** By seat: stones taken. */
  taken: number[];
  history: { readonly seat: Seat; readonly count: number }[];
  winner: Seat | null;
}

export interface NimPublicView {
  readonly game: 'nim';
  readonly seats: number;
  readonly stones: number;
  readonly toMove: Seat | null;
  readonly taken: readonly number[];
  readonly history: readonly { readonly seat: Seat; readonly count: number }[];
  readonly winner: Seat | null;
  /** Every seat's secret, once the game is over; null before. */
  readonly secrets: readonly number[] | null;
}

export interface NimSeatView extends NimPublicView {
  readonly seat: Seat;
  readonly secret: number;
  readonly legalActions: readonly NimAction[];
}

export interface NimSpectatorView extends NimPublicView {
  readonly allSecrets: readonly number[];
}

export const NIM_ACTIONS: readonly NimAction[] = Object.freeze([1, 2, 3].map((count) => Object.freeze({ type: 'take', count }) as NimAction));
const MIN_SEATS = 2;
const MAX_SEATS = 4;

function checkSeats(seats: unknown): number {
  if (typeof seats !== 'number' || !Number.isInteger(seats) || seats < MIN_SEATS || seats > MAX_SEATS) {
    throw new GameError(`setup.seats: nim is for ${MIN_SEATS} to ${MAX_SEATS} seats, not ${String(seats)}`);
  }
  return seats;
}

function randomSetup(seed: number, seatCount: number, stones: number): NimSetup {
  checkSeats(seatCount);
  const random = createRandom(seed);
  return { seats: seatCount, stones, firstSeat: random.int(seatCount), secrets: Array.from({ length: seatCount }, () => 1 + random.int(9)) };
}

function parseSetup(value: unknown): NimSetup {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new GameError('a nim setup must be an object');
  const v = value as Record<string, unknown>;
  const seats = checkSeats(v.seats);
  if (!Number.isSafeInteger(v.stones) || (v.stones as number) < 1) throw new GameError('setup.stones must be a positive integer');
  if (!Number.isInteger(v.firstSeat) || (v.firstSeat as number) < 0 || (v.firstSeat as number) >= seats) throw new GameError(`setup.firstSeat must be a seat from 0 to ${seats - 1}`);
  const secrets = v.secrets;
  if (!Array.isArray(secrets) || secrets.length !== seats || !secrets.every((n) => Number.isInteger(n) && n >= 1 && n <= 9)) throw new GameError('setup.secrets must hold a number from 1 to 9 per seat');
  return { seats, stones: v.stones as number, firstSeat: v.firstSeat as Seat, secrets: secrets.slice() as number[] };
}

const start = (setup: NimSetup): NimState => ({ setup, stones: setup.stones, toMove: setup.firstSeat, taken: new Array<number>(setup.seats).fill(0), history: [], winner: null });
const clone = (s: NimState): NimState => ({ ...s, taken: s.taken.slice(), history: s.history.slice() });
const legalActions = (s: NimState): readonly NimAction[] => (s.winner !== null ? [] : NIM_ACTIONS.filter((a) => a.count <= s.stones));

function checkAction(s: NimState, value: unknown): { ok: true; action: NimAction } | { ok: false; reason: string } {
  if (s.winner !== null) return { ok: false, reason: 'the game is over' };
  const v = value as { type?: unknown; count?: unknown } | null;
  const action = typeof v === 'object' && v !== null && v.type === 'take' ? legalActions(s).find((a) => a.count === v.count) : undefined;
  if (action === undefined) return { ok: false, reason: `not a legal action: ${JSON.stringify(value) ?? String(value)} (take 1 to ${Math.min(3, s.stones)} stones)` };
  return { ok: true, action };
}

function apply(s: NimState, value: NimAction): void {
  const check = checkAction(s, value);
  if (!check.ok) throw new GameError(check.reason);
  s.stones -= check.action.count;
  s.taken[s.toMove]! += check.action.count;
  s.history.push({ seat: s.toMove, count: check.action.count });
  if (s.stones === 0) s.winner = s.toMove;
  else s.toMove = (s.toMove + 1) % s.setup.seats;
}

function publicView(s: NimState): NimPublicView {
  return { game: 'nim', seats: s.setup.seats, stones: s.stones, toMove: s.winner === null ? s.toMove : null, taken: s.taken.slice(), history: s.history.slice(), winner: s.winner, secrets: s.winner === null ? null : s.setup.secrets.slice() };
}

function placing(s: NimState, winner: Seat, reason: string): GameResult {
  return { winner, points: s.taken.slice(), reason, ranks: s.taken.map((_, seat) => (seat === winner ? 1 : 2)) };
}

export type NimGame = Game<NimState, NimAction, NimSetup, NimSeatView, NimSpectatorView, NimPublicView>;

export const nim: NimGame = /* @__PURE__ */ defineGame({
  id: 'nim',
  version: '1.0.0',
  seats: { min: MIN_SEATS, max: MAX_SEATS },
  options: { stones: { type: 'integer', minimum: 5, maximum: 60, default: 15, description: 'stones in the heap' } },
  variant: (seatCount) => (seatCount === 2 ? 'heads-up' : 'multi'),
  randomSetup: (seed, seatCount, options) => randomSetup(seed, seatCount, (options?.stones as number | undefined) ?? 15),
  parseSetup,
  start,
  setupOf: (s) => s.setup,
  clone,
  toMove: (s) => (s.winner === null ? s.toMove : null),
  legalActions,
  checkAction,
  apply,
  view: (s, seat) => ({ ...publicView(s), seat, secret: s.setup.secrets[seat]!, legalActions: s.winner === null && s.toMove === seat ? legalActions(s) : [] }),
  publicView,
  spectatorView: (s) => ({ ...publicView(s), allSecrets: s.setup.secrets.slice() }),
  result: (s) => (s.winner === null ? null : placing(s, s.winner, 'last-stone')),
  // R12: the forfeiting seat is last; the next seat in turn order wins.
  forfeitResult: (s, seat) => {
    const winner = (seat + 1) % s.setup.seats;
    const result = placing(s, winner, 'forfeit');
    return { ...result, ranks: result.ranks!.map((rank, i) => (i === seat ? s.setup.seats : rank)) };
  },
});

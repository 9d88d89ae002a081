/**
 * The replay format (docs/replay-format.md): a versioned, self-contained JSON record of one game
 * that any copy of the engine can re-simulate and verify, move by move.
 */
import { type AnyGame, type GameResult, type Seat } from './game.ts';
import { findGame } from './games/registry.ts';

export const REPLAY_FORMAT = 'xix-arena.replay';
/**
 * The version this engine writes. Version 2: the setup is the game's setup at its end
 * (`game.setupOf`), recording everything the game drew while playing (1923's lots, T9), and
 * verification holds a replay to it. Version 1 (replays stored before): the setup is the one the
 * game started from, and what it leaves out is drawn again from its seeds (1923's `lotSeed`).
 */
export const REPLAY_FORMAT_VERSION = 2;
/** The versions this engine reads. */
export const REPLAY_FORMAT_VERSIONS = [1, 2] as const;
export type ReplayFormatVersion = (typeof REPLAY_FORMAT_VERSIONS)[number];

/** R12: why a seat lost by forfeit. */
export type ForfeitVerdict = 'timeout' | 'memory' | 'error' | 'illegal' | 'output_limit' | 'load_error';
export const FORFEIT_VERDICTS: readonly ForfeitVerdict[] = ['timeout', 'memory', 'error', 'illegal', 'output_limit', 'load_error'];

export interface ReplayMove {
  readonly seat: Seat;
  readonly action: unknown;
  /** Wall-clock milliseconds the decision took, where measured. */
  readonly ms?: number;
  /** CPU milliseconds the bot used for the decision, where measured (sandboxed bots). */
  readonly cpuMs?: number;
}

export interface Forfeit {
  readonly seat: Seat;
  readonly verdict: ForfeitVerdict;
  readonly message: string;
}

export interface Replay {
  readonly format: typeof REPLAY_FORMAT;
  readonly formatVersion: ReplayFormatVersion;
  readonly game: { readonly id: string; readonly version: string };
  /** Informational: the seed the setup was drawn from, when it was. */
  readonly seed?: number;
  readonly setup: unknown;
  readonly seats: readonly { readonly name: string }[];
  readonly moves: readonly ReplayMove[];
  readonly forfeit: Forfeit | null;
  readonly result: GameResult;
}

/** What a replay records of a game; `createReplay` adds the format and the game's rules version. */
export interface ReplayRecord {
  readonly seed: number;
  /** The game's setup at the end of the game (`game.setupOf` of the last state), not the one it started from. */
  readonly setup: unknown;
  /** The players' names, by seat. */
  readonly seats: readonly string[];
  readonly moves: readonly ReplayMove[];
  readonly forfeit: Forfeit | null;
  readonly result: GameResult;
}

/** A replay in the current format: the one way the referee and the sandbox pool write one. */
export function createReplay(game: AnyGame, record: ReplayRecord): Replay {
  return {
    format: REPLAY_FORMAT,
    formatVersion: REPLAY_FORMAT_VERSION,
    game: { id: game.id, version: game.version },
    seed: record.seed,
    setup: record.setup,
    seats: record.seats.map((name) => ({ name })),
    moves: record.moves,
    forfeit: record.forfeit,
    result: record.result,
  };
}

export class ReplayError extends Error {
  override name = 'ReplayError';
}

/** Checks the shape of an untrusted value; throws ReplayError saying what is wrong. */
export function parseReplay(value: unknown): Replay {
  const fail = (what: string): never => {
    throw new ReplayError(`not a replay: ${what}`);
  };
  if (!isRecord(value)) return fail('expected a JSON object');
  if (value.format !== REPLAY_FORMAT) fail(`"format" must be "${REPLAY_FORMAT}"`);
  if (!REPLAY_FORMAT_VERSIONS.includes(value.formatVersion as ReplayFormatVersion)) {
    fail(`unsupported formatVersion ${JSON.stringify(value.formatVersion)} (this engine reads ${REPLAY_FORMAT_VERSIONS.join(' and ')})`);
  }
  const game = value.game;
  if (!isRecord(game) || typeof game.id !== 'string' || typeof game.version !== 'string') fail('"game" must be { id, version }');
  if (value.seed !== undefined && (typeof value.seed !== 'number' || !Number.isSafeInteger(value.seed))) fail('"seed" must be an integer');
  if (!Array.isArray(value.seats) || !value.seats.every((s) => isRecord(s) && typeof s.name === 'string')) {
    fail('"seats" must be a list of { name }');
  }
  if (!Array.isArray(value.moves)) fail('"moves" must be a list');
  (value.moves as unknown[]).forEach((m, i) => {
    if (!isRecord(m) || !isSeat(m.seat) || !('action' in m)) fail(`move ${i + 1} must be { seat, action }`);
    const move = m as Record<string, unknown>;
    for (const key of ['ms', 'cpuMs'] as const) {
      if (move[key] !== undefined && (typeof move[key] !== 'number' || !(move[key] >= 0))) fail(`move ${i + 1}: "${key}" must be a non-negative number`);
    }
  });
  const forfeit = value.forfeit;
  if (forfeit !== null) {
    if (!isRecord(forfeit) || !isSeat(forfeit.seat) || typeof forfeit.message !== 'string') fail('"forfeit" must be null or { seat, verdict, message }');
    if (!FORFEIT_VERDICTS.includes((forfeit as Record<string, unknown>).verdict as ForfeitVerdict)) {
      fail(`"forfeit.verdict" must be one of ${FORFEIT_VERDICTS.join(', ')}`);
    }
  }
  const result = value.result;
  if (!isRecord(result) || !isSeat(result.winner) || typeof result.reason !== 'string' || !Array.isArray(result.points) || !result.points.every((p) => typeof p === 'number')) {
    fail('"result" must be { winner, points, reason }');
  }
  const ranks = (result as Record<string, unknown>).ranks;
  if (ranks !== undefined && (!Array.isArray(ranks) || ranks.length !== (result as { points: unknown[] }).points.length || !ranks.every((r) => Number.isInteger(r) && r >= 1))) {
    fail('"result.ranks" must be a place (1, 2, ...) for each seat');
  }
  return value as unknown as Replay;
}

export type Verification =
  | { readonly ok: true; readonly result: GameResult; readonly moves: number }
  | { readonly ok: false; readonly step: number | null; readonly reason: string };

/**
 * Re-simulates a replay. `step` is the 1-based move that is illegal or inconsistent, or null when
 * the problem is not a move (unknown game, bad setup, a setup that leaves out what the game drew
 * while playing (from formatVersion 2), wrong result).
 */
export function verifyReplay(replay: Replay): Verification {
  const game = findGame(replay.game.id);
  if (game === undefined) return { ok: false, step: null, reason: `unknown game "${replay.game.id}"` };
  if (game.version !== replay.game.version) {
    return { ok: false, step: null, reason: `replay is for ${game.id} ${replay.game.version}, this engine plays ${game.version}` };
  }
  if (replay.seats.length < game.seats.min || replay.seats.length > game.seats.max) {
    return { ok: false, step: null, reason: `${game.id} is for ${game.seats.min}–${game.seats.max} seats, the replay has ${replay.seats.length}` };
  }
  const run = replayStates(game, replay);
  if (!run.ok) return run;
  const { state } = run;
  if (replay.formatVersion >= 2) {
    const missing = setupDifference(game.parseSetup(replay.setup), game.setupOf(state));
    if (missing !== null) return { ok: false, step: null, reason: `the setup does not record what the game drew while playing: ${missing}` };
  }
  const expected = expectedResult(game, state, replay.forfeit);
  if (typeof expected === 'string') return { ok: false, step: null, reason: expected };
  if (!sameResult(expected, replay.result)) {
    return { ok: false, step: null, reason: `recorded result ${JSON.stringify(replay.result)} but re-simulation gives ${JSON.stringify(expected)}` };
  }
  return { ok: true, result: expected, moves: replay.moves.length };
}

export type ReplayRun =
  | { readonly ok: true; readonly state: unknown }
  | { readonly ok: false; readonly step: number | null; readonly reason: string };

export interface ReplayObserver {
  /** The state before the first move (a forced one included). */
  readonly onStart?: (state: unknown) => void;
  /** The state after move `index` (0-based) was applied. The state is live: copy what you keep. */
  readonly onStep?: (step: { readonly index: number; readonly move: ReplayMove; readonly state: unknown }) => void;
  /**
   * The state after each engine move: every replay move, and each forced move (N22, S18), which
   * the replay lists apart (Game.applyEachMove). `moves`: engine moves so far, from 1; `seat`: who
   * made this one. The state is live: copy what you keep.
   */
  readonly onEngineMove?: (step: { readonly moves: number; readonly seat: Seat; readonly state: unknown }) => void;
}

/**
 * Starts `game` from the replay's setup and applies its moves one by one, stopping at the first
 * that is not the right seat's or not legal (`step` is 1-based; null for a bad setup). The
 * result itself is not checked here: that is verifyReplay's job.
 */
export function replayStates(game: AnyGame, replay: Replay, observer: ReplayObserver = {}): ReplayRun {
  let engineMoves = 0;
  const onMove = (state: unknown, seat: Seat): void => observer.onEngineMove?.({ moves: ++engineMoves, seat, state });
  let state: unknown;
  try {
    state = game.startEachMove(game.parseSetup(replay.setup), (dealt) => observer.onStart?.(dealt), onMove);
  } catch (error) {
    return { ok: false, step: null, reason: `bad setup: ${(error as Error).message}` };
  }
  for (const [index, move] of replay.moves.entries()) {
    const toMove = game.toMove(state);
    if (toMove === null) return { ok: false, step: index + 1, reason: 'a move after the game ended' };
    if (move.seat !== toMove) return { ok: false, step: index + 1, reason: `seat ${move.seat} moved but seat ${toMove} was to move` };
    const check = game.checkAction(state, move.action);
    if (!check.ok) return { ok: false, step: index + 1, reason: `illegal action ${JSON.stringify(move.action)}: ${check.reason}` };
    try {
      game.applyEachMove(state, check.action, onMove);
    } catch (error) {
      // A legal move can still fail on a setup that contradicts the play (e.g. 1923's recorded lots, T9).
      return { ok: false, step: index + 1, reason: (error as Error).message };
    }
    observer.onStep?.({ index, move, state });
  }
  return { ok: true, state };
}

function expectedResult(game: AnyGame, state: unknown, forfeit: Forfeit | null): GameResult | string {
  const toMove = game.toMove(state);
  if (forfeit === null) return toMove === null ? (game.result(state) as GameResult) : 'the replay ends before the game does, with no forfeit';
  if (toMove === null) return 'a forfeit is recorded but the game was already over';
  if (forfeit.seat !== toMove) return `seat ${forfeit.seat} forfeited but seat ${toMove} was to move`;
  return game.forfeitResult(state, forfeit.seat);
}

/** How a replay's (parsed) setup differs from the game's setup at its end, field by field, or null. */
function setupDifference(recorded: unknown, atEnd: unknown): string | null {
  if (!isRecord(recorded) || !isRecord(atEnd)) return sameJson(recorded, atEnd) ? null : `the setup is ${brief(recorded)}, re-simulation gives ${brief(atEnd)}`;
  for (const key of new Set([...Object.keys(recorded), ...Object.keys(atEnd)])) {
    if (!sameJson(recorded[key], atEnd[key])) return `setup.${key} is ${brief(recorded[key])}, re-simulation gives ${brief(atEnd[key])}`;
  }
  return null;
}

/** Deep equality of JSON values, whatever the order of object keys. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  if (!isRecord(a) || !isRecord(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && sameJson(a[key], b[key]));
}

function brief(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

function sameResult(a: GameResult, b: GameResult): boolean {
  const sameList = (x: readonly number[] | undefined, y: readonly number[] | undefined) => x === y || (x !== undefined && y !== undefined && x.length === y.length && x.every((v, i) => v === y[i]));
  return a.winner === b.winner && a.reason === b.reason && sameList(a.points, b.points) && sameList(a.ranks, b.ranks);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSeat(value: unknown): value is Seat {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}



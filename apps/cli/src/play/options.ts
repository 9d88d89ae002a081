/** `xix play`'s options as commander hands them over, checked and turned into settings. */
import type { AnyGame, GameOptions } from '@xix/engine';
import { SPRT_ELO_LIMIT } from '@xix/ratings';
import { tableSizeFor } from '@xix/referee';
import { fail } from '../cli-error.ts';
import { gameOption, tableOptions } from '../game-options.ts';
import type { SprtSettings } from './sprt.ts';

export interface PlayOptions {
  /** The game's id; the default game (the engine registry's first) when absent. */
  readonly game?: string;
  /** `--option name=value`, repeatable: the game's options (engine options.ts). */
  readonly option?: readonly string[];
  /** `--seats N`: the table size; absent, the smallest table that seats the bots. */
  readonly seats?: string;
  /** Absent: 100 games, rounded up to a whole number of deals. */
  readonly games?: string;
  readonly seed?: string;
  readonly replays?: string;
  readonly overwrite?: boolean;
  readonly onlyLosses?: boolean;
  readonly onlyForfeits?: boolean;
  readonly trusted?: boolean;
  readonly jobs: string;
  readonly failOnForfeit: string;
  readonly maxForfeits?: string;
  /** `--sprt`: play pairs until the sequential test decides (sprt.ts), at most `--max-games`. */
  readonly sprt?: boolean;
  readonly elo0?: string;
  readonly elo1?: string;
  readonly alpha?: string;
  readonly beta?: string;
  readonly maxGames?: string;
  /** `--field BOT`, repeatable, with --sprt at a table of more than two: the bots in the other seats. */
  readonly field?: readonly string[];
}

/** Whose forfeits make the exit status 3 (and count toward --max-forfeits). */
export type Watched = 'first' | 'any' | 'none';

export interface PlaySettings {
  readonly game: AnyGame;
  /** Seats at the table: `--seats`, checked to seat the bots, or the smallest table that seats them. */
  readonly seats: number;
  /** The game's options at that table, checked, every default filled in. */
  readonly options: GameOptions;
  readonly games: number;
  readonly seed: number;
  readonly replays: string | undefined;
  readonly overwrite: boolean;
  readonly onlyLosses: boolean;
  readonly onlyForfeits: boolean;
  readonly trusted: boolean;
  readonly jobs: number;
  readonly watched: Watched;
  readonly maxForfeits: number | undefined;
  /** With --sprt: the test; `games` is then its cap. */
  readonly sprt: SprtSettings | null;
  /**
   * With --sprt at a table of more than two: the bots in the other seats, for the new and the old
   * version alike (`seats` seats them with one of the two); null for a head-to-head test.
   */
  readonly field: readonly string[] | null;
}

export const MAX_JOBS = 64;
export const DEFAULT_GAMES = 100;
/** The cap of an SPRT run: the platform's (issue 21). */
export const DEFAULT_SPRT_GAMES = 20_000;
export const DEFAULT_SPRT: SprtSettings = { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 };
const WATCHED: readonly Watched[] = ['first', 'any', 'none'];

/** The settings of a series of `bots` bots; fails with one line on bad input. */
export function playSettings(options: PlayOptions, bots: number): PlaySettings {
  const game = gameOption(options.game);
  const sprt = sprtSettings(options, bots);
  const field = sprt === null ? null : fieldOf(game, options);
  const seats = tableSize(game, field === null ? bots : 1 + field.length, options.seats);
  const gameOptions = tableOptions(game, seats, options.option);
  // With a field, each deal is played once per seat rotation by the new version's table and by the old's.
  const games = sprt !== null ? parseCap(options.maxGames, field === null ? 2 : 2 * (1 + field.length)) : options.games === undefined ? Math.ceil(DEFAULT_GAMES / bots) * bots : parseCount(options.games, bots);
  const jobs = parseWhole('--jobs', options.jobs, 1, MAX_JOBS);
  if (options.trusted === true && jobs > 1) fail('--jobs needs the sandbox: with --trusted the bots play in this process, one game at a time');
  if (options.replays === undefined) {
    for (const [flag, given] of [['--overwrite', options.overwrite], ['--only-losses', options.onlyLosses], ['--only-forfeits', options.onlyForfeits]] as const) {
      if (given === true) fail(`${flag} goes with --replays DIR`);
    }
  }
  if (!(WATCHED as readonly string[]).includes(options.failOnForfeit)) fail(`--fail-on-forfeit must be one of ${WATCHED.join(', ')}, got ${options.failOnForfeit}`);
  return {
    game,
    seats,
    options: gameOptions,
    games,
    seed: options.seed === undefined ? Math.floor(Math.random() * 1_000_000_000) : parseSeed(options.seed),
    replays: options.replays,
    overwrite: options.overwrite === true,
    onlyLosses: options.onlyLosses === true,
    onlyForfeits: options.onlyForfeits === true,
    trusted: options.trusted === true,
    jobs,
    watched: options.failOnForfeit as Watched,
    maxForfeits: options.maxForfeits === undefined ? undefined : parseWhole('--max-forfeits', options.maxForfeits, 1, Number.MAX_SAFE_INTEGER),
    sprt,
    field,
  };
}

/**
 * The field of an SPRT at a table of more than two: the `--field` bots, or the game's `heuristic`
 * house bot in every other seat of a `--seats` table that does not seat two; null head to head.
 */
function fieldOf(game: AnyGame, options: PlayOptions): readonly string[] | null {
  if (options.field !== undefined) {
    if (options.replays !== undefined) fail('--replays goes with a head-to-head series, not with --field');
    return options.field;
  }
  if (options.seats === undefined) return null;
  const seats = parseWhole('--seats', options.seats, 1, Number.MAX_SAFE_INTEGER);
  const seated = (entrants: number): boolean => {
    try {
      return tableSizeFor(game, entrants, seats) === seats;
    } catch {
      return false;
    }
  };
  if (seated(2)) return null;
  for (let entrants = 3; entrants <= seats; entrants++) {
    if (seated(entrants)) {
      if (options.replays !== undefined) fail('--replays goes with a head-to-head series, not with a field');
      return Array.from({ length: entrants - 1 }, () => 'heuristic');
    }
  }
  return null;
}

/** --sprt's settings, or null without it (then none of its options may be given). */
function sprtSettings(options: PlayOptions, bots: number): SprtSettings | null {
  const given = ([['--elo0', options.elo0], ['--elo1', options.elo1], ['--alpha', options.alpha], ['--beta', options.beta], ['--max-games', options.maxGames]] as const).filter(([, value]) => value !== undefined);
  if (options.sprt !== true) {
    if (given.length > 0) fail(`${given[0]![0]} goes with --sprt`);
    if (options.field !== undefined) fail('--field goes with --sprt');
    return null;
  }
  if (bots !== 2) fail(`--sprt compares two bots (the new version first, then the old), got ${bots}`);
  if (options.games !== undefined) fail('--sprt plays until the test decides: cap it with --max-games, not --games');
  const elo0 = options.elo0 === undefined ? DEFAULT_SPRT.elo0 : parseElo('--elo0', options.elo0);
  const elo1 = options.elo1 === undefined ? DEFAULT_SPRT.elo1 : parseElo('--elo1', options.elo1);
  if (!(elo0 < elo1)) fail(`--elo0 must be below --elo1, got ${elo0} and ${elo1}`);
  const alpha = options.alpha === undefined ? DEFAULT_SPRT.alpha : parseRate('--alpha', options.alpha);
  const beta = options.beta === undefined ? DEFAULT_SPRT.beta : parseRate('--beta', options.beta);
  return { elo0, elo1, alpha, beta };
}

function parseElo(flag: string, text: string): number {
  const n = Number(text);
  if (!/^[-+]?\d+(\.\d+)?$/.test(text) || Math.abs(n) > SPRT_ELO_LIMIT) fail(`${flag} must be a number of Elo from -${SPRT_ELO_LIMIT} to ${SPRT_ELO_LIMIT}, got ${text}`);
  return n;
}

function parseRate(flag: string, text: string): number {
  const n = Number(text);
  if (!/^0?\.\d+$/.test(text) || !(n > 0 && n < 0.5)) fail(`${flag} must be a probability above 0 and below 0.5, got ${text}`);
  return n;
}

/** The cap of an SPRT: a whole number of deals, each `perDeal` games (2: seats swapped). */
function parseCap(text: string | undefined, perDeal: number): number {
  if (text === undefined) return Math.ceil(DEFAULT_SPRT_GAMES / perDeal) * perDeal;
  const n = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n < perDeal || n % perDeal !== 0) {
    if (perDeal === 2) fail(`--max-games must be an even number of at least 2 (each deal is played twice, seats swapped), got ${text}`);
    fail(`--max-games must be a multiple of ${perDeal} (each deal is played once per seat rotation by the new version's table and by the old's), got ${text}`);
  }
  return n;
}

/** The referee's table size of `bots` entrants (a partnership is one bot at several seats); its refusal as one line. */
function tableSize(game: AnyGame, bots: number, seats: string | undefined): number {
  const wanted = seats === undefined ? undefined : parseWhole('--seats', seats, 1, Number.MAX_SAFE_INTEGER);
  try {
    return tableSizeFor(game, bots, wanted);
  } catch (error) {
    if (error instanceof RangeError) fail(error.message);
    throw error;
  }
}

/** A whole number of deals: each deal is played once per seat rotation, `bots` games. */
function parseCount(text: string, bots: number): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n < bots || n % bots !== 0) {
    if (bots === 2) fail(`--games must be an even number of at least 2 (each deal is played twice, seats swapped), got ${text}`);
    fail(`--games must be a multiple of ${bots} (each deal is played once per seat rotation, so each bot sits in each seat), got ${text}`);
  }
  return n;
}

function parseSeed(text: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n > 2 ** 48) fail(`--seed must be a whole number from 0 to 2^48, got ${text}`);
  return n;
}

function parseWhole(flag: string, text: string, min: number, max: number): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n < min || n > max) fail(`${flag} must be a whole number from ${min} to ${max}, got ${text}`);
  return n;
}

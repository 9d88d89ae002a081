/**
 * `xix check BOT [--game ID]`: is this bot ready to upload? One screen: the type errors an editor
 * would show, then the platform's own steps (compile with the sandbox's compiler, load in a
 * sandbox, validation games against the game's `random` in the sandbox, every deal once per seat
 * rotation, at each of the game's smallest table sizes) and what went wrong in each.
 * Exit code 0 when ready, 1 otherwise.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { defaultGame, type AnyGame, type GameOptions } from '@xix/engine';
import { entrantInSeat, playSeries, seatingOf, seatsOfEntrant, validationGamesPerDeal, validationTableSizes, type Seating, type SeriesGame } from '@xix/referee';
import { checkBot, compileBot, sandboxedPlayer } from '@xix/sandbox';
import { formatDiagnostic, named, typeCheckBot, typeCheckWithConfig } from '@xix/sandbox/type-check';
import { findBotFile } from '../bot-load.ts';
import { fail } from '../cli-error.ts';
import { collectBotFiles } from '../platform/bot-files.ts';
import { changedOptions, gameOption, tableOptions } from '../game-options.ts';
import { formatWins } from '../play/report.ts';

export interface CheckOptions {
  /** The game's id; the default game when absent (never inferred from the bot). */
  readonly game?: string;
  /** `--option name=value`, repeatable: the game's options, at every table size. */
  readonly option?: readonly string[];
  /** Games at each table size; absent: about 10, a whole number of deals at every size. */
  readonly games?: string;
  readonly seed: string;
  /** Only the type-check: a new bot's `npm run typecheck` (issue 17 item 3: no `tsc` needed). */
  readonly typesOnly?: boolean;
}

/** Roughly how many validation games a table size gets unless --games says otherwise. */
const DEFAULT_GAMES = 10;

/** Type errors shown before "… and N more": the first ones are the ones to fix first. */
const SHOWN = 10;

export async function check(file: string, options: CheckOptions): Promise<void> {
  const game = gameOption(options.game);
  const sizes = validationTableSizes(game);
  const tables = sizes.map((seats) => ({ seats, options: tableOptions(game, seats, options.option) }));
  const games = gamesPerTable(options.games, game, sizes);
  const seed = wholeNumber(options.seed, '--seed', 0);
  if (!existsSync(file)) fail(`no such file: ${file}`);
  if (!statSync(file).isFile()) fail(`${file} is not a file`);

  const changed = [...new Set(tables.map((table) => changedOptions(game, table.seats, table.options)))].filter((text) => text !== '');
  const lines = [`xix check ${file}${game === defaultGame() ? '' : ` --game ${game.id}`}${changed.length === 0 ? '' : `, options ${changed.join('; ')}`}`];
  const problems: string[] = [];
  const step = (name: string, text: string, details: readonly string[] = []): void => {
    lines.push(`  ${name.padEnd(8)} ${text}`, ...details.map((d) => `      ${d}`));
  };

  const types = await typeErrors(file);
  if (types === null) step('types', 'not checked: a JavaScript bot');
  else {
    const { using, errors, uploadOnly } = types;
    if (errors.length + uploadOnly.length > 0) problems.push(count(errors.length + uploadOnly.length, 'type error'));
    step('types', errors.length === 0 ? `ok (${using})` : `${count(errors.length, 'error')} (${using}):`, shown(errors));
    if (uploadOnly.length > 0) step('', `and ${count(uploadOnly.length, 'error')} that the platform's check of an upload finds (${PLATFORM}):`, shown(uploadOnly));
  }
  if (options.typesOnly === true) {
    lines.push('', problems.length === 0 ? 'types ok' : `not ready: ${problems.join(', ')}`);
    console.log(lines.join('\n'));
    if (problems.length > 0) process.exitCode = 1;
    return;
  }

  const compiled = await compileBot({ entry: file });
  if (!compiled.ok) {
    problems.push('it does not compile');
    step('compile', 'failed:', [compiled.message]);
  } else {
    step('compile', `ok (${(compiled.bytes / 1024).toFixed(1)} kB of source)`);
    const loaded = await checkBot(game, { entry: file });
    if (!loaded.ok) {
      problems.push('it does not load');
      step('load', 'failed:', [loaded.message]);
    } else {
      step('load', 'ok');
      const random = await randomCode(game);
      let forfeits = 0;
      for (const { seats, options } of tables) {
        const seating = seatingOf(game, seats);
        const played = validationGames({ game, code: loaded.code, random, seats, seating, options, games, seed });
        forfeits += played.forfeits.length;
        step('games', `${games} ${against(seating)} in the sandbox (seed ${seed}, ${eachDeal(seating)}): ${formatWins(played.wins)} won, ${count(played.forfeits.length, 'forfeit')}`, played.forfeits);
      }
      if (forfeits > 0) problems.push(count(forfeits, 'forfeit'));
    }
  }
  lines.push('', problems.length === 0 ? 'ready to upload' : `not ready: ${problems.join(', ')}`);
  console.log(lines.join('\n'));
  if (problems.length > 0) process.exitCode = 1;
}

/** How the platform type-checks an upload: a new bot's tsconfig.json says the same. */
const PLATFORM = 'strict defaults';

interface TypeErrors {
  /** What `errors` were found with: the bot's own tsconfig.json, or the platform's options. */
  readonly using: string;
  readonly errors: readonly string[];
  /** With the bot's own tsconfig.json: the errors the platform's check finds besides. */
  readonly uploadOnly: readonly string[];
}

/**
 * The type errors of a bot: the platform's check of an upload (the same check, on the files an
 * upload sends) or, when the bot has its own tsconfig.json, those an editor shows with it, and
 * those the platform finds besides; null for a JavaScript bot, which neither checks.
 */
async function typeErrors(file: string): Promise<TypeErrors | null> {
  if (!/\.[cm]?tsx?$/.test(file)) return null;
  const files = await collectBotFiles(file);
  // A bot whose files cannot be sent is the compile step's to report.
  const root = path.dirname(path.resolve(file));
  const platform = files.ok
    ? typeCheckBot(files.entry, files.files).diagnostics.map((d) => formatDiagnostic({ ...d, file: d.file === '' ? '' : named(path.join(root, d.file)) }))
    : [];
  const own = typeCheckWithConfig(file);
  if (own === null) return { using: PLATFORM, errors: platform, uploadOnly: [] };
  const errors = own.diagnostics.map(formatDiagnostic);
  return { using: named(own.config!), errors, uploadOnly: platform.filter((line) => !errors.includes(line)) };
}

const shown = (lines: readonly string[]): string[] => [...lines.slice(0, SHOWN), ...(lines.length > SHOWN ? [`… and ${lines.length - SHOWN} more`] : [])];

interface Played {
  readonly wins: number;
  /** One line per game the bot forfeited: where, the verdict (R12) and the message. */
  readonly forfeits: readonly string[];
}

interface Table {
  readonly game: AnyGame;
  /** The compiled bot under check, and the game's random house bot. */
  readonly code: string;
  readonly random: string;
  readonly seats: number;
  readonly seating: Seating;
  readonly options: GameOptions;
  readonly games: number;
  readonly seed: number;
}

/** The bot as the first entrant of a table filled up with random bots, every deal once per rotation. */
function validationGames({ game, code, random, seats, seating, options, games, seed }: Table): Played {
  // Fresh players for each rotation (no bot plays a deal twice with its memory, R11), one for each
  // seat an entrant plays (partners share nothing but the public record, N21).
  const rotations = seating.map((_, rotation) =>
    seating.map((_, entrant) => seatsOfEntrant(entrant, rotation, seating).map(() => (entrant === 0 ? sandboxedPlayer(game, code, 'bot') : sandboxedPlayer(game, random, 'random')))));
  const forfeits: string[] = [];
  try {
    const summary = playSeries({
      game,
      games,
      seed,
      // The table's `seats` and `options` for the referee's series.
      ...{ seats, options },
      players: rotations[0]!,
      rotationPlayers: rotations.slice(1),
      onGame: (played) => {
        const line = forfeitLine(played, seating);
        if (line !== null) forfeits.push(line);
      },
    });
    return { wins: summary.wins[0]!, forfeits };
  } finally {
    rotations.flat(2).forEach((p) => p.dispose());
  }
}

async function randomCode(game: AnyGame): Promise<string> {
  const found = findBotFile('random', game);
  if (!found.ok) fail(`the random house bot of ${game.id} is missing: ${found.message}`);
  const random = await checkBot(game, { entry: found.file });
  if (!random.ok) fail(`the random house bot of ${game.id} does not load: ${random.message}`);
  return random.code;
}

/** --games, played at each table size: a whole number of deals at every size. */
function gamesPerTable(text: string | undefined, game: AnyGame, sizes: readonly number[]): number {
  const deal = validationGamesPerDeal(game);
  if (text === undefined) return Math.ceil(DEFAULT_GAMES / deal) * deal;
  const games = wholeNumber(text, '--games', 1);
  if (games % deal === 0) return games;
  if (deal === 2) fail(`--games must be even (each deal is played twice, seats swapped), got ${text}`);
  fail(`--games must be a multiple of ${deal} (each deal is played once per seat rotation at ${sizes.length === 1 ? sizes[0] : `${sizes.slice(0, -1).join(', ')} and ${sizes.at(-1)}`} seats), got ${text}`);
}

const partnership = (seating: Seating): boolean => seating.some((seats) => seats.length > 1);

function against(seating: Seating): string {
  const opponents = seating.length === 2 ? 'against random' : `against ${seating.length - 1} random bots`;
  return partnership(seating) ? `${opponents} in partnerships at ${seating.flat().length} seats` : opponents;
}

function eachDeal(seating: Seating): string {
  if (partnership(seating)) return `each deal from ${seating.length === 2 ? 'both' : `all ${seating.length}`} sides`;
  return `each deal from ${seating.length === 2 ? 'both' : `all ${seating.length}`} seats`;
}

function forfeitLine({ index, rotation, record }: SeriesGame, seating: Seating): string | null {
  const forfeit = record.replay.forfeit;
  // entrant A is the bot checked
  if (forfeit === null || entrantInSeat(forfeit.seat, rotation, seating) !== 0) return null;
  return `game ${index + 1} (seat ${forfeit.seat}, move ${record.replay.moves.length + 1}): forfeited (${forfeit.verdict}): ${forfeit.message}`;
}

function wholeNumber(text: string, name: string, min: number): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n < min) fail(`${name} must be a whole number of at least ${min}, got ${text}`);
  return n;
}

const count = (n: number, what: string): string => `${n} ${what}${n === 1 ? '' : 's'}`;

/**
 * `xix check BOT`: is this bot ready to upload? One screen: the type errors an editor would show,
 * then the platform's own steps (compile with the sandbox's compiler, load in a sandbox, a few
 * mirrored validation games against `random` in the sandbox) and what went wrong in each.
 * Exit code 0 when ready, 1 otherwise.
 */
import { existsSync, statSync } from 'node:fs';
import { xix, type Seat } from '@xix/engine';
import { playSeries, type Player, type SeriesGame } from '@xix/referee';
import { checkBot, compileBot, sandboxedPlayer } from '@xix/sandbox';
import { named, typeCheck } from '../check/type-check.ts';
import { fail } from '../cli-error.ts';
import { bundledBotFile } from '../repo.ts';

export interface CheckOptions {
  readonly games: string;
  readonly seed: string;
}

/** Type errors shown before "… and N more": the first ones are the ones to fix first. */
const SHOWN = 10;

export async function check(file: string, options: CheckOptions): Promise<void> {
  const games = wholeNumber(options.games, '--games', 2);
  if (games % 2 !== 0) fail(`--games must be even (each deal is played twice, seats swapped), got ${options.games}`);
  const seed = wholeNumber(options.seed, '--seed', 0);
  if (!existsSync(file)) fail(`no such file: ${file}`);
  if (!statSync(file).isFile()) fail(`${file} is not a file`);

  const lines = [`xix check ${file}`];
  const problems: string[] = [];
  const step = (name: string, text: string, details: readonly string[] = []): void => {
    lines.push(`  ${name.padEnd(8)} ${text}`, ...details.map((d) => `      ${d}`));
  };

  const types = /\.[cm]?tsx?$/.test(file) ? typeCheck(file) : null;
  const using = types?.config == null ? 'strict defaults' : named(types.config);
  if (types === null) step('types', 'not checked: a JavaScript bot');
  else if (types.errors.length === 0) step('types', `ok (${using})`);
  else {
    problems.push(count(types.errors.length, 'type error'));
    const more = types.errors.length > SHOWN ? [`… and ${types.errors.length - SHOWN} more`] : [];
    step('types', `${count(types.errors.length, 'error')} (${using}):`, [...types.errors.slice(0, SHOWN), ...more]);
  }

  const compiled = await compileBot({ entry: file });
  if (!compiled.ok) {
    problems.push('it does not compile');
    step('compile', 'failed:', [compiled.message]);
  } else {
    step('compile', `ok (${(compiled.bytes / 1024).toFixed(1)} kB of source)`);
    const loaded = await checkBot(xix, { entry: file });
    if (!loaded.ok) {
      problems.push('it does not load');
      step('load', 'failed:', [loaded.message]);
    } else {
      step('load', 'ok');
      const played = await validationGames(loaded.code, games, seed);
      if (played.forfeits.length > 0) problems.push(count(played.forfeits.length, 'forfeit'));
      step('games', `${games} against random in the sandbox (seed ${seed}, each deal from both seats): ${played.wins} won, ${count(played.forfeits.length, 'forfeit')}`, played.forfeits);
    }
  }
  lines.push('', problems.length === 0 ? 'ready to upload' : `not ready: ${problems.join(', ')}`);
  console.log(lines.join('\n'));
  if (problems.length > 0) process.exitCode = 1;
}

interface Played {
  readonly wins: number;
  /** One line per game the bot forfeited: where, the verdict (R12) and the message. */
  readonly forfeits: readonly string[];
}

async function validationGames(code: string, games: number, seed: number): Promise<Played> {
  const random = await checkBot(xix, { entry: bundledBotFile('random')! });
  if (!random.ok) fail(`the bundled random bot does not load: ${random.message}`);
  // Two players per bot: no bot plays both games of a deal (R11).
  const bot = [sandboxedPlayer(xix, code, 'bot'), sandboxedPlayer(xix, code, 'bot')] as const;
  const opponent = [sandboxedPlayer(xix, random.code, 'random'), sandboxedPlayer(xix, random.code, 'random')] as const;
  const forfeits: string[] = [];
  try {
    const summary = playSeries({
      game: xix,
      games,
      seed,
      players: [bot[0], opponent[0]],
      mirrorPlayers: [bot[1], opponent[1]],
      onGame: (game) => {
        const line = forfeitLine(game);
        if (line !== null) forfeits.push(line);
      },
    });
    return { wins: summary.wins[0], forfeits };
  } finally {
    [...bot, ...opponent].forEach((p: Player) => p.dispose());
  }
}

function forfeitLine({ index, seatOfA, record }: SeriesGame): string | null {
  const forfeit = record.replay.forfeit;
  if (forfeit === null || forfeit.seat !== (seatOfA as Seat)) return null;
  return `game ${index + 1} (seat ${seatOfA}, move ${record.replay.moves.length + 1}): forfeited (${forfeit.verdict}): ${forfeit.message}`;
}

function wholeNumber(text: string, name: string, min: number): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n < min) fail(`${name} must be a whole number of at least ${min}, got ${text}`);
  return n;
}

const count = (n: number, what: string): string => `${n} ${what}${n === 1 ? '' : 's'}`;

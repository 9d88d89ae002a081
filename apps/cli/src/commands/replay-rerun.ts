/**
 * `xix replay rerun FILE BOT --move K`: asks BOT again for the decision the replay's bot made at
 * move K (or the decision it forfeited). The bot is rebuilt as it was: it gets the seed the
 * referee gave it (for a match fetched from the platform, the server's seed from match.json
 * beside the replay; else the local bot-seed key's, apps/referee/src/bot-seed.ts) and the views
 * of its seat's earlier decisions in that game, in order, so its own state and its Math.random
 * are where they were. In this process by default (breakpoints work under
 * `node --inspect-brk`); `--sandbox` runs it in the sandbox as `xix play` does.
 */
import path from 'node:path';
import type { AnyGame, Replay, Seat } from '@xix/engine';
import { LOCAL_BOT_SEED_KEY, botSeed, trustedPlayer, type Decision, type Player } from '@xix/referee';
import { checkBot, sandboxedPlayer } from '@xix/sandbox';
import { findBotFile } from '../bot-load.ts';
import { fail, orFail } from '../cli-error.ts';
import { textOf } from '../games/registry.ts';
import { fetchedBotSeeds } from '../platform/match-dir.ts';
import { loadForDebugging, seedMathRandom } from '../replay/debug-load.ts';
import { seatViews } from '../replay/seat-views.ts';
import { loadReplay } from './replay-show.ts';

export interface RerunOptions {
  readonly move: string;
  readonly sandbox?: boolean;
}

export async function replayRerun(file: string, botArg: string, options: RerunOptions): Promise<void> {
  const { replay, game } = await loadReplay(file);
  const last = replay.moves.length + (replay.forfeit === null ? 0 : 1);
  const k = Number(options.move);
  if (!/^\d+$/.test(options.move) || k < 1 || k > last) {
    fail(`--move must be a move of this replay: 1 to ${last}${replay.forfeit === null ? '' : ` (${last} is the forfeited decision)`}, got ${options.move}`);
  }
  const seat = (replay.moves[k - 1]?.seat ?? replay.forfeit!.seat) as Seat;
  // A file (an existing path wins), or a house bot of the replay's game by name.
  const { file: botFile } = orFail(findBotFile(botArg, game));
  const name = path.basename(botArg).replace(/\.[cm]?[jt]s$/, '');
  const text = textOf(game);
  const player = await loadPlayer(game, botFile, name, options.sandbox === true);

  const lines: string[] = [];
  const out = (line: string): void => void lines.push(line);
  const seed = replay.seed ?? 0;
  const server = fetchedBotSeeds(file, replay);
  let earlier = 0;
  const differed: number[] = [];
  try {
    const ownSeed = server?.seeds[seat] ?? botSeed(LOCAL_BOT_SEED_KEY, seed, seat);
    // In this process, Math.random is seeded as the sandbox seeds it, before onGameStart.
    if (options.sandbox !== true) seedMathRandom(ownSeed, seat);
    const started = player.startGame({ seat, seed: ownSeed });
    if (started !== null) fail(`${botArg} failed to start (${started.verdict}): ${started.message}`);
    const run = seatViews(game, replay, seat, ({ index, move, view, state }) => {
      if (index > k - 1 || (move !== undefined && move.seat !== seat)) return;
      if (index < k - 1) {
        // An earlier decision of this seat: asked again only to bring the bot to where it was.
        earlier++;
        const again = player.decide(view);
        if (!again.ok || !sameAction(again.action, move!.action)) differed.push(index + 1);
        return;
      }
      out(`${file}, move ${k}: seat ${seat} (${replay.seats[seat]?.name}) to move`);
      out(`  ${text.situation(view)}`);
      out(`  then: ${replay.seats[seat]?.name} answered ${move === undefined ? `nothing: it forfeited (${replay.forfeit!.verdict}): ${replay.forfeit!.message}` : text.action(move.action)}`);
      out(`  now:  ${answerLine(game, state, player.decide(view), name)}`);
    });
    if (!run.ok) fail(`${file}: ${run.message}`);
  } finally {
    player.dispose();
  }
  lines.push(...context(replay, earlier, differed, server?.file ?? null));
  console.log(lines.join('\n'));
}

async function loadPlayer(game: AnyGame, file: string, name: string, sandbox: boolean): Promise<Player> {
  if (sandbox) {
    const { code } = orFail(await checkBot(game, { entry: file }));
    return sandboxedPlayer(game, code, name);
  }
  const { bot } = orFail(await loadForDebugging(file));
  return trustedPlayer(bot, name);
}

function answerLine(game: AnyGame, state: unknown, decision: Decision, name: string): string {
  const printed = decision.logs === undefined || decision.logs === '' ? '' : `\n${decision.logs.replace(/\n$/, '').split('\n').map((l) => `  | ${l}`).join('\n')}`;
  if (!decision.ok) return `${name} fails (${decision.verdict}): ${decision.message}${printed}`;
  let verdict: string;
  try {
    const check = game.checkAction(state, decision.action);
    verdict = check.ok ? 'legal' : `ILLEGAL: ${check.reason}`;
  } catch (error) {
    verdict = `ILLEGAL: the answer cannot be read: ${(error as Error).message}`;
  }
  return `${name} answers ${textOf(game).action(decision.action)} (${verdict})${printed}`;
}

function context(replay: Replay, earlier: number, differed: readonly number[], seedsFile: string | null): string[] {
  const lines: string[] = [];
  if (earlier > 0) {
    lines.push(`(the bot was first shown this seat's ${earlier} earlier decision${earlier === 1 ? '' : 's'} of the game, so that its state and Math.random are as they were${differed.length === 0 ? '' : `; it answered differently from the replay at move${differed.length === 1 ? '' : 's'} ${differed.join(', ')}`})`);
  }
  if (seedsFile !== null) lines.push(`(the bot's seed is the server's, from ${seedsFile}: a bot using randomness draws what it drew on the platform)`);
  else if (replay.seed === undefined) lines.push('(the replay has no seed: the bot got seed 0, so a bot using randomness may answer differently)');
  else lines.push(`(the bot's seed is the one local play gives it; a platform match seeds its bots from a secret key: rerun a replay fetched with xix fetch, whose match.json holds the server's seeds, or a bot using randomness may answer differently)`);
  return lines;
}

/** Same action: the same fields with the same values (answers are plain data). */
function sameAction(a: unknown, b: unknown): boolean {
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}

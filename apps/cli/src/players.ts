/**
 * Where `xix` gets its players. Bots run in the sandbox (apps/sandbox), with the platform's
 * limits, so what a bot does here is what it will do on the platform: each bot is compiled,
 * checked and loaded into its own isolated-vm isolate in this process. `--trusted` runs them
 * in-process instead, for our own bundled bots (faster, no limits, a loop blocks the command).
 */
import { xix } from '@xix/engine';
import { trustedPlayer, type Player } from '@xix/referee';
import { checkBot, sandboxedPlayer } from '@xix/sandbox';
import { botName, loadBot } from './bot-load.ts';
import { orFail } from './cli-error.ts';

export interface PlayerOptions {
  /** Run the bots in this process, outside the sandbox. */
  readonly trusted?: boolean;
}

/**
 * Two players per bot file, under one name: one for the first game of each deal and one for its
 * mirrored twin, so that no bot remembers its hand from one game into the other (R11). Fails
 * with a one-line message when a bot cannot be loaded.
 */
export async function createPlayers(files: readonly string[], options: PlayerOptions = {}): Promise<{ players: Player[]; mirrors: Player[] }> {
  const players: Player[] = [];
  const mirrors: Player[] = [];
  for (const file of files) {
    // A bot against itself: tell the seats apart in results and replays.
    const unique = (name: string): string => {
      const taken = players.filter((p) => p.name === name || p.name.startsWith(`${name} (`)).length;
      return taken === 0 ? name : `${name} (${taken + 1})`;
    };
    if (options.trusted === true) {
      const { bot, name } = orFail(await loadBot(file));
      const { bot: twin } = orFail(await loadBot(file));
      players.push(trustedPlayer(bot, unique(name)));
      mirrors.push(trustedPlayer(twin, players.at(-1)!.name));
    } else {
      const { code } = orFail(await checkBot(xix, { entry: file }));
      players.push(sandboxedPlayer(xix, code, unique(botName(file))));
      mirrors.push(sandboxedPlayer(xix, code, players.at(-1)!.name));
    }
  }
  return { players, mirrors };
}

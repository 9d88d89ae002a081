/**
 * Where `xix` gets its players. For now every bot runs in this process (trusted); the sandbox
 * (apps/sandbox) will take over here for untrusted bots.
 */
import { trustedPlayer, type Player } from '@xix/referee';
import { loadBot } from './bot-load.ts';
import { orFail } from './cli-error.ts';

/** One player per bot file; fails with a one-line message when a bot cannot be loaded. */
export async function createPlayers(files: readonly string[]): Promise<Player[]> {
  const players: Player[] = [];
  for (const file of files) {
    const { bot, name } = orFail(await loadBot(file));
    // A bot against itself: tell the seats apart in results and replays.
    const taken = players.filter((p) => p.name === name || p.name.startsWith(`${name} (`)).length;
    players.push(trustedPlayer(bot, taken === 0 ? name : `${name} (${taken + 1})`));
  }
  return players;
}

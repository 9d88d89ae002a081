/**
 * Where `xix play` gets its bots. Sandboxed bots are only compiled here (esbuild runs none of their
 * code): they are loaded and played in sandbox host processes, as on the platform (play/). Trusted
 * bots (`--trusted`, our own house bots) are loaded and played in this process.
 */
import type { AnyGame } from '@xix/engine';
import { seatsOfEntrant, trustedPlayer, type Player, type Seating } from '@xix/referee';
import { compileBot, type BotEntry } from '@xix/sandbox';
import { findBotFile, loadBot } from './bot-load.ts';
import { orFail } from './cli-error.ts';

export interface Entrant {
  /** What the user typed: a file or a house bot's name (error messages name it). */
  readonly arg: string;
  readonly file: string;
  /** Unique in the series: a bot against itself is `first` and `first (2)`. */
  readonly name: string;
}

/** Finds each bot's file (a house bot's name: the game's own) and gives every bot its own name; fails with one line. */
export function findEntrants(args: readonly string[], game: AnyGame): Entrant[] {
  const entrants: Entrant[] = [];
  for (const arg of args) {
    const { file, name } = orFail(findBotFile(arg, game));
    const taken = entrants.filter((e) => e.name === name || e.name.startsWith(`${name} (`)).length;
    entrants.push({ arg, file, name: taken === 0 ? name : `${name} (${taken + 1})` });
  }
  return entrants;
}

/** The compiled code of each bot, for the sandbox pool. */
export async function compileEntrants(entrants: readonly Entrant[]): Promise<BotEntry[]> {
  const entries: BotEntry[] = [];
  for (const entrant of entrants) {
    const { code } = orFail(await compileBot({ entry: entrant.file }));
    entries.push({ name: entrant.name, code });
  }
  return entries;
}

/**
 * In-process players for every seat rotation of a deal (one table each), under the bots' names:
 * in each a bot has a player, its module loaded afresh, for every seat it plays there. So no bot
 * remembers its hand from one game of a deal into another (R11), and partners share no module
 * state (they still share this process's globals: trusted bots are our own).
 */
export async function trustedTables(entrants: readonly Entrant[], seating: Seating): Promise<Player[][][]> {
  const tables: Player[][][] = [];
  for (let rotation = 0; rotation < seating.length; rotation++) {
    const table: Player[][] = [];
    for (const [e, entrant] of entrants.entries()) {
      const players: Player[] = [];
      for (let seats = seatsOfEntrant(e, rotation, seating).length; seats > 0; seats--) players.push(trustedPlayer(orFail(await loadBot(entrant.file)).bot, entrant.name));
      table.push(players);
    }
    tables.push(table);
  }
  return tables;
}

/** A bot that cannot load fails the same way in every game: one line naming it, as bad input. */
export function loadFailure(entrant: Entrant, message: string): string {
  const notABot = message.startsWith('its default export');
  return `${entrant.arg} ${notABot ? 'is not a bot: ' : ''}${message}`;
}

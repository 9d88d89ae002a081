/** Bot names by id for a game (GET /api/bots?game=), for pages that get only ids; entrants named once a table. */
import { findGame } from '@xix/engine';
import { api } from './api.ts';
import { link } from './dom.ts';

export type BotNames = ReadonlyMap<string, { readonly name: string; readonly owner: string }>;

export async function botNames(game: string): Promise<BotNames> {
  const { bots } = await api.bots({ game });
  return new Map(bots.map((bot) => [bot.id, { name: bot.name, owner: bot.owner }]));
}

/** A link to the bot's page, named "name (owner)" when known. */
export function botLink(names: BotNames, bot: string): HTMLAnchorElement {
  const known = names.get(bot);
  return link(`/bots/${bot}`, known === undefined ? bot : `${known.name} (${known.owner})`);
}

/**
 * Of a table's seats (by seat), one per entrant, its first: a partnership's entrant sits at every
 * seat of its side (the game's seating), and is named once.
 */
export function entrantSeats<Seat>(game: string, seats: readonly Seat[]): Seat[] {
  const seating = findGame(game)?.seating(seats.length) ?? seats.map((_, seat) => [seat]);
  return seating.flatMap((group) => {
    const first = seats[group[0] ?? -1];
    return first === undefined ? [] : [first];
  });
}

/** Who came first, by seat ranks (1 = first): "x won", "x and y won" (partners), or "a draw". */
export function winnersText(seats: readonly { readonly bot: string; readonly name?: string }[], ranks: readonly number[]): string {
  const first = seats.filter((_, seat) => ranks[seat] === 1).map((seat) => seat.name ?? seat.bot);
  return first.length === seats.length ? 'a draw' : `${[...new Set(first)].join(' and ')} won`;
}

/**
 * The games in progress (GET /api/live), kept current from the lobby stream; each links to the
 * viewer. Seats are named as the server names them; a seat that comes without its name (an older
 * publisher) is named from the game's bots, fetched again when a bot is new to the page.
 */
import type { LiveGame, LiveSeat } from '@xix/server/api-types';
import { api } from '../api.ts';
import { el, fill, heading, link, notice } from '../dom.ts';
import { subscribeLobby } from '../lobby.ts';
import { gameName } from '../games/registry.ts';
import { botNames, entrantSeats, type BotNames } from '../names.ts';

function since(startedAt: number): string {
  const seconds = Math.max(0, Math.round((Date.now() - startedAt) / 1000));
  return seconds < 60 ? `${seconds} s ago` : `${Math.floor(seconds / 60)} min ago`;
}

export function mountLivePage(root: HTMLElement): () => void {
  const games = new Map<string, Omit<LiveGame, 'seats'> & { readonly seats: readonly LiveSeat[] }>();
  const names = new Map<string, BotNames>();
  const list = el('ul', { class: 'live-games', 'aria-label': 'Games in progress' });
  const status = el('div', { 'aria-live': 'polite' }, notice('Loading the games in progress…'));
  fill(root, heading(1, 'Live games'), el('p', { class: 'lead' }, 'Games being played right now. Open one to watch it move by move; what the seats keep hidden stays hidden until the game is over.'), status, list);
  let alive = true;
  let loaded = false;

  const nameOf = (game: string, seat: LiveSeat): string => seat.name ?? names.get(game)?.get(seat.bot)?.name ?? seat.bot;
  const render = (): void => {
    if (!loaded) return;
    const ordered = [...games.values()].sort((a, b) => a.startedAt - b.startedAt);
    fill(status, ordered.length === 0 ? notice('No game is being played right now.') : el('p', { class: 'muted' }, `${ordered.length} game${ordered.length === 1 ? '' : 's'} in progress.`));
    fill(list, ...ordered.map((game) => el('li', { class: 'live-game', 'data-match': game.match },
      link(`/matches/${game.match}`, el('span', { class: 'players' }, entrantSeats(game.game, game.seats).map((seat) => nameOf(game.game, seat)).join(' vs ')), el('span', { class: 'visually-hidden' }, `, match ${game.match}`)),
      el('span', { class: 'meta' }, `${gameName(game.game)} · match ${game.match} · started ${since(game.startedAt)}`, game.tournament === null ? null : ' · ', game.tournament === null ? null : link(`/tournaments/${game.tournament}`, `tournament ${game.tournament}`)),
    )));
  };
  /** Bots whose names were asked for: each is fetched once (with its game's other bots). */
  const asked = new Set<string>();
  /** Fetches the names of a game's bots when a seat comes unnamed and its bot is new to the page. */
  const learnNames = async (game: string, seats: readonly LiveSeat[]): Promise<void> => {
    const unknown = seats.filter((seat) => seat.name === undefined && !asked.has(seat.bot));
    if (unknown.length === 0) return;
    for (const seat of unknown) asked.add(seat.bot);
    const fetched = await botNames(game).catch(() => null);
    if (fetched !== null) names.set(game, new Map([...(names.get(game) ?? []), ...fetched]));
    if (alive) render();
  };

  // events that come while the list loads are applied after it, in order
  const pending: (() => void)[] = [];
  const unsubscribe = subscribeLobby((event) => {
    const apply = (): void => {
      if (event.type === 'game-start') {
        games.set(event.match, { match: event.match, game: event.game, seats: event.seats, tournament: event.tournament, startedAt: Date.now() });
        void learnNames(event.game, event.seats);
      } else if (event.type === 'game-end') games.delete(event.match);
      render();
    };
    if (loaded) apply();
    else pending.push(apply);
  });
  void api.live().then(async (answer) => {
    if (!alive) return;
    for (const game of answer.games) games.set(game.match, game);
    loaded = true;
    for (const apply of pending.splice(0)) apply();
    render();
    await Promise.all(answer.games.map((game) => learnNames(game.game, game.seats)));
  }, (error: unknown) => {
    if (alive) fill(status, notice(`Cannot load the games in progress: ${(error as Error).message}`, 'error'));
  });
  const tick = setInterval(render, 15_000); // keeps "started … ago" current
  return () => {
    alive = false;
    clearInterval(tick);
    unsubscribe();
  };
}

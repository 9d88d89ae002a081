/**
 * The broadcast (GET /api/broadcasts, read again every few seconds): the games being shown at a
 * watchable pace and those just shown, each with its move and score, kept while the server keeps
 * them (never emptied between two games). Then the games in progress (GET /api/live), kept current
 * from the lobby stream; each links to the viewer. Seats are named as the server names them; a seat that comes without its name (an older
 * publisher) is named from the game's bots, fetched again when a bot is new to the page.
 */
import type { BroadcastList, BroadcastSummary, LiveGame, LiveSeat } from '@xix/server/api-types';
import { api } from '../api.ts';
import { el, fill, heading, link, notice } from '../dom.ts';
import { subscribeLobby } from '../lobby.ts';
import { gameName } from '../games/registry.ts';
import { botNames, entrantSeats, winnersText, type BotNames } from '../names.ts';

function since(startedAt: number): string {
  const seconds = Math.max(0, Math.round((Date.now() - startedAt) / 1000));
  return seconds < 60 ? `${seconds} s ago` : `${Math.floor(seconds / 60)} min ago`;
}

/** How often the broadcast list is read again. */
const BROADCASTS_EVERY_MS = 3000;

function broadcastItem(summary: BroadcastSummary, list: 'on' | 'finished'): HTMLLIElement {
  const players = entrantSeats(summary.game, summary.seats).map((seat) => seat.name ?? seat.bot).join(' vs ');
  const state = summary.ended
    ? `finished after ${summary.move} moves${summary.ranks === null ? '' : `, ${winnersText(summary.seats, summary.ranks)}`}`
    : `move ${summary.move}`;
  return el('li', { class: `live-game${summary.ended ? ' finished' : ''}`, 'data-match': summary.match, 'data-broadcast': list },
    link(`/matches/${summary.match}`, el('span', { class: 'players' }, players), el('span', { class: 'visually-hidden' }, `, match ${summary.match}`)),
    el('span', { class: 'meta' }, `${gameName(summary.game)} · ${state}${summary.score === null ? '' : ` · score ${summary.score}`}`),
  );
}

/** The broadcast's two lists, read again every few seconds; a failed read keeps what is shown. */
function broadcastSection(): { readonly element: HTMLElement; stop(): void } {
  const on = el('ul', { class: 'live-games', 'aria-label': 'Being shown' });
  const finished = el('ul', { class: 'live-games', 'aria-label': 'Just shown' });
  const onStatus = el('p', { class: 'muted' }, 'Loading the broadcast…');
  const finishedStatus = el('p', { class: 'muted' });
  const element = el('section', { class: 'broadcasts', 'aria-labelledby': 'broadcast-heading' },
    el('h2', { id: 'broadcast-heading' }, 'On broadcast'),
    el('p', { class: 'muted' }, 'Games shown at a pace you can follow (the front page shows the featured one).'),
    onStatus, on, el('h3', {}, 'Just shown'), finishedStatus, finished);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const show = (list: BroadcastList): void => {
    fill(on, ...list.on.map((summary) => broadcastItem(summary, 'on')));
    fill(finished, ...list.finished.map((summary) => broadcastItem(summary, 'finished')));
    onStatus.textContent = list.on.length === 0 ? 'Nothing on this moment: the next game is being chosen.' : '';
    finishedStatus.textContent = list.finished.length === 0 ? 'No game shown in the last minutes.' : '';
  };
  const read = (): void => {
    api.broadcasts().then((list) => { if (!stopped) show(list); }, () => undefined).finally(() => {
      if (!stopped) timer = setTimeout(read, BROADCASTS_EVERY_MS);
    });
  };
  read();
  return { element, stop: () => { stopped = true; clearTimeout(timer); } };
}

export function mountLivePage(root: HTMLElement): () => void {
  const broadcasts = broadcastSection();
  const games = new Map<string, Omit<LiveGame, 'seats'> & { readonly seats: readonly LiveSeat[] }>();
  const names = new Map<string, BotNames>();
  const list = el('ul', { class: 'live-games', 'aria-label': 'Games in progress' });
  const status = el('div', { 'aria-live': 'polite' }, notice('Loading the games in progress…'));
  fill(root, heading(1, 'Live games'), el('p', { class: 'lead' }, 'Games being played right now. Open one to watch it move by move; what the seats keep hidden stays hidden until the game is over.'),
    broadcasts.element, el('h2', {}, 'In progress'), status, list);
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
    broadcasts.stop();
    clearInterval(tick);
    unsubscribe();
  };
}

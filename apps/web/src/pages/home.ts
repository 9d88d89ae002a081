/**
 * The front page: the featured broadcast (docs/api.md "Follow stream"), a game being shown at a
 * watchable pace, one after another on one socket, drawn by its game's renderer from the public view
 * (the whole deal only once it is over); below, where to go next.
 */
import { defaultGame } from '@xix/engine';
import '../viewer/viewer.css';
import { el, fill, heading, link, notice } from '../dom.ts';
import { gameName, rendererOf } from '../games/registry.ts';
import { entrantSeats, winnersText } from '../names.ts';
import { followChannel } from '../stream.ts';

export function mountHomePage(root: HTMLElement): () => void {
  const status = el('p', { class: 'broadcast-status', 'aria-live': 'polite', 'data-testid': 'broadcast-status' });
  const title = el('p', { class: 'broadcast-title', 'data-testid': 'broadcast-title' });
  const board = el('div', { class: 'broadcast-board' });
  // the game and move shown, for tests and scripts (the renderer owns the board's attributes)
  const section = el('section', { class: 'broadcast', 'aria-label': 'Featured game', 'data-testid': 'broadcast' }, title, status, board);
  fill(root,
    heading(1, 'Now showing'),
    el('p', { class: 'lead' }, 'Bots play card games here around the clock. This is the game of the moment, shown at a pace you can follow; cards a seat keeps hidden stay hidden until the game is over.'),
    section,
    el('p', {}, link(`/leaderboard/${defaultGame().id}`, 'Leaderboard'), ' · ', link('/live', 'Every game on now'), ' · ', link('/upload', 'Upload a bot')),
  );
  fill(status, notice('Waiting for the next game…'));
  let shownMatch: string | null = null;
  const stop = followChannel('featured', (game) => {
    const seats = entrantSeats(game.game, game.seats).map((seat) => seat.name ?? seat.bot);
    if (game.match !== shownMatch) {
      shownMatch = game.match;
      fill(title, el('strong', {}, seats.join(' vs ')), ` · ${gameName(game.game)} · `, link(`/matches/${game.match}`, `match ${game.match}`), game.tournament === null ? null : ' · ', game.tournament === null ? null : link(`/tournaments/${game.tournament}`, `tournament ${game.tournament}`));
    }
    status.textContent = game.ended !== null
      ? `Game over after ${game.move} moves: ${winnersText(game.seats, game.ended.ranks)} (${game.ended.reason}). The next game starts in a moment.`
      : `Move ${game.move}${game.skipped === null ? '' : ` · ${game.skipped}`}`;
    section.dataset.match = game.match;
    section.dataset.move = String(game.move);
    rendererOf(game.game).render(board, game.view, { game: game.game, seats: game.seats.map((seat) => ({ name: seat.name ?? seat.bot, bot: seat.bot })), move: game.move, outcome: null });
  });
  return stop;
}

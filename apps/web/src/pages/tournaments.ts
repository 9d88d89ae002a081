/** The tournaments, newest first; reloaded when the lobby reports tournament progress. */
import type { Tournament } from '@xix/server/api-types';
import { api } from '../api.ts';
import { el, fill, formatTime, heading, link, notice } from '../dom.ts';
import { gameName } from '../games/registry.ts';
import { subscribeLobby, throttled } from '../lobby.ts';
import { simpleTable } from '../table.ts';

export function statusBadge(status: string): HTMLElement {
  return el('span', { class: `badge status-${status}` }, status);
}

function table(tournaments: readonly Tournament[]): HTMLElement {
  return simpleTable('Tournaments', [
    { key: 'id', label: 'Tournament', cell: (t) => link(`/tournaments/${t.id}`, `Tournament ${t.id}`) },
    { key: 'game', label: 'Game', cell: (t) => gameName(t.game) },
    { key: 'status', label: 'Status', cell: (t) => statusBadge(t.status) },
    { key: 'entrants', label: 'Bots', numeric: true, cell: (t) => String(t.entrants.length) },
    { key: 'deals', label: 'Deals per pairing', numeric: true, cell: (t) => String(t.dealsPerPairing) },
    { key: 'created', label: 'Created', cell: (t) => formatTime(t.createdAt) },
  ], tournaments);
}

export function mountTournamentsPage(root: HTMLElement): () => void {
  const body = el('div', { 'aria-live': 'polite' }, notice('Loading the tournaments…'));
  fill(root,
    heading(1, 'Tournaments'),
    el('p', { class: 'lead' },
      'Rated round robins. A game seats its entrants at tables of a size it allows; every set of that many entrants meets at one table, ',
      'which plays each deal once per rotation of the entrants round the seats, so that every entrant plays every seat of every deal.'),
    el('p', { class: 'muted small', 'data-testid': 'who-creates' },
      'Only the platform’s admin creates tournaments, with the server’s admin token (XIX_ADMIN_TOKEN): ',
      el('code', {}, 'xix tournament create --bot ID --bot ID …'), ' or ', el('code', {}, 'POST /api/tournaments'), '.'),
    body);
  let alive = true;
  const load = async (): Promise<void> => {
    try {
      const tournaments = await api.tournaments();
      if (alive) fill(body, tournaments.length === 0 ? notice('No tournaments yet.') : table(tournaments));
    } catch (error) {
      if (alive) fill(body, notice(`Cannot load the tournaments: ${(error as Error).message}`, 'error'));
    }
  };
  void load();
  const refresh = throttled(() => void load());
  const unsubscribe = subscribeLobby((event) => {
    if (event.type === 'tournament') refresh.request();
  });
  return () => {
    alive = false;
    refresh.cancel();
    unsubscribe();
  };
}

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
  fill(root, heading(1, 'Tournaments'), el('p', { class: 'lead' }, 'Round robins: every pair of bots plays a rated series, each deal from both seats.'), body);
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

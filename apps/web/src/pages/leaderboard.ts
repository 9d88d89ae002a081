/**
 * The leaderboard of a game: record, Elo, and Bradley–Terry with its 95% interval drawn as a bar
 * on a scale shared by every row; sortable; reloaded (at most once a second) when the lobby says a
 * game of it ended or ratings changed.
 */
import type { BradleyTerryRating, LeaderboardRow } from '@xix/server/api-types';
import { api } from '../api.ts';
import { gameName } from '../games/registry.ts';
import { el, fill, formatNumber, heading, link, notice } from '../dom.ts';
import { subscribeLobby, throttled } from '../lobby.ts';
import { sortableTable, type Column } from '../table.ts';

interface Scale {
  readonly low: number;
  readonly high: number;
}

function scaleOf(rows: readonly LeaderboardRow[]): Scale {
  const bts = rows.flatMap((row) => (row.bt === null ? [] : [row.bt]));
  if (bts.length === 0) return { low: 0, high: 1 };
  const low = Math.min(...bts.map((bt) => bt.low));
  const high = Math.max(...bts.map((bt) => bt.high));
  return high > low ? { low, high } : { low: low - 1, high: high + 1 };
}

const UNBOUNDED = {
  above: { text: 'open ↑', note: 'no loss yet: the upper end rests on the prior' },
  below: { text: 'open ↓', note: 'no win yet: the lower end rests on the prior' },
  both: { text: 'open', note: 'too few decided games: both ends rest on the prior' },
} as const;

function btCell(bt: BradleyTerryRating | null, scale: Scale): Node | string {
  if (bt === null) return '–';
  const at = (value: number): number => ((value - scale.low) / (scale.high - scale.low)) * 100;
  const interval = `${formatNumber(bt.low)} to ${formatNumber(bt.high)}`;
  return el('div', { class: 'bt' },
    el('span', { class: 'bt-value' }, formatNumber(bt.rating)),
    el('span', { class: 'bt-bar', role: 'img', 'aria-label': `95% interval ${interval}`, title: `95% interval ${interval}` },
      el('span', { class: 'bt-range', style: `left:${at(bt.low).toFixed(2)}%;width:${Math.max(0.5, at(bt.high) - at(bt.low)).toFixed(2)}%` }),
      el('span', { class: 'bt-point', style: `left:${at(bt.rating).toFixed(2)}%` }),
    ),
    bt.unbounded === null ? null : el('span', { class: 'badge', title: UNBOUNDED[bt.unbounded].note }, UNBOUNDED[bt.unbounded].text),
  );
}

function columns(scale: () => Scale): Column<LeaderboardRow>[] {
  return [
    { key: 'bot', label: 'Bot', cell: (row) => el('span', { class: 'bot-cell' }, link(`/bots/${row.bot}`, row.name), el('span', { class: 'owner' }, `by ${row.owner}`)), sort: (row) => row.name.toLowerCase() },
    {
      key: 'elo', label: 'Elo', numeric: true, sort: (row) => row.elo,
      cell: (row) => el('span', { class: 'elo' }, row.provisional === true ? el('span', { class: 'badge provisional', title: 'few rated games yet: the Elo is still settling' }, 'provisional') : null, ' ', formatNumber(row.elo)),
    },
    { key: 'bt', label: 'Bradley–Terry (95%)', title: 'Bradley–Terry rating with its 95% interval', numeric: true, cell: (row) => btCell(row.bt, scale()), sort: (row) => row.bt?.rating ?? null },
    { key: 'games', label: 'Games', numeric: true, cell: (row) => String(row.games), sort: (row) => row.games },
    { key: 'wins', label: 'W', title: 'Wins', numeric: true, cell: (row) => String(row.wins), sort: (row) => row.wins },
    { key: 'losses', label: 'L', title: 'Losses', numeric: true, cell: (row) => String(row.losses), sort: (row) => row.losses },
    { key: 'draws', label: 'D', title: 'Draws', numeric: true, cell: (row) => String(row.draws), sort: (row) => row.draws },
    { key: 'forfeits', label: 'Forfeits', numeric: true, cell: (row) => String(row.forfeits), sort: (row) => row.forfeits },
    { key: 'winRate', label: 'Win rate', numeric: true, cell: (row) => `${formatNumber(row.winRate * 100, 1)}%`, sort: (row) => row.winRate },
  ];
}

export function mountLeaderboardPage(root: HTMLElement, game: string): () => void {
  let scale: Scale = { low: 0, high: 1 };
  const table = sortableTable('Leaderboard', columns(() => scale), { key: 'elo', descending: true }); // a rating board: best Elo first
  const status = el('div', { 'aria-live': 'polite' }, notice('Loading the leaderboard…'));
  const games = el('nav', { class: 'game-picker', 'aria-label': 'Games' });
  const updated = el('p', { class: 'muted small' });
  fill(root,
    el('div', { class: 'page-head' }, heading(1, `Leaderboard: ${gameName(game)}`), games),
    el('p', { class: 'lead' }, 'Every active bot, with its record, its Elo and its Bradley–Terry rating. The bars show each rating’s 95% interval on one scale; the board updates as games end.'),
    status, table.element, updated,
  );

  let alive = true;
  const load = async (): Promise<void> => {
    try {
      const { rows } = await api.leaderboard(game);
      if (!alive) return;
      scale = scaleOf(rows);
      table.update(rows);
      fill(status, rows.length === 0 ? notice('No bots play this game yet.') : null);
      updated.textContent = `Updated ${new Date().toLocaleTimeString()}`;
    } catch (error) {
      if (alive) fill(status, notice(`Cannot load the leaderboard: ${(error as Error).message}`, 'error'));
    }
  };
  void load();
  void api.games().then((list) => {
    if (!alive || list.length < 2) return;
    fill(games, ...list.map((g) => {
      const anchor = link(`/leaderboard/${g.id}`, gameName(g.id));
      if (g.id === game) anchor.setAttribute('aria-current', 'page');
      return anchor;
    }));
  }, () => undefined);

  const refresh = throttled(() => void load());
  const unsubscribe = subscribeLobby((event) => {
    if ((event.type === 'game-end' || event.type === 'ratings') && event.game === game) refresh.request();
  });
  return () => {
    alive = false;
    refresh.cancel();
    unsubscribe();
  };
}

/**
 * A tournament: status, progress bar, standings and cross table; reloaded (at most once a
 * second) when the lobby reports its progress or one of its games ending.
 */
import { api, type TournamentReport } from '../api.ts';
import { el, fill, formatNumber, formatTime, heading, notice } from '../dom.ts';
import { subscribeLobby, throttled } from '../lobby.ts';
import { botLink, botNames, type BotNames } from '../names.ts';
import { scrollBox, simpleTable } from '../table.ts';
import { statusBadge } from './tournaments.ts';

type Standing = TournamentReport['standings'][number];

function progress(report: TournamentReport): HTMLElement {
  const { games, gamesDone } = report.progress;
  const percent = games === 0 ? 0 : Math.round((gamesDone / games) * 100);
  return el('div', { class: 'progress' },
    el('label', { for: 'tournament-progress' }, `${gamesDone} of ${games} games played (${percent}%)`),
    el('progress', { id: 'tournament-progress', max: String(Math.max(1, games)), value: String(gamesDone) }, `${percent}%`),
  );
}

function standings(report: TournamentReport, names: BotNames): HTMLElement {
  return simpleTable<Standing & { place: number }>('Standings', [
    { key: 'place', label: '#', numeric: true, cell: (s) => String(s.place) },
    { key: 'bot', label: 'Bot', cell: (s) => botLink(names, s.bot) },
    { key: 'games', label: 'Games', numeric: true, cell: (s) => String(s.games) },
    { key: 'wins', label: 'W', title: 'Wins', numeric: true, cell: (s) => String(s.wins) },
    { key: 'losses', label: 'L', title: 'Losses', numeric: true, cell: (s) => String(s.losses) },
    { key: 'draws', label: 'D', title: 'Draws', numeric: true, cell: (s) => String(s.draws) },
    { key: 'forfeits', label: 'Forfeits', numeric: true, cell: (s) => String(s.forfeits) },
    { key: 'points', label: 'Points', numeric: true, cell: (s) => formatNumber(s.points) },
  ], report.standings.map((s, i) => ({ ...s, place: i + 1 })));
}

/** Row bot against column bot: its wins–losses (–draws), from the pairing's cell. */
function crossTable(report: TournamentReport, names: BotNames): HTMLElement {
  const bots = report.standings.map((s) => s.bot);
  const cellOf = (row: string, column: string): HTMLTableCellElement => {
    if (row === column) return el('td', { class: 'self', 'aria-label': 'same bot' }, '×');
    const pairing = report.crossTable.find((c) => c.entrants.some((e) => e.bot === row) && c.entrants.some((e) => e.bot === column));
    if (pairing === undefined) return el('td', {}, '–');
    const me = pairing.entrants.findIndex((e) => e.bot === row);
    const wins = pairing.wins[me] ?? 0;
    const losses = pairing.wins[1 - me] ?? 0;
    const text = pairing.games === 0 ? '–' : `${wins}–${losses}${pairing.draws > 0 ? `–${pairing.draws}` : ''}`;
    const verdict = wins > losses ? 'ahead' : wins < losses ? 'behind' : 'even';
    return el('td', { class: `num cross ${pairing.games === 0 ? '' : verdict}`, title: `${pairing.games} games: ${wins} won, ${losses} lost, ${pairing.draws} drawn` }, text);
  };
  const short = (bot: string): string => names.get(bot)?.name ?? bot;
  const table = el('table', { class: 'cross-table' },
    el('caption', { class: 'visually-hidden' }, 'Cross table: each row bot’s wins–losses(–draws) against each column bot'),
    el('thead', {}, el('tr', {}, el('td', {}), ...bots.map((bot) => el('th', { scope: 'col' }, short(bot))))),
    el('tbody', {}, ...bots.map((row) => el('tr', {}, el('th', { scope: 'row' }, botLink(names, row)), ...bots.map((column) => cellOf(row, column))))),
  );
  return scrollBox(table, 'Cross table');
}

export function mountTournamentPage(root: HTMLElement, id: string): () => void {
  let alive = true;
  let names: BotNames = new Map();
  const head = el('div', { class: 'page-head' }, heading(1, `Tournament ${id}`));
  const body = el('div', { 'aria-live': 'polite' }, notice('Loading the tournament…'));
  fill(root, head, body);
  const load = async (): Promise<void> => {
    try {
      const report = await api.tournament(id);
      if (names.size === 0) names = await botNames(report.game);
      if (!alive) return;
      fill(head, heading(1, `Tournament ${id}`),
        el('p', { class: 'lead' }, `${report.game} round robin of ${report.entrants.length} bots, ${report.dealsPerPairing} deals per pairing from both seats · created ${formatTime(report.createdAt)} · `, statusBadge(report.status)));
      fill(body,
        progress(report),
        el('section', { 'aria-labelledby': 'standings-heading' }, el('h2', { id: 'standings-heading' }, 'Standings'), standings(report, names)),
        el('section', { 'aria-labelledby': 'cross-heading' }, el('h2', { id: 'cross-heading' }, 'Cross table'),
          el('p', { class: 'muted small' }, 'Each row’s wins–losses (–draws) against each column.'), crossTable(report, names)),
      );
    } catch (error) {
      if (alive) fill(body, notice(`Cannot load tournament ${id}: ${(error as Error).message}`, 'error'));
    }
  };
  void load();
  const refresh = throttled(() => void load());
  const unsubscribe = subscribeLobby((event) => {
    if ((event.type === 'tournament' && event.tournament === id) || (event.type === 'game-end' && event.tournament === id)) refresh.request();
  });
  return () => {
    alive = false;
    refresh.cancel();
    unsubscribe();
  };
}

/**
 * A tournament: status, progress bar, standings, cross table (each pairing's score and status) and
 * the pairings that failed, with why; reloaded (at most once a second) when the lobby reports its
 * progress or one of its games ending.
 */
import { entrantsAt, findGame } from '@xix/engine';
import type { CrossTableCell, TournamentFailure, TournamentReport } from '@xix/server/api-types';
import { api } from '../api.ts';
import { el, fill, formatNumber, formatTime, heading, notice, styled } from '../dom.ts';
import { gameName } from '../games/registry.ts';
import { subscribeLobby, throttled } from '../lobby.ts';
import { botLink, botNames, type BotNames } from '../names.ts';
import { scrollBox, simpleTable } from '../table.ts';
import { statusBadge } from './tournaments.ts';

type Standing = TournamentReport['standings'][number];

const percentOf = (part: number, whole: number): number => (whole === 0 ? 0 : (part / whole) * 100);

/** What the games stand at, in words: played, and (if any) never to be played. */
function progressText({ games, gamesDone, gamesUnplayed }: TournamentReport['progress']): string {
  const played = `${gamesDone} of ${games} games played (${Math.round(percentOf(gamesDone, games))}%)`;
  return gamesUnplayed === 0 ? played : `${played}; ${gamesUnplayed} will not be played (failed or cancelled pairings)`;
}

/** A bar of the games: played, then unplayed (failed or cancelled pairings), then still to come. */
function progress(report: TournamentReport): HTMLElement {
  const { games, gamesDone, gamesUnplayed } = report.progress;
  const text = progressText(report.progress);
  return el('div', { class: 'progress' },
    el('p', { id: 'tournament-progress-label', class: 'progress-label' }, text),
    el('div', {
      id: 'tournament-progress', class: 'progress-bar', role: 'progressbar', 'aria-labelledby': 'tournament-progress-label',
      'aria-valuemin': 0, 'aria-valuemax': games, 'aria-valuenow': gamesDone, 'aria-valuetext': text,
    },
    styled(el('span', { class: 'progress-played' }), { width: `${percentOf(gamesDone, games).toFixed(2)}%` }),
    styled(el('span', { class: 'progress-unplayed', title: `${gamesUnplayed} games will not be played` }), { width: `${percentOf(gamesUnplayed, games).toFixed(2)}%` })),
  );
}

/** How many entrants a table of the tournament seats (a partnership plays several seats). */
function entrantsAtTable(report: TournamentReport): number {
  const game = findGame(report.game);
  return game === undefined ? report.seats : entrantsAt(game, report.seats);
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
    // at tables of more than two entrants, places rank the bots (W: first alone, D: first shared);
    // a partnership table seats two entrants however many seats it has
    ...(entrantsAtTable(report) > 2 ? [{ key: 'averagePlace' as const, label: 'Avg place', title: 'Average place (1 = first)', numeric: true, cell: (s: Standing) => (s.averagePlace === null ? '–' : s.averagePlace.toFixed(2)) }] : []),
  ], report.standings.map((s, i) => ({ ...s, place: i + 1 })));
}

/** The row bot's score against the column bot (games finished ahead–behind(–level)), or – before any game. */
function score(pairing: CrossTableCell, row: string): { text: string; verdict: string; title: string } {
  const me = pairing.entrants.findIndex((e) => e.bot === row);
  const wins = pairing.wins[me] ?? 0;
  const losses = pairing.wins[1 - me] ?? 0;
  if (pairing.games === 0) return { text: '–', verdict: '', title: 'no game played' };
  return {
    text: `${wins}–${losses}${pairing.draws > 0 ? `–${pairing.draws}` : ''}`,
    verdict: wins > losses ? 'ahead' : wins < losses ? 'behind' : 'even',
    title: `${pairing.games} games: ${wins} won, ${losses} lost, ${pairing.draws} drawn`,
  };
}

/** Row bot against column bot: its score and the pairing's status (and why it failed). */
function crossTable(report: TournamentReport, names: BotNames): HTMLElement {
  const bots = report.standings.map((s) => s.bot);
  const cellOf = (row: string, column: string): HTMLTableCellElement => {
    if (row === column) return el('td', { class: 'self', 'aria-label': 'same bot' }, '×');
    const pairing = report.crossTable.find((c) => c.entrants.some((e) => e.bot === row) && c.entrants.some((e) => e.bot === column));
    if (pairing === undefined) return el('td', {}, '–');
    const { text, verdict, title } = score(pairing, row);
    const why = pairing.error === null ? '' : ` (${pairing.error})`;
    return el('td', { class: `num cross ${verdict}`, 'data-status': pairing.status, title: `${title}; ${pairing.status}${why}` },
      el('span', { class: 'cross-score' }, text), ' ', statusBadge(pairing.status));
  };
  const short = (bot: string): string => names.get(bot)?.name ?? bot;
  const table = el('table', { class: 'cross-table' },
    el('caption', { class: 'visually-hidden' }, 'Cross table: each row bot’s wins–losses(–draws) against each column bot'),
    el('thead', {}, el('tr', {}, el('td', {}), ...bots.map((bot) => el('th', { scope: 'col' }, short(bot))))),
    el('tbody', {}, ...bots.map((row) => el('tr', {}, el('th', { scope: 'row' }, botLink(names, row)), ...bots.map((column) => cellOf(row, column))))),
  );
  return scrollBox(table, 'Cross table');
}

/** The pairings that failed (an error outlasted the worker's retries): who, why, when, and the games they got to play. */
function failures(report: TournamentReport, names: BotNames): HTMLElement {
  return simpleTable<TournamentFailure>('Failed pairings', [
    { key: 'pairing', label: 'Pairing', cell: (f) => el('span', {}, ...f.entrants.flatMap((e, i) => [i === 0 ? '' : ' vs ', botLink(names, e.bot)])) },
    { key: 'reason', label: 'Reason', cell: (f) => el('span', { class: 'reason' }, f.reason) },
    { key: 'gamesDone', label: 'Games played', title: 'Games stored before it stopped (they count in the standings)', numeric: true, cell: (f) => String(f.gamesDone) },
    { key: 'at', label: 'When', cell: (f) => (f.at === null ? 'not recorded' : formatTime(f.at)) },
  ], report.failures);
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
        el('p', { class: 'lead' }, `${gameName(report.game)} round robin of ${report.entrants.length} bots at tables of ${report.seats} seats: ${report.dealsPerPairing} ${report.dealsPerPairing === 1 ? 'deal' : 'deals'} per table, each played once per rotation of the entrants round the seats · created ${formatTime(report.createdAt)} · `, statusBadge(report.status)));
      fill(body,
        progress(report),
        el('section', { 'aria-labelledby': 'standings-heading' }, el('h2', { id: 'standings-heading' }, 'Standings'), standings(report, names)),
        el('section', { 'aria-labelledby': 'cross-heading' }, el('h2', { id: 'cross-heading' }, 'Cross table'),
          el('p', { class: 'muted small' }, 'Each row’s wins–losses (–draws) against each column, and where the pairing stands.'), crossTable(report, names)),
        report.failures.length === 0 ? null : el('section', { 'aria-labelledby': 'failures-heading' }, el('h2', { id: 'failures-heading' }, 'Failed pairings'),
          el('p', { class: 'muted small' }, 'These pairings stopped on an error that outlasted the worker’s retries: their remaining games will not be played; the games they played count.'), failures(report, names)),
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

/** A tournament report (GET /api/tournaments/:id) as text: progress, standings, cross table, failures. */
import { entrantsAt, findGame } from '@xix/engine';
import { percent, table } from '../format.ts';
import type { CrossTableCell, EntrantRef, TournamentReport, TournamentSummary } from './api-types.ts';

/** What a cross-table cell shows for a pairing without games yet, by its status. */
const NOT_PLAYED: Readonly<Record<string, string>> = { queued: '.', running: '...', failed: 'failed', cancelled: 'cancelled' };

export const when = (ms: number | null | undefined): string => (typeof ms === 'number' ? `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC` : '?');

/** `name (b3)` when the name is known, else the id. */
function labeller(names: ReadonlyMap<string, string>): (bot: string) => string {
  return (bot) => {
    const name = names.get(bot);
    return name === undefined ? bot : `${name} (${bot})`;
  };
}

const limitsText = (limits: TournamentSummary['limits']): string =>
  limits && Object.keys(limits).length > 0 ? Object.entries(limits).map(([key, value]) => `${key}=${value}`).join(' ') : 'the defaults';

/** The row bot's wins-losses-draws (W-L-D, as in the standings) against the column bot, or why it has none. */
function crossCell(cell: CrossTableCell | undefined, row: string): string {
  if (cell === undefined) return '?';
  const status = cell.status ?? 'queued';
  if (cell.games === 0) return NOT_PLAYED[status] ?? status;
  const side = cell.entrants[0]?.bot === row ? 0 : 1;
  const record = `${cell.wins[side] ?? 0}-${cell.wins[1 - side] ?? 0}-${cell.draws}`;
  return status === 'failed' ? `${record}!` : record;
}

export function renderTournament(report: TournamentReport, names: ReadonlyMap<string, string>): string {
  const label = labeller(names);
  const { games, gamesDone, gamesUnplayed = 0 } = report.progress;
  const failures = report.failures ?? [];
  const lines: string[] = [];
  const unplayed = gamesUnplayed > 0 ? `, ${gamesUnplayed} never to be played` : '';
  lines.push(`tournament ${report.id} (${report.game}): ${report.status}; ${gamesDone} of ${games} games played (${percent(games === 0 ? 0 : gamesDone / games)})${unplayed}`);
  const seats = report.seats ?? 2;
  const game = findGame(report.game);
  // two entrants a table (heads up, or two partnerships) play pairings
  const pairs = (game === undefined ? seats : entrantsAt(game, seats)) === 2;
  const format = pairs
    ? `${seats === 2 ? '' : `partnerships at ${seats} seats, `}${report.dealsPerPairing} deals per pairing (each from both ${seats === 2 ? 'seats' : 'sides'})`
    : `tables of ${seats}, ${report.dealsPerPairing} deals per table (each once per seat rotation)`;
  lines.push(`${report.entrants.length} entrants, ${format}, limits: ${limitsText(report.limits)}; created by ${report.createdBy ?? '?'} ${when(report.createdAt)}`);
  if (failures.length > 0) lines.push(`${failures.length} pairing(s) FAILED (infrastructure errors, after their retries): see below`);

  lines.push('', 'standings');
  // at more than two seats the average place ranks them (W: first alone, D: first shared)
  const place = (s: TournamentReport['standings'][number]): string[] => (pairs ? [] : [typeof s.averagePlace === 'number' ? s.averagePlace.toFixed(2) : '-']);
  lines.push(table([
    ['#', 'bot', 'version', 'games', 'W-L-D', 'forfeits', 'points', ...(pairs ? [] : ['avg place'])],
    ...report.standings.map((s, k) => [String(k + 1), label(s.bot), `v${s.version}`, String(s.games ?? 0), `${s.wins ?? 0}-${s.losses ?? 0}-${s.draws ?? 0}`, String(s.forfeits ?? 0), String(s.points ?? 0), ...place(s)]),
  ]));

  const cellOf = new Map<string, CrossTableCell>();
  for (const cell of report.crossTable) {
    const [a, b] = cell.entrants;
    if (a !== undefined && b !== undefined) cellOf.set(`${a.bot} ${b.bot}`, cell).set(`${b.bot} ${a.bot}`, cell);
  }
  const bots = report.entrants.map((e: EntrantRef) => e.bot);
  lines.push('', "cross table: the row's W-L-D against the column (. queued, ... running, ! failed)");
  lines.push(table([
    ['', ...bots],
    ...bots.map((row) => [label(row), ...bots.map((column) => (row === column ? 'x' : crossCell(cellOf.get(`${row} ${column}`), row)))]),
  ]));

  lines.push('', pairs ? 'pairings' : 'pairs, over the tables they share (wins: finished ahead of the other)');
  lines.push(table([
    [pairs ? 'series' : 'tables', 'pairing', 'status', 'games', 'wins', 'draws', 'points', 'forfeits'],
    ...report.crossTable.map((c) => [
      pairs ? c.series : (c.tables ?? [c.series]).join(','), c.entrants.map((e) => label(e.bot)).join(' vs '), c.status ?? '?', String(c.games), c.wins.join('-'), String(c.draws), c.points.join('-'), c.forfeits.join('-'),
    ]),
  ]));

  if (failures.length > 0) {
    lines.push('', 'failed pairings');
    for (const f of failures) lines.push(`${f.series} ${f.entrants.map((e) => label(e.bot)).join(' vs ')}: failed ${when(f.at)} after ${f.gamesDone ?? 0} game(s): ${f.reason}`);
  }
  return lines.join('\n');
}

/** The tournaments as a table, newest first as the server lists them. */
export function renderTournamentList(list: readonly TournamentSummary[]): string {
  if (list.length === 0) return 'no tournaments';
  return table([
    ['tournament', 'game', 'status', 'entrants', 'pairings', 'deals', 'created'],
    ...list.map((t) => [t.id, t.game, t.status, String(t.entrants.length), String(t.series.length), String(t.dealsPerPairing), when(t.createdAt)]),
  ]);
}

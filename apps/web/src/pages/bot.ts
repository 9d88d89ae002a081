/**
 * A bot: owner, record, versions (with the validation verdicts for its signed-in owner), the Elo
 * history chart, recent matches (each a link to the viewer) and head-to-head against each opponent.
 */
import type { BotDetail, HeadToHead, Match, Version } from '@xix/server/api-types';
import { api } from '../api.ts';
import { ratingChart } from '../chart.ts';
import { gameName } from '../games/registry.ts';
import { el, fill, formatNumber, formatTime, heading, link, notice } from '../dom.ts';
import { outcomeText, seatOutcome, type SeatOutcome } from '../seat-outcome.ts';
import { signedInName } from '../session.ts';
import { simpleTable, sortableTable } from '../table.ts';

const RECENT = 20;

interface Played {
  readonly match: Match;
  /** The other seats' bots, in seat order; null for a seat the bot itself held (a game against itself). */
  readonly opponents: readonly ({ readonly bot: string; readonly name: string } | null)[];
  readonly result: SeatOutcome;
  readonly forfeited: boolean;
  /** Points: the bot's, then the other seats' in seat order. */
  readonly points: readonly number[];
}

/** The match from the bot's seat (its first, if it held several), for any number of seats. */
function fromSeat(match: Match, bot: string): Played {
  const seat = Math.max(0, match.entrants.findIndex((entrant) => entrant.bot === bot));
  const others = match.entrants.flatMap((entrant, i) => (i === seat ? [] : [i]));
  return {
    match,
    opponents: others.map((i) => {
      const entrant = match.entrants[i]!;
      return entrant.bot === bot ? null : { bot: entrant.bot, name: entrant.name };
    }),
    result: seatOutcome(match.ranks, seat),
    forfeited: match.forfeit?.seat === seat,
    points: [seat, ...others].map((i) => match.points[i] ?? 0),
  };
}

type Opponent = HeadToHead['opponents'][number];

const score = (row: Opponent): number => (row.wins + row.draws / 2) / Math.max(1, row.games);

function outcomeCell(game: Played): HTMLElement {
  // against itself alone (validation) a win is also a loss: the result says nothing about the bot
  if (game.opponents.every((opponent) => opponent === null)) return el('span', { class: 'outcome draw' }, 'played itself');
  const text = outcomeText(game.result);
  return el('span', { class: `outcome ${game.result.outcome}` }, game.forfeited ? `${text} (forfeit)` : text);
}

function opponentsCell(game: Played): HTMLElement | string {
  if (game.opponents.every((opponent) => opponent === null)) return 'itself';
  return el('span', {}, ...game.opponents.flatMap((opponent, i) => [i === 0 ? '' : ', ', opponent === null ? 'itself' : link(`/bots/${opponent.bot}`, opponent.name)]));
}

function summary(bot: BotDetail, elo: number | null): HTMLElement {
  const item = (label: string, value: string): HTMLElement => el('div', {}, el('dt', {}, label), el('dd', {}, value));
  const { record } = bot;
  return el('dl', { class: 'stats' },
    item('Elo', formatNumber(elo)),
    item('Games', String(record.games)),
    item('Won', String(record.wins)),
    item('Lost', String(record.losses)),
    item('Drawn', String(record.draws)),
    item('Forfeits', String(record.forfeits)),
  );
}

function stateBadge(version: Version): HTMLElement {
  return el('span', { class: `badge state-${version.state}` }, version.state);
}

function versionsTable(versions: readonly Version[], owner: boolean): HTMLElement {
  const newestFirst = [...versions].sort((a, b) => b.version - a.version);
  return simpleTable('Versions', [
    { key: 'version', label: 'Version', numeric: true, cell: (v) => `v${v.version}` },
    { key: 'state', label: 'State', cell: stateBadge },
    { key: 'created', label: 'Uploaded', cell: (v) => formatTime(v.createdAt) },
    { key: 'bytes', label: 'Size', numeric: true, cell: (v) => `${formatNumber(v.bytes / 1024, 1)} KiB` },
    ...(owner ? [{
      key: 'verdict', label: 'Validation',
      cell: (v: Version) => v.verdict === null && v.message === null ? (v.state === 'rejected' ? 'rejected' : '–')
        : el('div', { class: 'verdict' },
          v.verdict === null ? null : el('strong', {}, v.verdict),
          v.message === null ? null : el('pre', { class: 'message' }, v.message),
          v.failingMatch === null ? null : link(`/matches/${v.failingMatch}`, `the failing match ${v.failingMatch}`)),
    }] : []),
  ], newestFirst);
}

function matchesTable(played: readonly Played[]): HTMLElement {
  return simpleTable('Recent matches', [
    { key: 'outcome', label: 'Result', cell: outcomeCell },
    { key: 'opponent', label: 'Opponents', cell: opponentsCell },
    { key: 'points', label: 'Points', numeric: true, title: 'Its points, then the other seats’ in seat order', cell: (g) => g.points.map((p) => formatNumber(p)).join('–') },
    { key: 'watch', label: 'Watch', cell: (g) => link(`/matches/${g.match.id}`, el('span', { class: 'visually-hidden' }, `Watch match `), g.match.id) },
    { key: 'reason', label: 'How', cell: (g) => g.match.reason },
    { key: 'kind', label: 'Kind', cell: (g) => `${g.match.kind}${g.match.rated ? ', rated' : ''}` },
    { key: 'when', label: 'When', cell: (g) => formatTime(g.match.finishedAt) },
  ], played);
}

function headToHeadTable(rows: readonly Opponent[]): HTMLElement {
  const table = sortableTable<Opponent>('Head-to-head', [
    { key: 'opponent', label: 'Opponent', cell: (row) => link(`/bots/${row.opponent}`, row.name), sort: (row) => row.name.toLowerCase() },
    { key: 'games', label: 'Games', numeric: true, cell: (row) => String(row.games), sort: (row) => row.games },
    { key: 'wins', label: 'W', title: 'Wins', numeric: true, cell: (row) => String(row.wins), sort: (row) => row.wins },
    { key: 'losses', label: 'L', title: 'Losses', numeric: true, cell: (row) => String(row.losses), sort: (row) => row.losses },
    { key: 'draws', label: 'D', title: 'Draws', numeric: true, cell: (row) => String(row.draws), sort: (row) => row.draws },
    { key: 'score', label: 'Score', title: 'Wins plus half the draws, per game', numeric: true, cell: (row) => `${formatNumber(score(row) * 100, 0)}%`, sort: score },
  ], { key: 'games', descending: true });
  table.update(rows);
  return table.element;
}

export function mountBotPage(root: HTMLElement, id: string): () => void {
  let alive = true;
  let destroyChart = (): void => undefined;
  fill(root, notice('Loading the bot…'));
  void (async () => {
    try {
      const [bot, ratings, recent, versus, viewer] = await Promise.all([api.bot(id), api.ratings(id), api.matchesOfBot(id, RECENT), api.headToHead(id), signedInName().catch(() => null)]);
      if (!alive) return;
      const owner = viewer !== null && viewer === bot.owner;
      const played = recent.matches.map((match) => fromSeat(match, bot.id));
      const chartBox = el('div');
      const status = bot.retired ? 'retired' : bot.active === null ? 'no active version yet' : `active: v${bot.active}`;
      fill(root,
        heading(1, bot.name),
        el('p', { class: 'lead' }, `A ${gameName(bot.game)} bot by `, el('strong', { class: 'owner-name' }, bot.owner), ` · ${status}`, bot.probation === null ? null : ` · on probation: ${bot.probation}`),
        summary(bot, ratings.history.at(-1)?.rating ?? null),
        el('section', { 'aria-labelledby': 'rating-heading' }, el('h2', { id: 'rating-heading' }, 'Elo history'), chartBox),
        el('section', { 'aria-labelledby': 'matches-heading' },
          el('h2', { id: 'matches-heading' }, 'Recent matches'),
          played.length === 0 ? notice('No matches yet.') : matchesTable(played)),
        el('section', { 'aria-labelledby': 'h2h-heading' },
          el('h2', { id: 'h2h-heading' }, 'Head-to-head'),
          el('p', { class: 'muted small' }, versus.complete ? `Over all ${versus.matches} of its matches (games against itself left out).` : `Over its last ${versus.matches} matches.`),
          versus.opponents.length === 0 ? notice('No opponents yet.') : headToHeadTable(versus.opponents)),
        el('section', { 'aria-labelledby': 'versions-heading' },
          el('h2', { id: 'versions-heading' }, 'Versions'),
          owner ? el('p', { class: 'muted small' }, 'You own this bot: the validation verdicts of your versions are shown.') : null,
          versionsTable(bot.versions, owner)),
      );
      if (ratings.history.length === 0) fill(chartBox, notice('No rated games yet.'));
      else {
        const chart = ratingChart(ratings.history);
        fill(chartBox, chart.element);
        destroyChart = () => chart.destroy();
      }
    } catch (error) {
      if (alive) fill(root, heading(1, 'Bot'), notice(`Cannot load bot ${id}: ${(error as Error).message}`, 'error'));
    }
  })();
  return () => {
    alive = false;
    destroyChart();
  };
}

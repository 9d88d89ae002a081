/**
 * A bot: its owner (a link to their page), its Bradley–Terry rating with its interval and its Elo
 * (on each board of its game where it plays), its record beside its rated and validation games,
 * the Elo history by date with the start of each version marked, its matches newest first (each a
 * link to the viewer; older pages on demand), head-to-head against each opponent, and its
 * versions (with the validation verdicts for its signed-in owner) and the sequential test of each
 * new version against the previous one (docs/sprt.md "On the platform").
 */
import { DEFAULT_VARIANT } from '@xix/engine';
import { sprtProgress, sprtSummary } from '@xix/ratings/sprt-summary';
import type { BotDetail, HeadToHead, LeaderboardRow, Match, RatingPoint, Version } from '@xix/server/api-types';
import { api } from '../api.ts';
import { ratingChart } from '../chart.ts';
import { btCell } from './leaderboard.ts';
import { botStatus } from './user.ts';
import { gameName } from '../games/registry.ts';
import { el, fill, formatNumber, formatTime, heading, link, notice } from '../dom.ts';
import { outcomeText, seatOutcome, type SeatOutcome } from '../seat-outcome.ts';
import { signedInName } from '../session.ts';
import { simpleTable, sortableTable } from '../table.ts';

/** Matches per page. */
const PAGE = 20;
/** How often a running version test is read again (ms): its line and bar follow the games as they come. */
const SPRT_REFRESH_MS = 5_000;

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

/** The bot on one board of its game: its leaderboard row (ratings, record there) and its Elo history. */
interface Board {
  readonly variant: string;
  readonly row: LeaderboardRow | null;
  readonly history: readonly RatingPoint[];
}

/** Its validation games among the matches read: all of them once every page is read, else at least. */
function validationCount(played: readonly Played[], complete: boolean): string {
  const count = played.filter((game) => game.match.kind === 'validation').length;
  return complete ? String(count) : `${count}+`;
}

function summary(bot: BotDetail, board: Board | null, played: readonly Played[], complete: boolean): HTMLElement {
  const item = (label: string, value: Node | string, key: string): HTMLElement => el('div', { 'data-stat': key }, el('dt', {}, label), el('dd', {}, value));
  const { record } = bot;
  const rated = board?.history.length ?? 0;
  return el('div', {},
    el('dl', { class: 'stats' },
      item('Bradley–Terry', btCell(board?.row?.bt ?? null, null), 'bt'),
      item('Elo', el('span', {}, formatNumber(board?.row?.elo ?? board?.history.at(-1)?.rating ?? null), board?.row?.provisional === true ? el('span', { class: 'badge provisional', title: 'its current version is in its first rated games: its Elo is still settling' }, 'provisional') : null), 'elo'),
      item('Games', String(record.games), 'games'),
      item('Rated games', String(rated), 'rated'),
      item('Won', String(record.wins), 'wins'),
      item('Lost', String(record.losses), 'losses'),
      item('Drawn', String(record.draws), 'draws'),
      item('Forfeits', String(record.forfeits), 'forfeits'),
      item('Validation games', validationCount(played, complete), 'validation'),
    ),
    el('p', { class: 'muted small', 'data-testid': 'counts-note' },
      `Games, won, lost, drawn and forfeits count its challenge, tournament and ladder games; ${rated} of them ${rated === 1 ? 'was' : 'were'} rated${board === null || board.variant === DEFAULT_VARIANT ? '' : ` on the ${board.variant} board`}. `,
      'Validation games, which each new version plays before it may play others, are counted apart.'),
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

/** Each version's test against the previous active version, newest first: its progress, then its verdict. */
function sprtSection(versions: readonly Version[]): HTMLElement | null {
  const tested = versions.filter((v) => v.sprt !== null).sort((a, b) => b.version - a.version);
  if (tested.length === 0) return null;
  return el('section', { 'aria-labelledby': 'sprt-heading' },
    el('h2', { id: 'sprt-heading' }, 'Is the new version better?'),
    el('p', { class: 'muted small' },
      'When a version becomes active it plays the previous active version in the background (unrated: no rating, record or list counts these games) ',
      'until a sequential test (SPRT) decides: "better" by about the second bound, or "not better" by it. It does not say "worse".'),
    el('ul', { class: 'sprt-tests' }, ...tested.map((v) => {
      const test = v.sprt!;
      return el('li', { class: `sprt sprt-${test.status}`, 'data-testid': `sprt-v${v.version}`, 'data-status': test.status },
        el('span', { class: 'sprt-line' }, sprtSummary(v.version, test)),
        test.status === 'running' ? el('progress', { max: '1', value: String(sprtProgress(test)), 'aria-label': `v${v.version}'s evidence, from not better (left) to better (right)` }) : null,
        el('span', { class: 'muted small' }, ` H0 ${test.elo0} Elo, H1 ${test.elo1} Elo, at most ${test.maxGames.toLocaleString('en-US')} games`));
    })));
}

function matchesTable(played: readonly Played[]): HTMLElement {
  return simpleTable('Matches', [
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

/** The boards of the bot's game (its variants, or the main one when they are too many to list) with the bot's row and Elo history on each. */
async function boardsOf(bot: BotDetail): Promise<Board[]> {
  const info = (await api.games()).find((game) => game.id === bot.game);
  const variants = info?.variants ?? (info === undefined ? [] : [info.mainVariant]);
  return Promise.all(variants.map(async (variant): Promise<Board> => {
    const [board, ratings] = await Promise.all([api.leaderboard(bot.game, variant), api.ratings(bot.id, variant)]);
    return { variant, row: board.rows.find((row) => row.bot === bot.id) ?? null, history: ratings.history };
  }));
}

/** The bot's ratings on each board where it has any, when its game has several boards. */
function boardsTable(bot: BotDetail, boards: readonly Board[]): HTMLElement {
  return simpleTable<Board>('Ratings by variant', [
    { key: 'variant', label: 'Variant', cell: (board) => link(`/leaderboard/${bot.game}/${board.variant}`, board.variant) },
    { key: 'bt', label: 'Bradley–Terry (95%)', numeric: true, cell: (board) => btCell(board.row?.bt ?? null, null) },
    { key: 'elo', label: 'Elo', numeric: true, cell: (board) => formatNumber(board.row?.elo ?? null) },
    { key: 'rated', label: 'Rated games', numeric: true, cell: (board) => String(board.history.length) },
  ], boards);
}

export function mountBotPage(root: HTMLElement, id: string): () => void {
  let alive = true;
  let destroyChart = (): void => undefined;
  let sprtTimer: ReturnType<typeof setTimeout> | undefined;
  /** While a version's test runs, its section is read again every SPRT_REFRESH_MS (a failed read is tried again). */
  const followTests = (box: HTMLElement, versions: readonly Version[]): void => {
    if (!alive || !versions.some((v) => v.sprt?.status === 'running')) return;
    sprtTimer = setTimeout(() => {
      api.bot(id).then((fresh) => {
        if (!alive) return;
        fill(box, sprtSection(fresh.versions));
        followTests(box, fresh.versions);
      }, () => followTests(box, versions));
    }, SPRT_REFRESH_MS);
  };
  fill(root, notice('Loading the bot…'));
  void (async () => {
    try {
      const [bot, firstPage, versus, viewer] = await Promise.all([api.bot(id), api.matchesOfBot(id, PAGE), api.headToHead(id), signedInName().catch(() => null)]);
      const boards = await boardsOf(bot);
      if (!alive) return;
      const owner = viewer !== null && viewer === bot.owner;
      const rated = boards.filter((board) => board.history.length > 0 || board.row?.bt != null);
      // the board its numbers are shown for: where it has most rated games, else the game's main one
      const shown = [...rated].sort((a, b) => b.history.length - a.history.length)[0] ?? boards[0] ?? null;
      let played = firstPage.matches.map((match) => fromSeat(match, bot.id));
      let next = firstPage.next;
      const summaryBox = el('div');
      const matchesBox = el('div');
      const chartBox = el('div');
      const sprtBox = el('div', {}, sprtSection(bot.versions));
      followTests(sprtBox, bot.versions);
      const drawMatches = (): void => {
        fill(summaryBox, summary(bot, shown, played, next === null));
        const more = next === null ? null : el('button', { type: 'button', class: 'secondary', 'data-testid': 'older-matches' }, `Show ${PAGE} older matches`);
        more?.addEventListener('click', () => {
          more.disabled = true;
          void api.matchesOfBot(id, PAGE, next!).then((page) => {
            if (!alive) return;
            played = [...played, ...page.matches.map((match) => fromSeat(match, bot.id))];
            next = page.next;
            drawMatches();
          }, (error: unknown) => {
            if (alive) fill(matchesBox, matchesTable(played), notice(`Cannot load older matches: ${(error as Error).message}`, 'error'));
          });
        });
        fill(matchesBox,
          played.length === 0 ? notice('No matches yet.') : matchesTable(played),
          el('p', { class: 'muted small pager' }, `The ${played.length} newest ${played.length === 1 ? 'match' : 'matches'}${next === null ? ', all of them' : ''}.`, more === null ? null : ' ', more),
        );
      };
      fill(root,
        heading(1, bot.name),
        el('p', { class: 'lead' }, `A ${gameName(bot.game)} bot by `, el('a', { class: 'owner-name', href: `/users/${encodeURIComponent(bot.owner)}` }, bot.owner), ` · ${botStatus(bot)}`, bot.probation === null ? null : ` · on probation: ${bot.probation}`),
        summaryBox,
        boards.length > 1 && rated.length > 0 ? el('section', { 'aria-labelledby': 'boards-heading' }, el('h2', { id: 'boards-heading' }, 'Ratings by variant'), boardsTable(bot, boards)) : null,
        el('section', { 'aria-labelledby': 'rating-heading' }, el('h2', { id: 'rating-heading' }, shown === null || shown.variant === DEFAULT_VARIANT ? 'Elo history' : `Elo history (${shown.variant})`), chartBox),
        el('section', { 'aria-labelledby': 'matches-heading' }, el('h2', { id: 'matches-heading' }, 'Matches'), matchesBox),
        el('section', { 'aria-labelledby': 'h2h-heading' },
          el('h2', { id: 'h2h-heading' }, 'Head-to-head'),
          el('p', { class: 'muted small' }, versus.complete ? `Over all ${versus.matches} of its matches (games against itself left out).` : `Over its last ${versus.matches} matches.`),
          versus.opponents.length === 0 ? notice('No opponents yet.') : headToHeadTable(versus.opponents)),
        sprtBox,
        el('section', { 'aria-labelledby': 'versions-heading' },
          el('h2', { id: 'versions-heading' }, 'Versions'),
          owner ? el('p', { class: 'muted small' }, 'You own this bot: the validation verdicts of your versions are shown.') : null,
          versionsTable(bot.versions, owner)),
      );
      drawMatches();
      if (shown === null || shown.history.length === 0) fill(chartBox, notice('No rated games yet.'));
      else {
        const chart = ratingChart(shown.history);
        fill(chartBox, chart.element);
        destroyChart = () => chart.destroy();
      }
    } catch (error) {
      if (alive) fill(root, heading(1, 'Bot'), notice(`Cannot load bot ${id}: ${(error as Error).message}`, 'error'));
    }
  })();
  return () => {
    alive = false;
    clearTimeout(sprtTimer);
    destroyChart();
  };
}

/**
 * The leaderboard of a game's variant (/leaderboard/:game for its main one, /leaderboard/:game/:variant):
 * each bot's Bradley–Terry rating with its 95% interval (the numbers, and a bar on a scale shared by
 * every row), its Elo (marked while provisional), record and win rate; a note on how the two ratings
 * differ; a search by bot or owner and pages of PAGE_SIZE rows (both in the URL: ?q=, ?page=);
 * sortable (on a phone, where each row is a card, by a menu); reloaded (at most once a second) when
 * the lobby says a game of it ended or ratings changed.
 */
import type { BradleyTerryRating, GameInfo, LeaderboardRow } from '@xix/server/api-types';
import { api } from '../api.ts';
import { gameName } from '../games/registry.ts';
import { el, fill, formatNumber, heading, link, notice, styled } from '../dom.ts';
import { subscribeLobby, throttled } from '../lobby.ts';
import { sortableTable, type Column } from '../table.ts';

export const PAGE_SIZE = 50;

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

export function btCell(bt: BradleyTerryRating | null, scale: Scale | null): Node | string {
  if (bt === null) return '–';
  const at = (value: number): number => scale === null ? 0 : ((value - scale.low) / (scale.high - scale.low)) * 100;
  return el('div', { class: 'bt' },
    el('span', { class: 'bt-numbers' },
      el('span', { class: 'bt-value' }, formatNumber(bt.rating)),
      el('span', { class: 'bt-interval', 'data-low': Math.round(bt.low), 'data-high': Math.round(bt.high) },
        el('span', { class: 'visually-hidden' }, '95% interval '), `${formatNumber(bt.low)}–${formatNumber(bt.high)}`)),
    scale !== null && el('span', { class: 'bt-bar', 'aria-hidden': 'true' },
      styled(el('span', { class: 'bt-range' }), { left: `${at(bt.low).toFixed(2)}%`, width: `${Math.max(0.5, at(bt.high) - at(bt.low)).toFixed(2)}%` }),
      styled(el('span', { class: 'bt-point' }), { left: `${at(bt.rating).toFixed(2)}%` })),
    bt.unbounded === null ? null : el('span', { class: 'badge', title: UNBOUNDED[bt.unbounded].note }, UNBOUNDED[bt.unbounded].text),
  );
}

const PROVISIONAL_NOTE = 'its current version is in its first rated games: its Elo is still settling';

function columns(scale: () => Scale): Column<LeaderboardRow>[] {
  return [
    {
      key: 'bot', label: 'Bot', sort: (row) => row.name.toLowerCase(),
      cell: (row) => el('span', { class: 'bot-cell' },
        link(`/bots/${row.bot}`, row.name),
        row.provisional && el('span', { class: 'badge provisional', title: PROVISIONAL_NOTE }, 'provisional'),
        el('span', { class: 'owner' }, 'by ', link(`/users/${encodeURIComponent(row.owner)}`, row.owner))),
    },
    { key: 'bt', label: 'Bradley–Terry (95%)', title: 'Bradley–Terry rating with its 95% interval', numeric: true, cell: (row) => btCell(row.bt, scale()), sort: (row) => row.bt?.rating ?? null },
    { key: 'elo', label: 'Elo', numeric: true, sort: (row) => row.elo, cell: (row) => formatNumber(row.elo) },
    { key: 'games', label: 'Games', numeric: true, cell: (row) => String(row.games), sort: (row) => row.games },
    { key: 'wins', label: 'W', title: 'Wins', numeric: true, cell: (row) => String(row.wins), sort: (row) => row.wins },
    { key: 'losses', label: 'L', title: 'Losses', numeric: true, cell: (row) => String(row.losses), sort: (row) => row.losses },
    { key: 'draws', label: 'D', title: 'Draws', numeric: true, cell: (row) => String(row.draws), sort: (row) => row.draws },
    { key: 'winRate', label: 'Win rate', numeric: true, cell: (row) => `${formatNumber(row.winRate * 100, 1)}%`, sort: (row) => row.winRate },
    { key: 'forfeits', label: 'Forfeits', numeric: true, cell: (row) => String(row.forfeits), sort: (row) => row.forfeits },
  ];
}

/** How the two ratings differ, what the interval and "provisional" mean (docs/ratings.md, in short). */
function ratingsNote(): HTMLElement {
  return el('details', { class: 'note' },
    el('summary', {}, 'How are the bots rated?'),
    el('p', {}, el('strong', {}, 'Bradley–Terry'), ' is fitted to all the rated games at once, so the order they were played in does not matter. ',
      'Beside it, its 95% interval: the bot’s strength lies in that range with 95% confidence. Two bots whose intervals overlap are not told apart yet; more games narrow them. ',
      '“open” marks an end that the results alone leave open (no win, or no loss, yet).'),
    el('p', {}, el('strong', {}, 'Elo'), ' moves after each rated game, in the order the games were stored, and rates the bot’s current version: a new version starts from the previous one’s Elo. ',
      'It follows a bot that changes, but it depends on the order of the games and has no interval. A ', el('span', { class: 'badge provisional' }, 'provisional'), ` bot: ${PROVISIONAL_NOTE}.`),
    el('p', {}, 'Both are on the same scale: 1500 is the average bot, and a bot 200 points above another is expected to score about 76% against it. ',
      'Games, wins, losses, draws and forfeits count every game of this board but validation games; only tournament and ladder games are rated.'),
  );
}

/** The page's state in its URL: the search (?q=) and the page (?page=, from 1). */
function readQuery(): { search: string; page: number } {
  const params = new URLSearchParams(location.search);
  const page = Number(params.get('page'));
  return { search: params.get('q') ?? '', page: Number.isInteger(page) && page >= 1 ? page : 1 };
}

function writeQuery(search: string, page: number): void {
  const params = new URLSearchParams();
  if (search !== '') params.set('q', search);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  history.replaceState(history.state, '', `${location.pathname}${query === '' ? '' : `?${query}`}${location.hash}`);
}

const matches = (row: LeaderboardRow, search: string): boolean => {
  const wanted = search.trim().toLowerCase();
  return wanted === '' || row.name.toLowerCase().includes(wanted) || row.owner.toLowerCase().includes(wanted);
};

/** The pickers of games and of the game's variants (shown when there is a choice), as links. */
function pickers(games: readonly GameInfo[], game: string, variant: string): HTMLElement[] {
  const pill = (href: string, text: string, current: boolean): HTMLAnchorElement => el('a', { href, 'aria-current': current ? 'page' : null }, text);
  const info = games.find((g) => g.id === game);
  const variants = info?.variants ?? [];
  return [
    games.length > 1 ? el('nav', { class: 'game-picker', 'aria-label': 'Games' }, ...games.map((g) => pill(`/leaderboard/${g.id}`, gameName(g.id), g.id === game))) : null,
    variants.length > 1 ? el('nav', { class: 'game-picker variant-picker', 'aria-label': 'Variants' },
      el('span', { class: 'muted small' }, 'Variant:'), ...variants.map((v) => pill(`/leaderboard/${game}/${v}`, v, v === variant))) : null,
  ].filter((node) => node !== null);
}

export function mountLeaderboardPage(root: HTMLElement, game: string, askedVariant: string | null): () => void {
  let scale: Scale = { low: 0, high: 1 };
  let { search, page } = readQuery();
  let all: readonly LeaderboardRow[] = [];
  const pager = el('nav', { class: 'pager', 'aria-label': 'Pages of the leaderboard' });
  const shown = el('p', { class: 'muted small', role: 'status', 'data-testid': 'rows-shown' });
  const status = el('div', { 'aria-live': 'polite' }, notice('Loading the leaderboard…'));
  const updated = el('p', { class: 'muted small' });

  const drawPager = (total: number, pages: number): void => {
    const first = (page - 1) * PAGE_SIZE;
    shown.textContent = total === 0
      ? (all.length === 0 ? '' : `No bot or owner matches “${search.trim()}”.`)
      : `Bots ${first + 1}–${Math.min(first + PAGE_SIZE, total)} of ${total}${search.trim() === '' ? '' : ` matching “${search.trim()}”`}`;
    const go = (to: number): void => {
      page = to;
      writeQuery(search, page);
      table.refresh();
    };
    fill(pager, ...(pages <= 1 ? [] : [
      el('button', { type: 'button', class: 'secondary', disabled: page <= 1, onclick: () => go(page - 1) }, '← Previous'),
      el('span', { class: 'muted small' }, `Page ${page} of ${pages}`),
      el('button', { type: 'button', class: 'secondary', disabled: page >= pages, onclick: () => go(page + 1) }, 'Next →'),
    ]));
  };
  /** Of the sorted rows, those of the search on the page shown. */
  const view = (sorted: readonly LeaderboardRow[]): readonly LeaderboardRow[] => {
    const found = sorted.filter((row) => matches(row, search));
    const pages = Math.max(1, Math.ceil(found.length / PAGE_SIZE));
    page = Math.min(page, pages);
    drawPager(found.length, pages);
    return found.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  };
  const cols = columns(() => scale);
  const sortMenu = el('select', { id: 'leaderboard-sort' }, ...cols.filter((c) => c.sort !== undefined).map((c) => el('option', { value: c.key }, c.title ?? c.label)));
  const table = sortableTable('Leaderboard', cols, { key: 'elo', descending: true }, { // a rating board: best Elo first
    view, stacked: true, onSort: ({ key }) => { sortMenu.value = key; },
  });
  sortMenu.value = 'elo';
  sortMenu.addEventListener('change', () => table.sortBy(sortMenu.value));
  const searchBox = el('input', { id: 'leaderboard-search', type: 'search', value: search, spellcheck: 'false', autocomplete: 'off' });
  searchBox.addEventListener('input', () => {
    search = searchBox.value;
    page = 1;
    writeQuery(search, page);
    table.refresh();
  });

  const title = heading(1, `Leaderboard: ${gameName(game)}`);
  const head = el('div', { class: 'page-head' }, title);
  fill(root,
    head,
    el('p', { class: 'lead' }, 'Every active bot, with its ratings and its record; the board updates as games end. ',
      link(`/editor?game=${encodeURIComponent(game)}`, `Write a ${gameName(game)} bot in the editor`), '.'),
    ratingsNote(),
    el('div', { class: 'toolbar' },
      el('div', { class: 'field inline' }, el('label', { for: 'leaderboard-search' }, 'Find a bot or owner'), searchBox),
      el('div', { class: 'field inline phone-only' }, el('label', { for: 'leaderboard-sort' }, 'Sort by'), sortMenu)),
    status, shown, table.element, pager, updated,
  );

  let alive = true;
  let variant = askedVariant;
  const load = async (): Promise<void> => {
    try {
      const board = await api.leaderboard(game, askedVariant ?? undefined);
      if (!alive) return;
      variant = board.variant;
      all = board.rows;
      scale = scaleOf(board.rows);
      table.update(board.rows);
      fill(status, board.rows.length === 0 ? notice('No bots play this board yet.') : null);
      updated.textContent = `Updated ${new Date().toLocaleTimeString()}`;
    } catch (error) {
      if (alive) fill(status, notice(`Cannot load the leaderboard: ${(error as Error).message}`, 'error'));
    }
  };
  void load().then(() => api.games()).then((games) => {
    if (!alive || games === undefined || variant === null) return;
    const several = (games.find((g) => g.id === game)?.variants?.length ?? 0) > 1;
    if (several) {
      title.textContent = `Leaderboard: ${gameName(game)} (${variant})`;
      document.title = `Leaderboard: ${gameName(game)} (${variant}) · XIX Arena`;
    }
    fill(head, title, ...pickers(games, game, variant));
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

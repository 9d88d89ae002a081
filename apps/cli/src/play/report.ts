/** What `xix play` prints when a series ends, finished or not. */
import path from 'node:path';
import type { SeriesSummary } from '@xix/referee';
import type { HostGame } from '@xix/sandbox';
import { percent, table } from '../format.ts';

/** Why a series ended before its last game, if it did. */
export type Stop = 'interrupted' | 'max-forfeits' | 'sprt' | null;

/** The first forfeits of the series in game order (games may arrive out of order). */
export interface ForfeitList {
  add(game: HostGame): void;
  lines(): string[];
}

const SHOWN_FORFEITS = 3;

export function forfeitList(): ForfeitList {
  const first: { index: number; line: string }[] = [];
  let count = 0;
  return {
    add(game) {
      const forfeit = game.record.replay.forfeit;
      if (forfeit === null) return;
      count++;
      const line = `game ${game.index + 1}: ${game.record.replay.seats[forfeit.seat]?.name} forfeited (${forfeit.verdict}): ${forfeit.message}`;
      first.push({ index: game.index, line });
      first.sort((x, y) => x.index - y.index);
      first.length = Math.min(first.length, SHOWN_FORFEITS);
    },
    // The first few forfeits say what went wrong; a bot author needs no more than that to start.
    lines: () => (count === 0 ? [] : ['', ...first.map((f) => f.line), ...(count > SHOWN_FORFEITS ? [`… and ${count - SHOWN_FORFEITS} more`] : [])]),
  };
}

export interface ReportInput {
  /** The bots' names, A first: two give the mirrored series' report, more the table's. */
  readonly names: readonly string[];
  /** Whether a bot plays several seats (a partnership: its side's seats). */
  readonly sides: boolean;
  readonly summary: SeriesSummary<readonly number[]>;
  /** Games the series was to have: with --sprt, at most. */
  readonly planned: number;
  /** Whether the series stops at a sequential test's verdict (--sprt): `planned` is its cap. */
  readonly sequential: boolean;
  readonly seed: number;
  /** The game's options that differ from their defaults (`name=value, ...`), or ''. */
  readonly options: string;
  readonly stop: Stop;
  readonly maxForfeits: number | undefined;
  readonly replays: string | undefined;
  /** Replay files written (null without --replays). */
  readonly files: number | null;
  readonly forfeits: ForfeitList;
}

export function report(input: ReportInput): string {
  const { names, summary: s, planned } = input;
  const nameA = names[0]!;
  const deals = planned / names.length;
  const each = names.length === 2 ? `each played from both ${input.sides ? 'sides' : 'seats'}` : 'each played once per seat rotation';
  const lines = [`${names.join(' vs ')}: ${input.sequential ? 'at most ' : ''}${planned} games (${deals} deal${deals === 1 ? '' : 's'}, ${each}), seed ${input.seed}${input.options === '' ? '' : `, options ${input.options}`}`];
  if (input.stop === 'interrupted') lines.push(`interrupted: ${s.games} of ${planned} games played`);
  if (input.stop === 'max-forfeits') lines.push(`stopped after ${s.games} of ${planned} games: ${input.maxForfeits} forfeit${input.maxForfeits === 1 ? '' : 's'} reached (--max-forfeits)`);
  if (input.stop === 'sprt') lines.push(`stopped after ${s.games} of at most ${planned} games: the SPRT decided`);
  lines.push('', ...(names.length === 2 ? pairLines(names, s) : tableLines(names, s)));
  if (input.replays !== undefined) lines.push(`replays: ${input.files} file${input.files === 1 ? '' : 's'} in ${input.replays} (index: ${path.join(input.replays, 'index.md')}, index.tsv)`);
  lines.push(...input.forfeits.lines());
  return lines.join('\n');
}

/** Two bots: wins, points, forfeits, and A's win rate with its Wilson interval. */
function pairLines(names: readonly string[], s: SeriesSummary<readonly number[]>): string[] {
  const nameA = names[0]!;
  return [
    table([['', 'wins', 'points', 'forfeits'], ...names.map((name, bot) => [name, String(s.wins[bot]), String(s.points[bot]), String(s.forfeits[bot])])]),
    '',
    s.games === 0 ? `${nameA} win rate: no game played` : `${nameA} win rate: ${percent(s.winRate)} (95% CI ${percent(s.interval.low)}–${percent(s.interval.high)})`,
  ];
}

/**
 * More bots: each one's average place with the 95% interval of that average, its wins (a shared
 * first place a share of one), points and forfeits.
 */
function tableLines(names: readonly string[], s: SeriesSummary<readonly number[]>): string[] {
  const place = (x: number): string => x.toFixed(2);
  const rows = names.map((name, bot) => {
    const { average, interval } = s.placings[bot]!;
    const placing = s.games === 0 ? ['—', '—'] : [place(average), `${place(interval.low)}–${place(interval.high)}`];
    return [name, ...placing, formatWins(s.wins[bot]!), String(s.points[bot]), String(s.forfeits[bot])];
  });
  return [
    table([['', 'avg place', '95% CI', 'wins', 'points', 'forfeits'], ...rows]),
    '',
    `avg place: 1 is first, ${names.length} last; 95% CI: of the average place; a shared first place counts as a share of a win`,
  ];
}

/** Wins as counted: whole unless a first place was shared. */
export const formatWins = (wins: number): string => (Number.isInteger(wins) ? String(wins) : wins.toFixed(2));

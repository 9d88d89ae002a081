/** What `xix play` prints when a series ends, finished or not. */
import type { SeriesSummary } from '@xix/referee';
import type { HostGame } from '@xix/sandbox';
import { percent, table } from '../format.ts';

/** Why a series ended before its last game, if it did. */
export type Stop = 'interrupted' | 'max-forfeits' | null;

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
  readonly names: readonly [string, string];
  readonly summary: SeriesSummary<readonly number[]>;
  /** Games the series was to have. */
  readonly planned: number;
  readonly seed: number;
  readonly stop: Stop;
  readonly maxForfeits: number | undefined;
  readonly replays: string | undefined;
  /** Replay files written (null without --replays). */
  readonly files: number | null;
  readonly forfeits: ForfeitList;
}

export function report(input: ReportInput): string {
  const { names, summary: s, planned } = input;
  const [nameA, nameB] = names;
  const deals = planned / 2;
  const lines = [`${nameA} vs ${nameB}: ${planned} games (${deals} deal${deals === 1 ? '' : 's'}, each played from both seats), seed ${input.seed}`];
  if (input.stop === 'interrupted') lines.push(`interrupted: ${s.games} of ${planned} games played`);
  if (input.stop === 'max-forfeits') lines.push(`stopped after ${s.games} of ${planned} games: ${input.maxForfeits} forfeit${input.maxForfeits === 1 ? '' : 's'} reached (--max-forfeits)`);
  lines.push(
    '',
    table([
      ['', 'wins', 'points', 'forfeits'],
      [nameA, String(s.wins[0]), String(s.points[0]), String(s.forfeits[0])],
      [nameB, String(s.wins[1]), String(s.points[1]), String(s.forfeits[1])],
    ]),
    '',
    s.games === 0 ? `${nameA} win rate: no game played` : `${nameA} win rate: ${percent(s.winRate)} (95% CI ${percent(s.interval.low)}–${percent(s.interval.high)})`,
  );
  if (input.replays !== undefined) lines.push(`replays: ${input.files} file${input.files === 1 ? '' : 's'} in ${input.replays} (index: ${input.replays}/index.md, index.tsv)`);
  lines.push(...input.forfeits.lines());
  return lines.join('\n');
}

/** `xix play A B`: a mirrored series between two bots, with optional replays. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { xix } from '@xix/engine';
import { playSeries, type Player, type SeriesGame, type SeriesSummary } from '@xix/referee';
import { fail } from '../cli-error.ts';
import { percent, table } from '../format.ts';
import { createPlayers } from '../players.ts';
import { progressBar } from '../progress.ts';

export interface PlayOptions {
  readonly games: string;
  readonly seed?: string;
  readonly replays?: string;
  readonly trusted?: boolean;
}

export async function play(botA: string, botB: string, options: PlayOptions): Promise<void> {
  const games = parseCount(options.games);
  const seed = options.seed === undefined ? Math.floor(Math.random() * 1_000_000_000) : parseSeed(options.seed);
  const replays = options.replays;
  if (replays !== undefined) attempt(() => mkdirSync(replays, { recursive: true }), `cannot create ${replays}`);
  const { players, mirrors } = await createPlayers([botA, botB], { trusted: options.trusted === true });
  const [a, b] = players as [Player, Player];
  const [mirrorA, mirrorB] = mirrors as [Player, Player];

  const width = String(games).length;
  const forfeits: string[] = [];
  const bar = progressBar(games, `${a.name} vs ${b.name}`);
  const summary = playSeries({
    game: xix,
    games,
    seed,
    players: [a, b],
    mirrorPlayers: [mirrorA, mirrorB],
    onGame: (game) => {
      bar.tick();
      if (replays !== undefined) attempt(() => saveGame(replays, game, width), 'cannot write replays');
      const forfeit = game.record.replay.forfeit;
      if (forfeit !== null) forfeits.push(`game ${game.index + 1}: ${game.record.replay.seats[forfeit.seat]?.name} forfeited (${forfeit.verdict}): ${forfeit.message}`);
    },
  });
  bar.stop();
  [...players, ...mirrors].forEach((p) => p.dispose());
  console.log(report(a.name, b.name, summary, seed, replays));
  // The first few forfeits say what went wrong; a bot author needs no more than that to start.
  if (forfeits.length > 0) console.log(['', ...forfeits.slice(0, 3), ...(forfeits.length > 3 ? [`… and ${forfeits.length - 3} more`] : [])].join('\n'));
}

function attempt(action: () => void, what: string): void {
  try {
    action();
  } catch (error) {
    fail(`${what}: ${(error as Error).message}`);
  }
}

function saveGame(dir: string, game: SeriesGame, width: number): void {
  const base = path.join(dir, `game-${String(game.index + 1).padStart(width, '0')}`);
  writeFileSync(`${base}.json`, `${JSON.stringify(game.record.replay)}\n`);
  // The bots' own logs, for their authors: beside the replay, never in it.
  const logs = game.record.logs.map((l) => `move ${l.move}, seat ${l.seat} (${game.record.replay.seats[l.seat]?.name}):\n${l.text}`);
  if (logs.length > 0) writeFileSync(`${base}.log`, logs.join(''));
}

function report(nameA: string, nameB: string, s: SeriesSummary, seed: number, replays: string | undefined): string {
  const lines = [
    `${nameA} vs ${nameB}: ${s.games} games (${s.games / 2} deal${s.games === 2 ? '' : 's'}, each played from both seats), seed ${seed}`,
    '',
    table([
      ['', 'wins', 'points', 'forfeits'],
      [nameA, String(s.wins[0]), String(s.points[0]), String(s.forfeits[0])],
      [nameB, String(s.wins[1]), String(s.points[1]), String(s.forfeits[1])],
    ]),
    '',
    `${nameA} win rate: ${percent(s.winRate)} (95% CI ${percent(s.interval.low)}–${percent(s.interval.high)})`,
  ];
  if (replays !== undefined) lines.push(`replays: ${s.games} files in ${replays}`);
  return lines.join('\n');
}

function parseCount(text: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n < 2 || n % 2 !== 0) {
    fail(`--games must be an even number of at least 2 (each deal is played twice, seats swapped), got ${text}`);
  }
  return n;
}

function parseSeed(text: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n > 2 ** 48) fail(`--seed must be a whole number from 0 to 2^48, got ${text}`);
  return n;
}

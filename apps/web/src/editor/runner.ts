/**
 * Runs the editor's series in a play worker (play-worker.ts) and keeps the page free: games arrive
 * in order, and a worker silent for longer than any call may take (the time limits and a margin)
 * is stuck in a bot's call. It is then stopped, and the game is played again in a fresh worker
 * that reports every call of the author's bot: if the bot hangs there again, the last call says
 * where, and the game becomes its timeout forfeit (the sandbox's own forfeit record, as when a
 * sandbox host dies in a bot's code); then the series goes on in another fresh worker.
 */
import { DEFAULT_TIME_LIMITS } from '@xix/sdk';
import type { SeriesGame } from '@xix/referee';
import { forfeitRecord } from '@xix/sandbox/forfeit-record';
import type { BotModule, TimeLimits } from './page-player.ts';
import { gameOf, pageEntrants, pageSeats, seriesBots } from './page-series.ts';
import type { FromPlayWorker, PlayRequest, ToPlayWorker } from './play-protocol.ts';

/** Beyond a call's whole allowance, how long a silent worker is given before it is stopped. */
export const HANG_MARGIN_MS = 1000;

export interface SeriesRun {
  readonly game: string;
  readonly author: BotModule;
  readonly house: string;
  readonly games: number;
  readonly seed: number;
  readonly limits?: TimeLimits;
  readonly onGame: (game: SeriesGame) => void;
}

export type RunEnd = { readonly ok: true; readonly stopped: boolean } | { readonly ok: false; readonly message: string };

export interface Running {
  readonly done: Promise<RunEnd>;
  stop(): void;
}

type WorkerEnd = { readonly kind: 'done' } | { readonly kind: 'hung'; readonly lastCall: Extract<FromPlayWorker, { type: 'call' }> | null } | { readonly kind: 'error'; readonly message: string } | { readonly kind: 'stopped' };

/** The house bots of each game, as the play worker has them. */
export function houseBotNames(workerUrl: string): Promise<Readonly<Record<string, readonly string[]>>> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerUrl, { type: 'module', name: 'house bots' });
    worker.onmessage = ({ data }: MessageEvent<FromPlayWorker>) => {
      worker.terminate();
      if (data.type === 'house-bots') resolve(data.bots);
      else reject(new Error(data.type === 'error' ? data.message : `unexpected ${data.type}`));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'the play worker failed to start'));
    };
    worker.postMessage({ type: 'house-bots' } satisfies ToPlayWorker);
  });
}

export function runSeries(run: SeriesRun, workerUrl: string): Running {
  const limits = run.limits ?? { decisionMs: DEFAULT_TIME_LIMITS.decisionMs, bankMs: DEFAULT_TIME_LIMITS.bankMs };
  const hangMs = limits.decisionMs + limits.bankMs + DEFAULT_TIME_LIMITS.loadMs + HANG_MARGIN_MS;
  let next = 0;
  let stopCurrent: (() => void) | null = null;
  let stopped = false;

  /** Plays [first, end) in a fresh worker until it ends, hangs or is stopped. */
  const inWorker = (first: number, end: number, watch: boolean): Promise<WorkerEnd> => new Promise((resolve) => {
    const worker = new Worker(workerUrl, { type: 'module', name: 'play' });
    let lastCall: Extract<FromPlayWorker, { type: 'call' }> | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (end: WorkerEnd): void => {
      clearTimeout(timer);
      worker.terminate();
      stopCurrent = null;
      resolve(end);
    };
    const arm = (): void => {
      clearTimeout(timer);
      timer = setTimeout(() => finish({ kind: 'hung', lastCall }), hangMs);
    };
    stopCurrent = () => finish({ kind: 'stopped' });
    worker.onmessage = ({ data }: MessageEvent<FromPlayWorker>) => {
      arm();
      if (data.type === 'game') {
        next = data.game.index + 1;
        run.onGame(data.game);
      } else if (data.type === 'call') lastCall = data;
      else if (data.type === 'done') finish({ kind: 'done' });
      else if (data.type === 'error') finish({ kind: 'error', message: data.message });
    };
    worker.onerror = (event) => finish({ kind: 'error', message: event.message || 'the play worker failed' });
    const request: PlayRequest = { type: 'play', game: run.game, author: run.author, house: run.house, seed: run.seed, first, end, limits, watch };
    worker.postMessage(request satisfies ToPlayWorker);
    arm();
  });

  const done = (async (): Promise<RunEnd> => {
    while (next < run.games && !stopped) {
      const fast = await inWorker(next, run.games, false);
      if (fast.kind === 'stopped') break;
      if (fast.kind === 'error') return { ok: false, message: fast.message };
      if (fast.kind === 'done') continue;
      // stuck in game `next`: once more, watching where
      const hung = next;
      const watched = await inWorker(hung, hung + 1, true);
      if (watched.kind === 'stopped') break;
      if (watched.kind === 'error') return { ok: false, message: watched.message };
      if (watched.kind === 'done') continue; // it did not hang this time: the game stands as played
      const call = watched.lastCall;
      if (call === null || call.index !== hung) return { ok: false, message: `game ${hung + 1} stopped the play worker outside your bot's code` };
      // its onGameEnd never returned: the game was over, but its record went down with the worker
      if (call.call === 'end') return { ok: false, message: `game ${hung + 1}: onGameEnd did not return within ${hangMs} ms (an endless loop?)` };
      const record = forfeitRecord(
        { game: run.game, seed: run.seed, deals: 0, seats: pageSeats(gameOf(run.game)), bots: seriesBotsOf(run).map((bot) => ({ name: bot.name, code: '' })) },
        hung, 0, call.actions,
        { verdict: 'timeout', message: `${call.call === 'decide' ? 'decide' : 'onGameStart'} did not return within ${hangMs} ms: the page stopped it (an endless loop?)` },
      );
      if (typeof record === 'string') return { ok: false, message: `game ${hung + 1}: ${record}` };
      next = hung + 1;
      run.onGame(record);
    }
    return { ok: true, stopped };
  })();

  return {
    done,
    stop() {
      stopped = true;
      stopCurrent?.();
    },
  };
}

/** The series' entrants, named as the worker names them (page-series.ts). */
function seriesBotsOf(run: SeriesRun): BotModule[] {
  return seriesBots(run.author, { name: run.house, code: '' }, pageEntrants(gameOf(run.game)));
}

/**
 * Runs an SDK bot object in this process. For bots we trust (the bundled ones, your own while you
 * write it): a bot stuck in a loop blocks the process, so untrusted bots go to the sandbox.
 * Whatever the bot throws becomes a failure result; what it logs to the console is captured.
 */
import type { GameResult, Seat } from '@xix/engine';
import type { Bot } from '@xix/sdk';
import { errorText } from './match.ts';
import type { Decision, Player, PlayerFailure } from './player.ts';
import { captureConsole } from './console-capture.ts';

export function trustedPlayer(bot: Bot, name: string): Player {
  // Logs of the start hook are handed over with the first decision.
  let pendingLogs = '';
  const hasDecide = (): boolean => {
    try {
      return typeof (bot as Partial<Bot> | null)?.decide === 'function';
    } catch {
      return false;
    }
  };
  return {
    name,
    startGame(info: { readonly seat: Seat; readonly seed: number }): PlayerFailure | null {
      if (!hasDecide()) return { verdict: 'load_error', message: 'the bot has no decide(view) function' };
      if (typeof bot.onGameStart !== 'function') return null;
      const run = captureConsole(() => bot.onGameStart?.(info));
      pendingLogs = run.logs;
      return run.ok ? null : { verdict: 'error', message: `onGameStart threw ${errorText(run.error)}` };
    },
    decide(view: unknown): Decision {
      const start = performance.now();
      const run = captureConsole(() => bot.decide(view as Parameters<Bot['decide']>[0]));
      const ms = roundMs(performance.now() - start);
      const logs = pendingLogs + run.logs;
      pendingLogs = '';
      const withLogs = logs === '' ? {} : { logs };
      if (!run.ok) return { ok: false, ms, verdict: 'error', message: `decide threw ${errorText(run.error)}`, ...withLogs };
      return { ok: true, action: run.value, ms, ...withLogs };
    },
    endGame(view: unknown, result: GameResult): void {
      if (typeof bot.onGameEnd === 'function') captureConsole(() => bot.onGameEnd?.(view as Parameters<Bot['decide']>[0], result));
      pendingLogs = '';
    },
    dispose(): void {},
  };
}

/** Microsecond precision is plenty and keeps replays small. */
function roundMs(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

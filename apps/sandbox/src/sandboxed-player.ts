/**
 * A compiled bot as a referee `Player`, running in its own isolate. One isolate per player: nothing
 * a bot does is seen by another match. Within its player a bot may keep state from game to game,
 * so a player must never play both games of a mirrored deal (it would know the opponent's hand in
 * the second from its own in the first, R11): series give each bot a second player for the
 * mirrored games (`mirrorPlayers` of the referee's playSeries). After a timeout, a memory failure
 * or a crash the isolate is thrown away and the bot is loaded afresh for its next game.
 *
 * Time: a decision may use `decisionMs` of CPU; beyond that it draws on the game's bank, and a
 * decision that needs more than what is left is a timeout, even when it returned (a late result
 * is a timeout). CPU time is what is charged; the wall-clock watchdog only stops runaways. The bot
 * sees the same figures on its clock (clock in @xix/sdk); a timeout after the bot read the frozen
 * date says so, since that is the usual way a time-bounded loop never ends here.
 */
import type { AnyGame, ForfeitVerdict, GameResult } from '@xix/engine';
import type { Decision, Player, PlayerFailure } from '@xix/referee';
import { createBotIsolate, type BotIsolate, type CallOutcome, type IsolateHooks } from './isolate/bot-isolate.ts';
import { resolveLimits, type SandboxLimits } from './limits.ts';

export interface SandboxedPlayerOptions extends IsolateHooks {
  readonly limits?: Partial<SandboxLimits>;
}

/** RangeErrors V8 throws when an allocation cannot be made: a memory bomb, not a bug. */
const ALLOCATION_FAILURE = /Array buffer allocation failed|Invalid string length|Invalid array length|Invalid typed array length/;

const TAG_VERDICT: Record<string, ForfeitVerdict> = { E: 'error', I: 'illegal', O: 'output_limit', L: 'load_error' };

/** Added to a timeout's message when the bot read the date during the call. */
export const FROZEN_DATE_HINT =
  '; it read the date (Date.now() or new Date()), which is frozen at 0 in the sandbox: bound a search with clock.decisionLeftMs() from @xix/sdk';

/** The message of a timeout, with the frozen-date hint when the bot read the date. */
const timedOut = (message: string, outcome: CallOutcome): PlayerFailure => ({ verdict: 'timeout', message: outcome.readDate ? message + FROZEN_DATE_HINT : message });

/**
 * A player for `game` running the compiled bot `code`. Views cross into the isolate in the game's
 * view code (see ViewCodec in the engine); a bot that returns one of the legal actions it was
 * shown answers with its number, anything else with JSON checked on this side.
 */
export function sandboxedPlayer(game: AnyGame, code: string, name: string, options: SandboxedPlayerOptions = {}): Player {
  if (typeof game?.viewCodec?.createEncoder !== 'function') throw new TypeError('sandboxedPlayer needs a game with a view codec');
  if (typeof code !== 'string' || code === '') throw new TypeError('sandboxedPlayer needs the compiled code of a bot');
  const limits = resolveLimits(options.limits);
  let isolate: BotIsolate | null = null;
  let bank = limits.bankMs;
  let pendingLogs = '';
  /** One encoder per game: it sends only the history the isolate's decoder lacks. */
  let encodeView = game.viewCodec.createEncoder();

  const discard = (): void => {
    isolate?.dispose();
    isolate = null;
  };

  /** What a call came to, time aside: a failure, or null when the bot answered. */
  const failureOf = (outcome: CallOutcome, what: string): PlayerFailure | null => {
    if (outcome.kind !== 'answer') {
      discard();
      if (outcome.kind === 'crash') return { verdict: 'error', message: `${what}: the sandbox failed: ${outcome.message}` };
      if (outcome.kind === 'timeout') return timedOut(`${what} ${outcome.message}`, outcome);
      return { verdict: outcome.kind, message: `${what} ${outcome.message}` };
    }
    if (outcome.tag === 'A' || outcome.tag === 'N') return null;
    if (outcome.tag === 'E' && ALLOCATION_FAILURE.test(outcome.payload)) {
      discard();
      return { verdict: 'memory', message: `${what} ran out of memory: ${outcome.payload}` };
    }
    return { verdict: TAG_VERDICT[outcome.tag] ?? 'error', message: outcome.payload };
  };

  /** Charges a game call's CPU beyond the decision limit to the bank; past the bank it is a timeout. */
  const judge = (outcome: CallOutcome, what: string): PlayerFailure | null => {
    if (outcome.kind === 'answer') {
      const over = outcome.cpuMs - limits.decisionMs;
      if (over > bank) {
        discard();
        return timedOut(`${what} used ${ms(outcome.cpuMs)} of CPU: over the ${limits.decisionMs} ms limit and the ${ms(bank)} left in the bank`, outcome);
      }
      bank -= Math.max(0, over);
    }
    return failureOf(outcome, what);
  };

  /** Loading has its own allowance, not the bank. */
  const load = (): PlayerFailure | null => {
    isolate = createBotIsolate(game.id, limits, options);
    const outcome = isolate.load(code);
    if (outcome.kind === 'answer' && outcome.cpuMs > limits.loadMs) {
      discard();
      return timedOut(`loading used ${ms(outcome.cpuMs)} of CPU, over the ${limits.loadMs} ms allowance`, outcome);
    }
    const failure = failureOf(outcome, 'loading');
    if (failure !== null) discard();
    return failure;
  };

  return {
    name,
    startGame({ seat, seed }) {
      pendingLogs = '';
      if (isolate === null || !isolate.alive) {
        isolate = null;
        const failure = load();
        if (failure !== null) return failure;
      }
      bank = limits.bankMs;
      encodeView = game.viewCodec.createEncoder();
      const outcome = isolate!.start(seat, seed, limits.decisionMs + bank);
      if (outcome.kind === 'answer') pendingLogs = outcome.logs;
      return judge(outcome, 'onGameStart');
    },
    decide(view: unknown): Decision {
      if (isolate === null) return { ok: false, ms: 0, verdict: 'error', message: 'decide was called before startGame' };
      const outcome = isolate.decide(encodeView(view), limits.decisionMs + bank);
      const logs = outcome.kind === 'answer' ? pendingLogs + outcome.logs : pendingLogs;
      pendingLogs = '';
      const ms = round(outcome.ms);
      const cpuMs = round(outcome.cpuMs);
      const failure = judge(outcome, 'decide');
      if (failure !== null) return logs === '' ? { ok: false, ms, cpuMs, ...failure } : { ok: false, ms, cpuMs, ...failure, logs };
      if (outcome.kind !== 'answer') throw new Error('unreachable: judge() fails every non-answer');
      // The number of an offered action, or host-side JSON.parse of a bounded string: plain
      // data, whatever the bot did.
      const action = outcome.tag === 'N' ? offeredAction(view, outcome.payload) : parseAnswer(outcome.payload);
      if (action === undefined) {
        const message = outcome.tag === 'N' ? 'the answer names no offered action' : 'the answer is not JSON';
        return logs === '' ? { ok: false, ms, cpuMs, verdict: 'illegal', message } : { ok: false, ms, cpuMs, verdict: 'illegal', message, logs };
      }
      return logs === '' ? { ok: true, action, ms, cpuMs } : { ok: true, action, ms, cpuMs, logs };
    },
    endGame(view: unknown, result: GameResult) {
      pendingLogs = '';
      if (isolate === null || !isolate.alive) return;
      const outcome = isolate.end(encodeView(view), JSON.stringify(result), limits.decisionMs);
      if (outcome.kind !== 'answer' || outcome.cpuMs > limits.decisionMs) discard();
    },
    dispose: discard,
  };
}

/** The legal action numbered `index` in the view the bot was given. */
function offeredAction(view: unknown, index: string): unknown {
  const legal = (view as { legalActions?: unknown }).legalActions;
  const i = Number(index);
  return Array.isArray(legal) && index !== '' && Number.isInteger(i) && i >= 0 && i < legal.length ? legal[i] : undefined;
}

function parseAnswer(json: string): unknown {
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return undefined;
  }
}

const round = (value: number): number => Math.round(value * 1000) / 1000;
const ms = (value: number): string => `${value.toFixed(1)} ms`;

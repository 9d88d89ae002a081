/**
 * The bot's clock: how much time the current call (decide, onGameStart, onGameEnd) has used and
 * has left, counted the way the limits count it. In the sandbox that is the CPU time of the bot's
 * own isolate, as the host measures it; in-process (`--trusted`) it is the wall time of the call,
 * against the same default limits. Outside a call (at the top level of the module) there is no
 * budget to read, and every read throws instead of returning a number a loop could run on.
 *
 * Whoever runs the bot installs a ClockSource at globalThis[Symbol.for(CLOCK_SOURCE_KEY)]: the
 * sandbox's harness inside the isolate, the referee's trusted player in-process. A global, because
 * each bot bundle carries its own copy of this module.
 */

/** The limits a bot's time is counted against unless the runner is given others (the sandbox's defaults). */
export const DEFAULT_TIME_LIMITS = Object.freeze({
  /** Milliseconds a decision may use before it draws on the bank. */
  decisionMs: 100,
  /** Milliseconds per game that slow decisions draw from; a decision that needs more times out. */
  bankMs: 2000,
  /** Milliseconds for loading the bot (evaluating its module). */
  loadMs: 1000,
});

/** The Symbol.for key of the global a runner installs its ClockSource at. */
export const CLOCK_SOURCE_KEY = 'xix.clock';

/** What the current call may use: set by the runner as the call starts. */
export interface ClockCall {
  /** Milliseconds this call may use before it draws on the bank. */
  readonly decisionMs: number;
  /** Milliseconds of the bank this call may draw on (0 for onGameEnd, which has none). */
  readonly bankMs: number;
}

/** The runner's side of the clock. */
export interface ClockSource {
  /** The current call's allowances, or null when the bot is not being called. */
  call(): ClockCall | null;
  /** Milliseconds the current call has used so far. */
  elapsedMs(): number;
}

export interface BotClock {
  /** Milliseconds this call has used so far. */
  elapsedMs(): number;
  /**
   * Milliseconds left before this call starts drawing on the game's bank (0 once it has). Spend
   * this: what a decision leaves unused is not saved.
   */
  decisionLeftMs(): number;
  /** Milliseconds the game's bank would still hold if this call ended now. */
  bankLeftMs(): number;
  /** decisionLeftMs() + bankLeftMs(): past this the call is a timeout and the game is forfeited. */
  untilTimeoutMs(): number;
}

const OUTSIDE =
  'the clock counts only during a call (decide, onGameStart, onGameEnd) of a bot run by the sandbox or the referee: there is no budget to read here';

interface Reading {
  readonly call: ClockCall;
  readonly elapsed: number;
}

function read(): Reading {
  const source = (globalThis as Record<symbol, ClockSource | undefined>)[Symbol.for(CLOCK_SOURCE_KEY)];
  const call = source?.call() ?? null;
  if (source === undefined || call === null) throw new Error(OUTSIDE);
  return { call, elapsed: source.elapsedMs() };
}

const bankLeft = ({ call, elapsed }: Reading): number => Math.max(0, call.bankMs - Math.max(0, elapsed - call.decisionMs));

/**
 * The clock of the current call. Each read asks the runner (in the sandbox it costs about a
 * microsecond, charged to the bot): read it every few milliseconds of work, not in the innermost
 * loop.
 */
export const clock: BotClock = Object.freeze({
  elapsedMs: () => read().elapsed,
  decisionLeftMs: () => {
    const { call, elapsed } = read();
    return Math.max(0, call.decisionMs - elapsed);
  },
  bankLeftMs: () => bankLeft(read()),
  untilTimeoutMs: () => {
    const reading = read();
    return Math.max(0, reading.call.decisionMs - reading.elapsed) + bankLeft(reading);
  },
});

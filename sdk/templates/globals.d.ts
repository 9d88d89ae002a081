// What a bot may use besides @xix/sdk and the language itself, as the sandbox's isolate provides it
// (apps/sandbox/src/isolate/harness.js), and nothing more: no timers, no fetch, no Node.
// - console: its output goes to the bot's log (beside the replay), never to the game.
// - performance.now(): the isolate's CPU time in ms (what the limits count), so the usual
//   time-bounded search loop works; timeOrigin is 0. The SDK's `clock` also tells the budget.
// Declared as Node's and the DOM's typings do (an interface and a var of that type), so that a
// bot's folder may add them. (Date exists but reads the epoch: a bot cannot tell the time.)
interface Console {
  log(...data: unknown[]): void;
  info(...data: unknown[]): void;
  warn(...data: unknown[]): void;
  error(...data: unknown[]): void;
  debug(...data: unknown[]): void;
  trace(...data: unknown[]): void;
}
declare var console: Console;

interface Performance {
  /** The isolate's CPU time in milliseconds since it was made (not wall time). */
  now(): number;
  /** Always 0 in the sandbox. */
  readonly timeOrigin: number;
}
declare var performance: Performance;

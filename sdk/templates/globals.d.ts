// What a bot may use besides @xix/sdk and the language itself: the sandbox gives it a console,
// whose output goes to the bot's log (beside the replay), never to the game. Nothing else: no
// timers, no fetch, no Node. Declared as Node's and the DOM's typings do (an interface and a
// var of that type), so it merges with them where they are present.
interface Console {
  log(...data: unknown[]): void;
  info(...data: unknown[]): void;
  warn(...data: unknown[]): void;
  error(...data: unknown[]): void;
  debug(...data: unknown[]): void;
  trace(...data: unknown[]): void;
}
declare var console: Console;

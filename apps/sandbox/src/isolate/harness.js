// The trusted part of a bot's isolate. It runs before any bot code and evaluates to an object of
// functions the host calls with applySync. Nothing of the host ever enters the isolate: views come
// in as strings, answers go out as strings built here, under the call's watchdog, so no bot
// getter, Proxy or toJSON ever runs on the host. Every entry point returns a string and never
// throws: a thrown value would be copied out by the host, running bot code outside any timeout.
//
// `engine` is what the prelude bundles from the engine: every game's view codec (views arrive in
// the game's view code, ViewCodec in engine/src/game.ts, decoded here by the game's own decoder)
// and the engine's seeded PRNG, which drives the bot's Math.random.
//
// `hostClock` is the host's clock of this isolate (an isolated-vm Callback: numbers in, a number
// out, and it never leaves this closure): hostClock(CALL_ELAPSED) is the CPU time the current call
// has used, hostClock(TOTAL) the isolate's CPU time since it was made, both with the clock reads
// charged; hostClock(DATE_READ) tells the host the bot read the frozen date during this call, so
// that a timeout can say so (the host may never hear back from a call it had to stop).
//
// Answers: one kind letter, one log flag ('1' when the bot logged: the host then calls takeLogs),
// then the payload. N = the number of a legal action of the view (the bot returned that very
// object), A = action JSON, E = error message, I = illegal message, O = output_limit message,
// L = load_error message.
(function harness(configJson, engine, hostClock) {
  'use strict';
  const g = globalThis;
  const config = JSON.parse(configJson);
  const codec = engine.VIEW_CODECS[config.game];
  if (codec === undefined) throw new Error('no view codec for the game ' + config.game);
  // Primordials, captured before the bot can replace them.
  const { parse, stringify } = JSON;
  const { apply, ownKeys, getPrototypeOf } = Reflect;
  const { getOwnPropertyDescriptor, freeze, hasOwn } = Object;
  const { isArray } = Array;
  const ObjectPrototype = Object.prototype;
  const StringCtor = String;
  const slice = String.prototype.slice;
  const arraySlice = Array.prototype.slice;
  const RealDate = Date;
  const evaluate = eval;
  const imul = Math.imul;
  const floor = Math.floor;

  // Dangerous or nondeterministic globals: WebAssembly memory escapes memoryLimit,
  // SharedArrayBuffer stays shared when copied, Atomics.wait blocks the thread, weak references
  // and finalizers expose garbage-collection timing.
  for (const name of ['WebAssembly', 'SharedArrayBuffer', 'Atomics', 'WeakRef', 'FinalizationRegistry']) delete g[name];

  // The codes hostClock takes (bot-isolate.ts has the same).
  const CALL_ELAPSED = 0;
  const TOTAL = 1;
  const DATE_READ = 2;

  // No wall clock: Date reads the epoch, so a bot's behaviour cannot depend on when it runs. The
  // first read in a call is reported to the host, for the timeout message of a loop that waits on it.
  let dateRead = false;
  const frozenNow = () => {
    if (!dateRead) {
      dateRead = true;
      hostClock(DATE_READ);
    }
    return 0;
  };
  function FixedDate(...args) {
    if (new.target === undefined) return new RealDate(frozenNow()).toString();
    return args.length === 0 ? new RealDate(frozenNow()) : new RealDate(...args);
  }
  FixedDate.prototype = RealDate.prototype;
  FixedDate.now = frozenNow;
  FixedDate.parse = RealDate.parse;
  FixedDate.UTC = RealDate.UTC;
  g.Date = FixedDate;

  // The clock a bot can use: CPU time, which is what the limits count. performance.now() is the
  // isolate's CPU time, so that the usual time-bounded loop works here too; the SDK's clock
  // (sdk/src/clock.ts) reads the current call's budget from the source installed below. Either
  // costs a host call per read, and only when the bot reads it.
  g.performance = freeze({ now: () => hostClock(TOTAL), timeOrigin: 0 });
  // The current call's allowances: made when the bot first asks (most decisions never do).
  let callBank = -1;
  let clockCall = null;
  const currentCall = () => {
    if (callBank < 0) return null;
    if (clockCall === null) clockCall = freeze({ decisionMs: config.decisionMs, bankMs: callBank });
    return clockCall;
  };
  const clockSource = freeze({ call: currentCall, elapsedMs: () => hostClock(CALL_ELAPSED) });
  Object.defineProperty(g, Symbol.for(config.clockKey), { value: clockSource, writable: false, enumerable: false, configurable: false });
  /** A call of the game starts, with the part of the bank it may draw on (-1: not a call of the game). */
  const enterCall = (bankMs) => {
    dateRead = false;
    callBank = bankMs;
    clockCall = null;
  };

  // Math.random, seeded per game from the bot's seed and its seat: the engine's createRandom
  // (sfc32 through splitmix32) on the two folded into 32 bits.
  const { createRandom } = engine;
  let random = null;
  const seedRandom = (seed, seat) => {
    random = createRandom(((seed >>> 0) ^ floor(seed / 0x100000000) ^ imul(seat + 1, 0x9e3779b9)) >>> 0);
  };
  seedRandom(0, 0);
  Math.random = () => random.next();

  // console: captured per call and per game, bounded.
  let moveLog = '';
  let gameChars = 0;
  let moveFull = false;
  let gameFull = false;
  const text = (value) => {
    try {
      if (typeof value === 'string') return value;
      const json = stringify(value);
      return json === undefined ? StringCtor(value) : json;
    } catch {
      try { return StringCtor(value); } catch { return '[unprintable]'; }
    }
  };
  const write = (...args) => {
    if (moveFull || gameFull) return;
    let line = '';
    for (let i = 0; i < args.length; i++) line += (i === 0 ? '' : ' ') + text(args[i]);
    line += '\n';
    const moveRoom = config.logMoveChars - moveLog.length;
    const gameRoom = config.logGameChars - gameChars;
    if (line.length > moveRoom || line.length > gameRoom) {
      line = apply(slice, line, [0, Math.max(0, Math.min(moveRoom, gameRoom))]) + '… (log truncated)\n';
      if (line.length > moveRoom) moveFull = true;
      if (line.length > gameRoom) gameFull = true;
    }
    moveLog += line;
    gameChars += line.length;
  };
  g.console = freeze({ log: write, info: write, warn: write, error: write, debug: write, trace: write });

  const clip = (s) => (s.length > 500 ? apply(slice, s, [0, 500]) + '…' : s);
  // Messages are clipped here: a bot chooses the key names and error texts they quote.
  const answer = (kind, payload) => kind + (moveLog === '' ? '0' : '1') + (kind === 'A' || kind === 'N' ? payload : clip(payload));
  const describe = (error, withName = true) => {
    try {
      if (error !== null && typeof error === 'object' && typeof error.message === 'string') {
        const name = typeof error.name === 'string' ? error.name : 'Error';
        return clip(withName ? name + ': ' + error.message : error.message);
      }
      return clip('thrown ' + (typeof error === 'string' ? stringify(error) : StringCtor(error)));
    } catch {
      return 'an unreadable error';
    }
  };

  // An action must be plain data: no accessors, no class instances, no functions, bounded.
  const plain = (value, depth, budget) => {
    if (budget.nodes++ > 1000 || depth > 16) return 'nested too deeply';
    if (value === null || typeof value === 'boolean') return null;
    if (typeof value === 'number') return Number.isFinite(value) ? null : 'a non-finite number';
    if (typeof value === 'string') {
      if (value.length <= config.outputChars) return null;
      budget.tooLong = true;
      return 'a string of ' + value.length + ' characters';
    }
    if (typeof value !== 'object') return typeof value === 'undefined' ? 'an undefined value' : 'a ' + typeof value;
    const array = isArray(value);
    const proto = getPrototypeOf(value);
    if (!array && proto !== ObjectPrototype && proto !== null) return 'not a plain object';
    for (const key of ownKeys(value)) {
      // JSON leaves symbol keys out and reading none of them runs anything. (The game's own
      // action objects carry one: a stale action from an earlier view is then judged by the
      // referee, with its reason, like any other illegal action.)
      if (typeof key === 'symbol') continue;
      const descriptor = getOwnPropertyDescriptor(value, key);
      if (descriptor === undefined) continue;
      if (!hasOwn(descriptor, 'value')) return 'a getter or setter (' + key + ')';
      if (array && key === 'length') continue;
      const problem = plain(descriptor.value, depth + 1, budget);
      if (problem !== null) return problem;
    }
    return null;
  };

  // A decoder per game: it keeps the history decoded so far (codes carry only new events).
  let decodeView = codec.createDecoder();

  let bot = null;
  const call = (name, args) => {
    const hook = bot[name];
    if (typeof hook === 'function') apply(hook, bot, args);
  };

  return {
    load(code) {
      try {
        enterCall(-1);
        moveLog = '';
        const module = evaluate('(function () {\n' + code + '\nreturn ' + config.bundleGlobal + ';\n})')();
        const candidate = module === null || typeof module !== 'object' ? undefined : module.default;
        if (candidate === null || typeof candidate !== 'object' || typeof candidate.decide !== 'function') {
          return answer('L', 'its default export needs a decide(view) function (export default defineBot({ decide(view) { ... } }))');
        }
        bot = candidate;
        return answer('A', 'null');
      } catch (error) {
        try { return answer('L', 'failed to load: ' + describe(error, false)); } catch { return 'L0failed to load'; }
      }
    },
    start(seat, seed, bankMs) {
      try {
        enterCall(bankMs);
        moveLog = '';
        moveFull = false;
        gameChars = 0;
        gameFull = false;
        seedRandom(seed, seat);
        decodeView = codec.createDecoder();
        call('onGameStart', [{ seat, seed }]);
        return answer('A', 'null');
      } catch (error) {
        try { return answer('E', 'onGameStart threw ' + describe(error)); } catch { return 'E0onGameStart threw'; }
      }
    },
    decide(viewPayload, bankMs) {
      try {
        enterCall(bankMs);
        moveLog = '';
        moveFull = false;
        let action;
        let offered;
        try {
          const view = decodeView(viewPayload);
          // The legal actions as given, before the bot can touch the array.
          offered = isArray(view.legalActions) ? apply(arraySlice, view.legalActions, []) : [];
          action = apply(bot.decide, bot, [view]);
        } catch (error) {
          return answer('E', 'decide threw ' + describe(error));
        }
        // The common answer, one of the offered actions itself: its number is all the host needs.
        for (let i = 0; i < offered.length; i++) {
          if (offered[i] === action) return answer('N', '' + i);
        }
        if (action !== null && (typeof action === 'object' || typeof action === 'function') && typeof action.then === 'function') {
          return answer('I', 'decide returned a Promise: it must return an action synchronously');
        }
        const budget = { nodes: 0, tooLong: false };
        const problem = plain(action, 0, budget);
        if (budget.tooLong) return answer('O', 'the action holds ' + problem + ', over the output limit of ' + config.outputChars);
        if (problem !== null) return answer('I', 'the action must be plain data, it has ' + problem);
        const json = stringify(action);
        if (typeof json !== 'string') return answer('I', 'decide returned ' + (action === undefined ? 'undefined' : 'no JSON value'));
        if (json.length > config.outputChars) {
          return answer('O', 'the action is ' + json.length + ' characters of JSON, over the limit of ' + config.outputChars);
        }
        return answer('A', json);
      } catch (error) {
        try { return answer('I', 'the action could not be read: ' + describe(error)); } catch { return 'I0the action could not be read'; }
      }
    },
    end(viewPayload, resultJson) {
      try {
        enterCall(0);
        call('onGameEnd', [decodeView(viewPayload), parse(resultJson)]);
      } catch {
        // The result is final: nothing the bot does here matters.
      }
      moveLog = '';
      return 'A0null';
    },
    takeLogs() {
      const logs = moveLog;
      moveLog = '';
      return typeof logs === 'string' ? logs : '';
    },
  };
});

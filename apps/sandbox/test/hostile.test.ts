/**
 * The hostile corpus (test/hostile/*.ts, one attack per file), run the way the platform runs
 * bots: in sandbox host processes under the supervisor. Each attack plays a mirrored pair of games
 * against the random bot while an honest series runs at the same time on the other host; each
 * must end in its verdict (R12), the honest series must finish normally, and the host must
 * survive unless only killing it could stop the attack.
 */
import { fileURLToPath } from 'node:url';
import { verifyReplay, xix, type ForfeitVerdict, type Replay } from '@xix/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileBot, createSandboxPool, type SandboxLimits, type SandboxPool, type SeriesOutcome } from '../src/index.ts';

const hostile = (name: string): string => fileURLToPath(new URL(`./hostile/${name}.ts`, import.meta.url));
const RANDOM = fileURLToPath(new URL('../../../sdk/examples/xix/random.ts', import.meta.url));
/** Small limits: the tests are about the mechanism, not about the default figures. */
const FAST: Partial<SandboxLimits> = { decisionMs: 20, bankMs: 20, memoryMb: 16 };

let pool: SandboxPool;
let random: string;

async function code(file: string): Promise<string> {
  const compiled = await compileBot({ entry: file });
  if (!compiled.ok) throw new Error(compiled.message);
  return compiled.code;
}

/** The attack against random, next to an honest series on the other host. */
async function attack(name: string, limits: Partial<SandboxLimits> = {}, seed = 7): Promise<{ outcome: SeriesOutcome; restarted: boolean }> {
  const bot = await code(hostile(name));
  const restartsBefore = pool.stats().restarts;
  const [outcome, honest] = await Promise.all([
    pool.runSeries({ game: 'xix', seed, deals: 1, bots: [{ name, code: bot }, { name: 'random', code: random }], limits: { ...FAST, ...limits } }),
    pool.runSeries({ game: 'xix', seed: 11, deals: 2, bots: [{ name: 'random', code: random }, { name: 'random 2', code: random }] }),
  ]);
  expect(honest.ok).toBe(true);
  expect(honest.games.map((g) => g.record.replay.forfeit)).toEqual([null, null, null, null]);
  return { outcome, restarted: pool.stats().restarts > restartsBefore };
}

/** Both games end with the hostile bot (A) forfeiting with `verdict`; the host lived. */
function expectForfeits(result: { outcome: SeriesOutcome; restarted: boolean }, verdict: ForfeitVerdict, message: RegExp): void {
  const { outcome, restarted } = result;
  expect(outcome.ok).toBe(true);
  expect(restarted).toBe(false);
  expect(outcome.games).toHaveLength(2);
  for (const game of outcome.games) {
    expect(game.record.replay.forfeit).toMatchObject({ seat: game.rotation, verdict });
    expect(game.record.replay.forfeit?.message).toMatch(message);
    expect(game.record.replay.result.winner).toBe(1 - game.rotation);
  }
}

/**
 * Only killing the host could stop the attack: each game becomes bot A's forfeit with `verdict`,
 * rebuilt from the moves its host reported, and the series still delivers both games.
 */
function expectHostKilled(result: { outcome: SeriesOutcome; restarted: boolean }, verdict: ForfeitVerdict): void {
  const { outcome, restarted } = result;
  expect(outcome.ok).toBe(true);
  expect(restarted).toBe(true);
  expect(outcome.games.map((g) => g.index)).toEqual([0, 1]);
  expect(outcome.hostDeaths.length).toBeGreaterThanOrEqual(1);
  for (const death of outcome.hostDeaths) expect(death).toMatchObject({ bot: 0, verdict, forfeited: true });
  for (const game of outcome.games) {
    expect(game.record.replay.forfeit).toMatchObject({ seat: game.rotation, verdict });
    expect(verifyReplay(game.record.replay).ok).toBe(true);
  }
}

beforeAll(async () => {
  pool = createSandboxPool({ hosts: 2, graceMs: 300 });
  random = await code(RANDOM);
});

afterAll(async () => {
  await pool.close();
});

describe('time', () => {
  it('an infinite loop is stopped by the watchdog: timeout', async () => {
    expectForfeits(await attack('infinite-loop'), 'timeout', /did not finish within the \d+ ms wall-clock watchdog/);
  });

  it('an endless loop while loading is a timeout of the load allowance', async () => {
    expectForfeits(await attack('load-loop', { loadMs: 50 }), 'timeout', /^loading /);
  });

  it('a microtask flood left behind after returning still runs under the timeout', async () => {
    expectForfeits(await attack('microtask-flood'), 'timeout', /watchdog/);
  });

  it('an error whose message getter never returns is read inside the isolate, under the timeout', async () => {
    expectForfeits(await attack('throw-getter'), 'timeout', /watchdog/);
  });

  it('a builtin that ignores the timeout (a huge BigInt power) gets its host killed from outside', async () => {
    // A short load allowance keeps the host's lease short (see lease-writer.ts), well under the stall.
    expectHostKilled(await attack('bigint-power', { memoryMb: 256, loadMs: 50 }), 'timeout');
  });
});

describe('memory', () => {
  it('a string bomb hits the isolate memory limit', async () => {
    expectForfeits(await attack('memory-string', { decisionMs: 1000 }), 'memory', /ran out of memory/);
  });

  it('a typed-array bomb fails to allocate', async () => {
    expectForfeits(await attack('memory-typed', { decisionMs: 1000 }), 'memory', /Array buffer allocation failed/);
  });

  it.each(['memory-array', 'memory-map'])('%s: a heap bomb that overwhelms the isolate costs only its host', async (name) => {
    expectHostKilled(await attack(name, { decisionMs: 1000 }), 'memory');
  });

  it('fill-huge-array: a builtin that fills far past the limit and returns is its own forfeit, never the next bot\'s', async () => {
    // Before the heap check after a call, the garbage it left was blamed on the bot that ran next.
    for (const seed of [7, 8, 9]) {
      const { outcome } = await attack('fill-huge-array', { decisionMs: 1000 }, seed);
      expect(outcome.ok).toBe(true);
      expect(outcome.games.map((g) => g.index)).toEqual([0, 1]);
      for (const death of outcome.hostDeaths) expect(death).toMatchObject({ bot: 0, verdict: 'memory', forfeited: true });
      for (const game of outcome.games) {
        expect(game.record.replay.forfeit).toMatchObject({ seat: game.rotation, verdict: 'memory' });
        expect(verifyReplay(game.record.replay).ok).toBe(true);
      }
    }
  });
});

describe('errors', () => {
  it('throwing is an error', async () => {
    expectForfeits(await attack('throws'), 'error', /^decide threw TypeError: boom$/);
  });

  it('deep recursion is an error', async () => {
    expectForfeits(await attack('deep-recursion'), 'error', /Maximum call stack size exceeded/);
  });

  it('Atomics.wait finds no Atomics (nor SharedArrayBuffer)', async () => {
    expectForfeits(await attack('atomics-wait'), 'error', /ReferenceError: Atomics is not defined/);
  });

  it('a WebAssembly loop finds no WebAssembly', async () => {
    expectForfeits(await attack('wasm-loop'), 'error', /WebAssembly is not defined/);
  });

  it('require, process, import() and Function lead nowhere', async () => {
    const result = await attack('escape');
    expectForfeits(result, 'error', /process is not defined/);
    expect(result.outcome.games[0]!.record.logs[0]!.text).toBe('found: []\nimport: no\n');
  });
});

describe('answers', () => {
  it('a number is illegal', async () => {
    expectForfeits(await attack('wrong-type'), 'illegal', /an action must be an object, got 42/);
  });

  it('getters are illegal, and never run on the host', async () => {
    expectForfeits(await attack('getter-action'), 'illegal', /plain data, it has a getter or setter \(type\)/);
  });

  it('a Proxy is copied inside the isolate as what it really holds: nothing', async () => {
    expectForfeits(await attack('proxy-action'), 'illegal', /illegal action \{\}/);
  });

  it('a huge string is output_limit', async () => {
    expectForfeits(await attack('huge-string', { decisionMs: 500 }), 'output_limit', /over the output limit of 4096/);
  });

  it('polluted prototypes and JSON do not turn {} into an action', async () => {
    expectForfeits(await attack('prototype-pollution'), 'illegal', /illegal action \{\}/);
    expect(({} as { type?: unknown }).type).toBeUndefined();
  });

  it.each(['async-decide', 'never-resolves'])('%s: a Promise is illegal', async (name) => {
    expectForfeits(await attack(name), 'illegal', /decide returned a Promise/);
  });
});

describe('containment', () => {
  it('state kept across games never reaches the mirrored twin of a game, nor another series', async () => {
    const first = await attack('state-across-games');
    const second = await attack('state-across-games');
    for (const { outcome } of [first, second]) {
      expect(outcome.ok).toBe(true);
      expect(outcome.games.map((g) => g.record.replay.forfeit)).toEqual([null, null]);
      // The twin (seats swapped) is played by the bot's second isolate: it has seen no game yet.
      expect(outcome.games.map((g) => g.record.logs[0]?.text)).toEqual(['games seen: 1\n', 'games seen: 1\n']);
    }
  });

  it('probing finds no host globals, no clock, and no more than the seat view', async () => {
    const { outcome } = await attack('probe-hidden');
    expect(outcome.ok).toBe(true);
    const game = outcome.games[0]!;
    expect(game.record.replay.forfeit).toBeNull();
    const log = game.record.logs.find((l) => l.seat === game.rotation)!;
    const [globals, view, clock] = log.text.trimEnd().split('\n');
    const names = JSON.parse(globals!.slice('globals: '.length)) as string[];
    for (const name of ['process', 'require', 'module', 'Buffer', 'global', 'ivm', '_ivm', 'setTimeout', 'WebAssembly', 'SharedArrayBuffer', 'Atomics', 'WeakRef', '__xixBot']) {
      expect(names).not.toContain(name);
    }
    expect(JSON.parse(view!.slice('view: '.length))).toEqual(JSON.parse(JSON.stringify(seatViewBefore(game.record.replay, log.move, log.seat))));
    expect(clock).toMatch(/^random: 0\.\d+ date: 0$/);
  });

  it('a console flood is truncated per move and per game', async () => {
    const { outcome } = await attack('log-flood', { decisionMs: 500, bankMs: 5000 });
    expect(outcome.ok).toBe(true);
    const logs = outcome.games[0]!.record.logs;
    expect(logs.length).toBeGreaterThan(0);
    for (const log of logs) expect(log.text.length).toBeLessThanOrEqual(8 * 1024 + 20);
    expect(logs[0]!.text).toMatch(/… \(log truncated\)\n$/);
    const perSeat = logs.filter((l) => l.seat === logs[0]!.seat).reduce((sum, l) => sum + l.text.length, 0);
    expect(perSeat).toBeLessThanOrEqual(64 * 1024 + 20);
  });
});

/** The view `seat` was given at 1-based move `move` of a replay. */
function seatViewBefore(replay: Replay, move: number, seat: number): unknown {
  const state = xix.start(xix.parseSetup(replay.setup));
  for (const m of replay.moves.slice(0, move - 1)) {
    const check = xix.checkAction(state, m.action);
    if (!check.ok) throw new Error(check.reason);
    xix.apply(state, check.action);
  }
  return xix.view(state, seat);
}

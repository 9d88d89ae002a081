/**
 * `npm run bench:sandbox`: what the sandbox costs, all measured in one run on this machine.
 * 1. One sandboxed decision round trip (view in as the game's view code, the action out by its
 *    number, CPU metered, the host's lease hook and the watchdog in place), against the same bot
 *    as a child process speaking NDJSON (whole views as JSON, as most arenas do).
 * 2. Cold start of a bot: compile, then isolate + context + harness + load.
 * 3. Full games per second of the heuristic bot against itself: in-process (unsandboxed),
 *    sandboxed players (as inside a host: a second pair of isolates plays the mirrored games),
 *    and through the supervisor with one host process (target: at least 70% of in-process).
 * 4. Peak resident memory of the whole process tree (this process, the supervisor, and its
 *    hosts) while a memory bomb of issue 8 plays a series through the pool (target < 1 GiB).
 * 5. The largest decision of 69 (issue 20): a sandboxed bot that scores every one of the 674
 *    legal actions of the largest `turn` list seen in 10,000 random games
 *    (`npm run bench:sixty-nine-actions`) and picks the best, against the game's `decisionMs`.
 * Options: --quick (fewer samples, for a smoke run); --only=<part> runs one part: round-trips,
 * cold-start, throughput, memory-bomb or largest-decision.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createRandom, sixtyNine, xix } from '@xix/engine';
import { playSeries, trustedPlayer, type Player } from '@xix/referee';
import heuristic from '../../../sdk/examples/xix/heuristic.ts';
import { createLeaseFile } from '../src/host/lease-file.ts';
import { createLeaseWriter } from '../src/host/lease-writer.ts';
import { readRssMb } from '../src/host/process-memory.ts';
import { reportingPlayer } from '../src/host/reporting-player.ts';
import { DEFAULT_LIMITS, compileBot, createSandboxPool, sandboxedPlayer } from '../src/index.ts';

const QUICK = process.argv.includes('--quick');
const PARTS = ['round-trips', 'cold-start', 'throughput', 'memory-bomb', 'largest-decision'] as const;
const ONLY = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
if (ONLY !== undefined && !(PARTS as readonly string[]).includes(ONLY)) throw new Error(`--only takes one of ${PARTS.join(', ')}, not ${ONLY}`);
const runs = (part: (typeof PARTS)[number]): boolean => ONLY === undefined || ONLY === part;
const HEURISTIC = fileURLToPath(new URL('../../../sdk/examples/xix/heuristic.ts', import.meta.url));
const NDJSON_BOT = fileURLToPath(new URL('./ndjson-bot.ts', import.meta.url));
const RANDOM = fileURLToPath(new URL('../../../sdk/examples/xix/random.ts', import.meta.url));
const BOMB = fileURLToPath(new URL('../test/fixtures/bomb-fill-2-28.ts', import.meta.url));
const FIRST_LEGAL = "import { defineXixBot } from '@xix/sdk';\nexport default defineXixBot({ decide: (view) => view.legalActions[0]! });\n";

function quantiles(samples: number[]): { median: number; p99: number } {
  const sorted = samples.slice().sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, p99: sorted[Math.floor(sorted.length * 0.99)]! };
}
const us = (ns: number): string => `${(ns / 1000).toFixed(1)} µs`;
const median = (values: number[]): number => quantiles(values).median;

async function compiled(source: Parameters<typeof compileBot>[0]): Promise<string> {
  const result = await compileBot(source);
  if (!result.ok) throw new Error(result.message);
  return result.code;
}

/** Seat 0's views at its decisions, game by game: realistic sizes, every phase, in play order. */
function sampleGames(): unknown[][] {
  const games: unknown[][] = [];
  for (let seed = 1; games.length < 20; seed++) {
    const state = xix.start(xix.randomSetup(seed, 2));
    const views: unknown[] = [];
    for (let seat = xix.toMove(state), i = 0; seat !== null; seat = xix.toMove(state), i++) {
      if (seat === 0) views.push(xix.view(state, seat));
      const actions = xix.legalActions(state);
      xix.apply(state, actions[(i * 7) % actions.length]!);
    }
    games.push(views);
  }
  return games;
}

async function roundTrips(): Promise<void> {
  const games = sampleGames();
  const views = games.flat();
  const bytes = views.reduce<number>((sum, v) => sum + JSON.stringify(v).length, 0) / views.length;
  let codeChars = 0;
  for (const game of games) {
    const encode = xix.viewCodec.createEncoder();
    for (const view of game) codeChars += encode(view as Parameters<typeof encode>[0]).length;
  }
  codeChars /= views.length;
  const code = await compiled({ entry: 'first-legal.ts', files: new Map([['first-legal.ts', FIRST_LEGAL]]) });

  // As in a host: the lease hook writing to a lease file, and the player that reports each
  // applied move on the lease (a line a decision here, where one seat is asked in a row).
  const leaseFile = createLeaseFile();
  const lease = createLeaseWriter(leaseFile.fd);
  const player = reportingPlayer(sandboxedPlayer(xix, code, 'bench', { beforeCall: lease.hook(1, 0) }), lease, []);
  let game = 0;
  /** Each game's views in order, after its startGame: as the referee calls a player. */
  const sandboxedBlock = (count: number, into: number[] | null): void => {
    for (let done = 0; done < count; game++) {
      player.startGame({ seat: 0, seed: game });
      for (const view of games[game % games.length]!) {
        const t0 = process.hrtime.bigint();
        const decision = player.decide(view);
        const t1 = process.hrtime.bigint();
        if (!decision.ok) throw new Error(decision.message);
        into?.push(Number(t1 - t0));
        done++;
      }
    }
  };

  const dir = mkdtempSync(path.join(tmpdir(), 'xix-bench-'));
  const file = path.join(dir, 'bot.js');
  writeFileSync(file, code);
  const child = spawn(process.execPath, [NDJSON_BOT, file], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout });
  let waiting: ((line: string) => void) | null = null;
  lines.on('line', (line) => waiting?.(line));
  const ask = (view: unknown): Promise<unknown> =>
    new Promise((resolve) => {
      waiting = (line) => resolve(JSON.parse(line));
      child.stdin.write(`${JSON.stringify(view)}\n`);
    });
  let asked = 0;
  const childBlock = async (count: number, into: number[] | null): Promise<void> => {
    for (let i = 0; i < count; i++) {
      const t0 = process.hrtime.bigint();
      await ask(views[asked++ % views.length]);
      const t1 = process.hrtime.bigint();
      into?.push(Number(t1 - t0));
    }
  };

  sandboxedBlock(2_000, null);
  await childBlock(500, null);
  // Interleaved blocks: the machine is shared, so a slow moment hits both alike.
  const boxed: number[] = [];
  const piped: number[] = [];
  for (let block = 0; block < 5; block++) {
    sandboxedBlock(QUICK ? 1_000 : 6_000, boxed);
    await childBlock(QUICK ? 200 : 1_000, piped);
  }
  player.dispose();
  leaseFile.close();
  child.kill();
  rmSync(dir, { recursive: true });

  const a = quantiles(boxed);
  const b = quantiles(piped);
  console.log(`decision round trip (first-legal bot; a view is ${Math.round(bytes)} B of JSON, ${Math.round(codeChars)} characters of view code a decision on average; 5 interleaved blocks)`);
  console.log(`  sandboxed (view code, applySync):     median ${us(a.median)}   p99 ${us(a.p99)}   (${boxed.length} decisions)`);
  console.log(`  child process, NDJSON over pipes:     median ${us(b.median)}   p99 ${us(b.p99)}   (${piped.length} decisions)`);
  console.log(`  sandboxed is ${(b.median / a.median).toFixed(1)}× faster at the median (target ≥ 20×; median target < 20 µs)`);
}

async function coldStart(): Promise<void> {
  console.log('cold start, medians: compile (esbuild, once per bot version) + isolate, context, harness, load and onGameStart (once per pairing)');
  const bots = [
    ['first-legal', { entry: 'first-legal.ts', files: new Map([['first-legal.ts', FIRST_LEGAL]]) }],
    ['heuristic', { entry: HEURISTIC }],
  ] as const;
  for (const [name, source] of bots) {
    const compileMs: number[] = [];
    let code = '';
    for (let i = 0; i < (QUICK ? 5 : 15); i++) {
      const t0 = performance.now();
      code = await compiled(source);
      compileMs.push(performance.now() - t0);
    }
    const startMs: number[] = [];
    for (let i = 0; i < (QUICK ? 10 : 40); i++) {
      const t0 = performance.now();
      const player = sandboxedPlayer(xix, code, 'cold');
      const failure = player.startGame({ seat: 0, seed: i });
      startMs.push(performance.now() - t0);
      if (failure !== null) throw new Error(failure.message);
      player.dispose();
    }
    const c = median(compileMs);
    const s = median(startMs);
    console.log(`  ${name.padEnd(11)} (${(code.length / 1024).toFixed(0).padStart(2)} KiB bundle): compile ${c.toFixed(2)} ms + start ${s.toFixed(2)} ms = ${(c + s).toFixed(2)} ms (target < 20 ms)`);
  }
}

async function throughput(): Promise<void> {
  const code = await compiled({ entry: HEURISTIC });
  const games = QUICK ? 20 : 100;
  const warmUps = QUICK ? 1 : 2;
  const rounds = QUICK ? 3 : 5;
  const series = (players: Player[], mirror: Player[] = players): number => {
    const t0 = performance.now();
    playSeries({ game: xix, games, seed: 1, players: [players[0]!, players[1]!], mirrorPlayers: [mirror[0]!, mirror[1]!] });
    return games / ((performance.now() - t0) / 1000);
  };
  const pool = createSandboxPool({ hosts: 1 });
  const trusted = (): number => series([trustedPlayer(heuristic, 'a'), trustedPlayer(heuristic, 'b')]);
  const sandboxed = (): number => {
    const boxed = [sandboxedPlayer(xix, code, 'a'), sandboxedPlayer(xix, code, 'b')];
    const mirror = [sandboxedPlayer(xix, code, 'a'), sandboxedPlayer(xix, code, 'b')];
    try {
      return series(boxed, mirror);
    } finally {
      [...boxed, ...mirror].forEach((p) => p.dispose());
    }
  };
  const pooled = async (): Promise<number> => {
    const t0 = performance.now();
    const outcome = await pool.runSeries({ game: xix.id, seed: 1, deals: games / 2, bots: [{ name: 'a', code }, { name: 'b', code }] });
    if (!outcome.ok) throw new Error(outcome.error);
    return games / ((performance.now() - t0) / 1000);
  };
  // Warm-up, the same for every mode: the in-process baseline measures 270–1,180 games/s from a
  // cold to a hot JIT, so it gets the same warm-up series as the others before anything counts.
  for (let i = 0; i < warmUps; i++) {
    trusted();
    sandboxed();
    await pooled();
  }
  const rates = { trusted: [] as number[], sandboxed: [] as number[], pooled: [] as number[] };
  // Interleaved rounds: the machine is shared, so a slow moment hits every mode alike.
  for (let round = 0; round < rounds; round++) {
    rates.trusted.push(trusted());
    rates.sandboxed.push(sandboxed());
    rates.pooled.push(await pooled());
  }
  await pool.close();
  const t = median(rates.trusted);
  const s = median(rates.sandboxed);
  const p = median(rates.pooled);
  console.log(`heuristic vs heuristic, ${games} mirrored games per series, after ${warmUps} warm-up series of each mode; median of ${rounds} interleaved rounds`);
  const spread = (values: number[]): string => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;
  console.log(`  unsandboxed (in-process):                 ${t.toFixed(0)} games/s  (rounds: ${spread(rates.trusted)})`);
  console.log(`  sandboxed players (as inside a host):     ${s.toFixed(0)} games/s  = ${((100 * s) / t).toFixed(0)}% of unsandboxed (target ≥ 30%; rounds: ${spread(rates.sandboxed)})`);
  console.log(`  through the supervisor, one host process: ${p.toFixed(0)} games/s  = ${((100 * p) / t).toFixed(0)}% (incl. host start-up of isolates and IPC of replays)`);
  console.log(`  the pool is ${((100 * p) / s).toFixed(0)}% of the sandboxed players in-process (target ≥ 70%; rounds: ${spread(rates.pooled)})`);
}

async function memoryBomb(): Promise<void> {
  const [bomb, random] = await Promise.all([compiled({ entry: BOMB }), compiled({ entry: RANDOM })]);
  const deals = QUICK ? 1 : 2;
  const pool = createSandboxPool({ hosts: 1 });
  let peakMb = 0;
  let hostPeakMb = 0;
  // Sampled every 10 ms: a peak between two samples is missed, so this is a lower bound.
  const sampler = setInterval(() => {
    const hosts = pool.stats().pids.map((pid) => readRssMb(pid) ?? 0);
    hostPeakMb = Math.max(hostPeakMb, ...hosts);
    peakMb = Math.max(peakMb, (readRssMb(process.pid) ?? 0) + hosts.reduce((sum, mb) => sum + mb, 0));
  }, 10);
  const t0 = performance.now();
  const outcome = await pool.runSeries({ game: xix.id, seed: 1, deals, bots: [{ name: 'bomb', code: bomb }, { name: 'random', code: random }] });
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  await pool.close();
  if (!outcome.ok) throw new Error(outcome.error);
  const verdicts = outcome.games.map((g) => g.record.replay.forfeit?.verdict ?? 'none').join(', ');
  console.log(`memory bomb (new Array(2 ** 28).fill(0) on its third move, default limits: 64 MiB heap) against random, ${deals * 2} games through the pool`);
  console.log(`  peak resident memory of the process tree: ${peakMb.toFixed(0)} MiB (target < 1024 MiB; the largest host alone: ${hostPeakMb.toFixed(0)} MiB)`);
  console.log(`  ${outcome.games.length} games in ${seconds.toFixed(1)} s (verdicts: ${verdicts}; ${outcome.hostDeaths.length} hosts killed)`);
}

/**
 * A 69 bot that reads its whole list: it scores every legal action (cards played, and whether the
 * set it goes to becomes complete) and plays the best. Plain TypeScript, as an author may write it.
 */
const SCAN_ALL = `interface Action { readonly type: string; readonly set?: number; readonly cards?: readonly string[] }
interface View { readonly legalActions: readonly Action[]; readonly table: readonly { readonly cards: readonly string[] }[] }
export default {
  decide(view: View): Action {
    let best = view.legalActions[0]!;
    let bestScore = -1;
    for (const action of view.legalActions) {
      const cards = action.cards?.length ?? 0;
      const target = action.set === undefined ? 0 : view.table[action.set]!.cards.length;
      let score = 10 * cards + (target + cards >= 3 ? 5 : 0);
      for (const card of action.cards ?? []) score += card.charCodeAt(0) === 87 ? 3 : 0; // a Wild
      if (score > bestScore) {
        best = action;
        bestScore = score;
      }
    }
    return best;
  },
};
`;
const FIRST_LEGAL_69 = 'export default { decide: (view: { readonly legalActions: readonly unknown[] }) => view.legalActions[0] };\n';

/**
 * The position of the largest legal-action list of `npm run bench:sixty-nine-actions` (674 plays
 * in game 2424: 6 seats, round 2), replayed with that bench's seeds and choices: the seat's view
 * at its largest decision of the game.
 */
function largestSixtyNineDecision(): { view: unknown; seat: number; actions: number } {
  const game = 2_424;
  const seats = 2 + (game % 5);
  /** Plays the game as that bench did, until `stop` (asked before each decision) says so. */
  const replay = (stop: (decision: number, actions: number) => boolean): ReturnType<typeof sixtyNine.start> => {
    const random = createRandom(7_000_000 + game);
    const state = sixtyNine.start(sixtyNine.randomSetup(game, seats));
    for (let decision = 0; sixtyNine.toMove(state) !== null; decision++) {
      const legal = sixtyNine.legalActions(state);
      if (stop(decision, legal.length)) break;
      sixtyNine.apply(state, legal[random.int(legal.length)]!);
    }
    return state;
  };
  let at = -1;
  let most = 0;
  replay((decision, actions) => {
    if (actions > most) [at, most] = [decision, actions];
    return false;
  });
  const state = replay((decision) => decision === at);
  const seat = sixtyNine.toMove(state)!;
  return { view: sixtyNine.view(state, seat), seat, actions: most };
}

async function largestDecision(): Promise<void> {
  const { view, seat, actions } = largestSixtyNineDecision();
  const decisionMs = DEFAULT_LIMITS.decisionMs;
  const samples = QUICK ? 50 : 300;
  const bots = [
    ['scores every action', { entry: 'scan-all.ts', files: new Map([['scan-all.ts', SCAN_ALL]]) }],
    ['first legal action', { entry: 'first-legal.ts', files: new Map([['first-legal.ts', FIRST_LEGAL_69]]) }],
  ] as const;
  console.log(`69's largest decision: a turn with ${actions} legal actions (seat ${seat} of 6; ${JSON.stringify(view).length} B of JSON view), ${samples} decisions of each bot after a first one`);
  for (const [name, source] of bots) {
    const player = sandboxedPlayer(sixtyNine, await compiled(source), name);
    const failure = player.startGame({ seat, seed: 0 });
    if (failure !== null) throw new Error(failure.message);
    const first = player.decide(view);
    if (!first.ok) throw new Error(first.message);
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < samples; i++) {
      const t0 = process.hrtime.bigint();
      const decision = player.decide(view);
      const t1 = process.hrtime.bigint();
      if (!decision.ok) throw new Error(decision.message);
      wall.push(Number(t1 - t0) / 1e6);
      cpu.push(decision.cpuMs ?? Number.NaN);
    }
    player.dispose();
    const w = quantiles(wall);
    const c = quantiles(cpu);
    console.log(`  ${name.padEnd(20)} round trip median ${w.median.toFixed(3)} ms, p99 ${w.p99.toFixed(3)} ms; charged CPU median ${c.median.toFixed(3)} ms, p99 ${c.p99.toFixed(3)} ms (first decision, with the whole view sent: ${first.ms.toFixed(3)} ms) = ${((100 * c.p99) / decisionMs).toFixed(2)}% of decisionMs ${decisionMs} ms at the p99`);
  }
}

console.log(`sandbox benchmark: Node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), load average ${loadavg()[0]!.toFixed(2)}${QUICK ? ', --quick' : ''}`);
if (runs('round-trips')) await roundTrips();
if (runs('cold-start')) await coldStart();
if (runs('throughput')) await throughput();
if (runs('memory-bomb')) await memoryBomb();
if (runs('largest-decision')) await largestDecision();

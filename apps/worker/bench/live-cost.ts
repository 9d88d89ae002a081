/**
 * What live publishing costs the worker: the same challenge series (random against heuristic, the
 * fastest games, so the largest share) played by an in-process worker with and without its live
 * publisher, alternately, on the shared Redis under a fresh prefix each. Prints wall time, games a
 * second and the worker process's own CPU (the supervisor and the publisher share its thread).
 *
 *   NODE_OPTIONS=--no-node-snapshot flock -x /tmp/xix-bench.lock node apps/worker/bench/live-cost.ts
 *
 * LIVE_COST_SERIES (default 6), LIVE_COST_DEALS (deals a series, default 25), LIVE_COST_ROUNDS
 * (default 2), LIVE_COST_HOSTS (worker concurrency, default 2).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { keysFor } from '@xix/store';
import { startWorker } from '../src/index.ts';
import { HEURISTIC, RANDOM, TEST_REDIS_URL, finished, harness, storeBot } from '../test/helpers.ts';

const numberFrom = (name: string, fallback: number): number => Number(process.env[name] || fallback);
const SERIES = numberFrom('LIVE_COST_SERIES', 6);
const DEALS = numberFrom('LIVE_COST_DEALS', 25);
const ROUNDS = numberFrom('LIVE_COST_ROUNDS', 2);
const HOSTS = numberFrom('LIVE_COST_HOSTS', 2);

async function run(live: boolean): Promise<{ seconds: number; cpu: number; games: number; streamBytes: number; events: number }> {
  const h = harness();
  const worker = startWorker({ redisUrl: TEST_REDIS_URL, prefix: h.prefix, concurrency: HOSTS, live });
  try {
    await worker.ready;
    const a = await storeBot(h.store, 'alice', 'random', RANDOM);
    const b = await storeBot(h.store, 'bob', 'heuristic', HEURISTIC);
    await sleep(1500); // the pool's hosts up
    const cpu = process.cpuUsage();
    const started = performance.now();
    const ids: string[] = [];
    for (let i = 0; i < SERIES; i++) ids.push(await h.enqueue({ kind: 'challenge', rated: false, entrants: [a, b], deals: DEALS, seed: 100 + i * DEALS }));
    await Promise.all(ids.map((id) => h.waitFor(id, finished, 600_000)));
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    await worker.close(); // the last events sent
    const keys = keysFor(h.prefix);
    let streamBytes = 0;
    let events = 0;
    for (const id of ids) {
      for (let index = 0; index < DEALS * 2; index++) {
        const key = keys.live(`${id}.${index}`);
        streamBytes += Number((await h.redis.memory('USAGE', key)) ?? 0);
        events += await h.redis.xlen(key);
      }
    }
    return { seconds, cpu: (used.user + used.system) / 1e6, games: SERIES * DEALS * 2, streamBytes, events };
  } finally {
    await worker.close();
    await h.close();
  }
}

for (let round = 1; round <= ROUNDS; round++) {
  for (const live of [false, true]) {
    const { seconds, cpu, games, streamBytes, events } = await run(live);
    const streams = live ? `; live streams ${(events / games).toFixed(1)} events, ${(streamBytes / games / 1024).toFixed(1)} KiB of Redis memory a game` : '';
    console.log(`round ${round}, live ${live ? 'on ' : 'off'}: ${games} games in ${seconds.toFixed(2)} s = ${(games / seconds).toFixed(1)} games/s; worker process CPU ${cpu.toFixed(2)} s (${((cpu / games) * 1000).toFixed(2)} ms a game)${streams}`);
  }
}

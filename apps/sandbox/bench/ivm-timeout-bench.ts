/**
 * `npm run bench:ivm-timeouts`: why the sandbox has its own watchdog (src/isolate/watchdog.ts)
 * instead of isolated-vm's per-call `timeout`. The same trivial `applySync`, 8 s per mode, cost per
 * call every 2 s: without a timeout, with our watchdog, and with isolated-vm timeouts of 5 ms,
 * 100 ms and 6,350 ms (the default limits' watchdog). isolated-vm keeps each timer queued until it
 * falls due, even after its call returned, so a timeout's cost shows once the first ones fall due.
 */
import ivm from 'isolated-vm';
import { createWatchdog } from '../src/isolate/watchdog.ts';

const SECONDS = process.argv.includes('--quick') ? 4 : 8;
const isolate = new ivm.Isolate({ memoryLimit: 16 });
const context = isolate.createContextSync();
const fn = context.evalSync('(s) => s.length > 5 ? "A0" : "A1"', { reference: true }) as ivm.Reference<(s: string) => string>;
const argument = 'x'.repeat(50);
const watchdog = createWatchdog(isolate);

type Mode = { readonly name: string; readonly call: () => void };
const modes: Mode[] = [
  { name: 'no timeout', call: () => fn.applySync(undefined, [argument]) },
  // Before any isolated-vm timeout: their dead timers would still be falling due during it.
  {
    name: 'our watchdog (6,350 ms)',
    call: () => {
      watchdog.begin(6350);
      try {
        fn.applySync(undefined, [argument]);
      } finally {
        watchdog.end();
      }
    },
  },
  ...[5, 100, 6350].map((timeout) => ({ name: `isolated-vm timeout ${timeout} ms`, call: () => fn.applySync(undefined, [argument], { timeout }) })),
];

console.log(`applySync cost per call, µs, every 2 s of ${SECONDS} s per mode (Node ${process.version}, isolated-vm 7)`);
for (const mode of modes) {
  const figures: string[] = [];
  const start = performance.now();
  for (let second = 2; second <= SECONDS; second += 2) {
    let calls = 0;
    const t0 = performance.now();
    while (performance.now() - start < second * 1000) {
      for (let i = 0; i < 1000; i++) mode.call();
      calls += 1000;
    }
    figures.push(((performance.now() - t0) * 1000 / calls).toFixed(2));
  }
  console.log(`  ${mode.name.padEnd(32)} ${figures.join('  ')}`);
}
watchdog.dispose();
isolate.dispose();

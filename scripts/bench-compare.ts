/**
 * Runs one npm benchmark script alternately in two checkouts (old, new, old, new, ...), N runs
 * each, and prints per headline figure the median of each side and the ratio new/old.
 *
 *   node scripts/bench-compare.ts OLD_DIR NEW_DIR SCRIPT N [-- ARGS...]
 *   e.g. node scripts/bench-compare.ts ../wt-old . bench:engine 5
 *        node scripts/bench-compare.ts ../wt-old . bench:sandbox 5 -- --quick
 *
 * Each run is `npm run SCRIPT [-- ARGS]` in its checkout (npm puts that checkout's Node on the
 * PATH), with this process's environment, so env knobs (ROUNDS=3 ...) apply to both sides alike.
 * Env: BENCH_LOCK=FILE runs each benchmark under `flock -x FILE` (the machine's benchmark lock,
 * /tmp/xix-bench.lock, so two benchmarks never share the cores); BENCH_OUT=DIR keeps every run's
 * output there. The load average is printed before and after each pair of runs.
 *
 * Figures: the benchmarks of this repository print lines such as `games/s  median 56175` or
 * `sandboxed (...):  median 6.9 µs`; known scripts have their headline figures named below (with
 * whether higher is better), any other script gets every `<label> <number><unit>` of its indented
 * lines. Exit 1 if a run fails or the two sides print different figure names.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';

type Figure = { readonly name: string; readonly value: number; readonly unit: string; readonly higherIsBetter: boolean | null };
type Extractor = (output: string) => Figure[];

const NUMBER = String.raw`(-?[\d,]*\.?\d+)`;
const num = (text: string): number => Number(text.replaceAll(',', ''));

/** `bench:engine`: a header line per game and table size, then its median rates. */
const engineFigures: Extractor = (output) => {
  const figures: Figure[] = [];
  let section = '';
  for (const line of output.split('\n')) {
    const header = /random (\S+) games at (\d+) seats/.exec(line);
    if (header) section = `${header[1]} ${header[2]} seats`;
    const games = new RegExp(String.raw`games/s\s+median ${NUMBER}`).exec(line);
    if (games) figures.push({ name: `${section}: games/s`, value: num(games[1]!), unit: '', higherIsBetter: true });
    const decisions = new RegExp(String.raw`decisions/s\s+median ${NUMBER}`).exec(line);
    if (decisions) figures.push({ name: `${section}: decisions/s`, value: num(decisions[1]!), unit: '', higherIsBetter: true });
    const perGame = new RegExp(String.raw`decisions/game ${NUMBER}`).exec(line);
    if (perGame) figures.push({ name: `${section}: decisions/game`, value: num(perGame[1]!), unit: '', higherIsBetter: null });
  }
  return figures;
};

/** `bench:sandbox`: round trip, cold start, throughput and the memory bomb. */
const sandboxFigures: Extractor = (output) => {
  const figures: Figure[] = [];
  const add = (name: string, pattern: string, unit: string, higherIsBetter: boolean | null): void => {
    const match = new RegExp(pattern).exec(output);
    if (match) figures.push({ name, value: num(match[1]!), unit, higherIsBetter });
  };
  add('round trip, sandboxed, median', String.raw`sandboxed \(view code, applySync\):\s+median ${NUMBER} µs`, 'µs', false);
  add('round trip, sandboxed, p99', String.raw`sandboxed \(view code, applySync\):\s+median \S+ µs\s+p99 ${NUMBER} µs`, 'µs', false);
  add('round trip, child process, median', String.raw`child process, NDJSON over pipes:\s+median ${NUMBER} µs`, 'µs', false);
  add('view code chars a decision', String.raw`${NUMBER} characters of view code`, '', null);
  for (const bot of ['first-legal', 'heuristic']) {
    add(`cold start ${bot}: bundle`, String.raw`${bot}\s+\(\s*${NUMBER} KiB bundle\)`, 'KiB', null);
    add(`cold start ${bot}: compile`, String.raw`${bot}\s+\([^)]*\): compile ${NUMBER} ms`, 'ms', false);
    add(`cold start ${bot}: start`, String.raw`${bot}\s+\([^)]*\): compile \S+ ms \+ start ${NUMBER} ms`, 'ms', false);
  }
  add('throughput: unsandboxed', String.raw`unsandboxed \(in-process\):\s+${NUMBER} games/s`, 'games/s', true);
  add('throughput: sandboxed players', String.raw`sandboxed players \(as inside a host\):\s+${NUMBER} games/s`, 'games/s', true);
  add('throughput: sandboxed % of unsandboxed', String.raw`sandboxed players \(as inside a host\):\s+\S+ games/s\s+= ${NUMBER}%`, '%', true);
  add('throughput: pool, one host', String.raw`through the supervisor, one host process:\s+${NUMBER} games/s`, 'games/s', true);
  add('throughput: pool % of sandboxed players', String.raw`the pool is ${NUMBER}% of the sandboxed players`, '%', true);
  add('memory bomb: peak RSS of the tree', String.raw`peak resident memory of the process tree: ${NUMBER} MiB`, 'MiB', false);
  add('memory bomb: largest host', String.raw`the largest host alone: ${NUMBER} MiB`, 'MiB', false);
  add('memory bomb: seconds', String.raw`games in ${NUMBER} s`, 's', false);
  return figures;
};

/**
 * Any other benchmark: a table (a header line of columns two spaces apart, then indented rows of as
 * many cells) gives `<row>: <column>` per numeric cell; other indented lines give every
 * `<label> <number><unit>` pair, named after the last unindented line.
 */
const genericFigures: Extractor = (output) => {
  const figures: Figure[] = [];
  const seen = new Map<string, number>();
  const add = (base: string, value: string, unit: string): void => {
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    figures.push({ name: count > 1 ? `${base} #${count}` : base, value: num(value), unit, higherIsBetter: null });
  };
  const cellValue = new RegExp(String.raw`^${NUMBER}\s*(\S*)$`);
  let section = '';
  let columns: string[] = [];
  for (const line of output.split('\n')) {
    if (line.trim() === '') continue;
    if (!/^\s/.test(line)) {
      section = line.replace(/[:(].*$/, '').trim().slice(0, 40);
      columns = line.trim().split(/\s{2,}/);
      continue;
    }
    const cells = line.trim().split(/\s{2,}/);
    if (columns.length >= 2 && cells.length === columns.length) {
      cells.slice(1).forEach((cell, i) => {
        const match = cellValue.exec(cell);
        if (match) add(`${cells[0]}: ${columns[i + 1]}`, match[1]!, match[2] ?? '');
      });
      continue;
    }
    for (const match of line.matchAll(new RegExp(String.raw`([A-Za-z/%][\w /%-]*?)[:=]?\s+${NUMBER}\s*(µs|ms|s|MiB|KiB|%|×|games/s)?(?![\w/])`, 'g'))) {
      add(`${section}: ${match[1]!.trim()}`, match[2]!, match[3] ?? '');
    }
  }
  return figures;
};

const EXTRACTORS: Record<string, Extractor> = { 'bench:engine': engineFigures, 'bench:sandbox': sandboxFigures };

function usage(message: string): never {
  console.error(`${message}\nusage: node scripts/bench-compare.ts OLD_DIR NEW_DIR SCRIPT N [-- ARGS...]`);
  process.exit(2);
}

const separator = process.argv.indexOf('--');
const positional = process.argv.slice(2, separator === -1 ? undefined : separator);
const extraArgs = separator === -1 ? [] : process.argv.slice(separator + 1);
if (positional.length !== 4) usage('expected four arguments');
const [oldDir, newDir, script, countText] = positional as [string, string, string, string];
const runs = Number(countText);
if (!Number.isInteger(runs) || runs < 1) usage(`N must be a positive integer, got ${countText}`);
const extract = EXTRACTORS[script] ?? genericFigures;
const lock = process.env.BENCH_LOCK;
const outDir = process.env.BENCH_OUT;
if (outDir) mkdirSync(outDir, { recursive: true });

const load = (): string => loadavg().map((l) => l.toFixed(2)).join(' ');
const median = (xs: readonly number[]): number => {
  const sorted = xs.slice().sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

function runOnce(side: 'old' | 'new', dir: string, index: number): Figure[] {
  const npmArgs = ['run', '--silent', script, ...(extraArgs.length > 0 ? ['--', ...extraArgs] : [])];
  const [command, args] = lock ? ['flock', ['-x', lock, 'npm', ...npmArgs]] : ['npm', npmArgs];
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: path.resolve(dir), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const seconds = (Date.now() - started) / 1000;
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (outDir) writeFileSync(path.join(outDir, `${script.replaceAll(':', '-')}-${side}-${index + 1}.txt`), output);
  if (result.status !== 0) {
    console.error(`${side} run ${index + 1} failed (exit ${result.status ?? result.signal}) in ${dir}:\n${output}`);
    process.exit(1);
  }
  const figures = extract(output);
  if (figures.length === 0) {
    console.error(`${side} run ${index + 1} printed no figures this script knows:\n${output}`);
    process.exit(1);
  }
  console.log(`  ${side} run ${index + 1}: ${seconds.toFixed(0)} s, ${figures.length} figures`);
  return figures;
}

const results: Record<'old' | 'new', Figure[][]> = { old: [], new: [] };
console.log(`bench-compare: ${script}${extraArgs.length > 0 ? ` -- ${extraArgs.join(' ')}` : ''}, ${runs} interleaved runs a side${lock ? `, under flock ${lock}` : ''}`);
console.log(`  old: ${path.resolve(oldDir)}\n  new: ${path.resolve(newDir)}`);
for (let i = 0; i < runs; i++) {
  const before = load();
  results.old.push(runOnce('old', oldDir, i));
  results.new.push(runOnce('new', newDir, i));
  console.log(`  pair ${i + 1}: load average (1, 5, 15 min) before ${before}, after ${load()}`);
}

const names = (figures: Figure[]): string => figures.map((f) => f.name).join('\n');
const all = [...results.old, ...results.new];
if (all.some((figures) => names(figures) !== names(all[0]!))) {
  console.error('the runs printed different figures; per run:');
  for (const figures of all) console.error(`  ${figures.map((f) => f.name).join(', ')}`);
  process.exit(1);
}

const format = (value: number): string => (Math.abs(value) >= 1000 ? Math.round(value).toLocaleString('en-US') : String(Number(value.toPrecision(4))));
const rows = all[0]!.map((figure, i) => {
  const oldValues = results.old.map((figures) => figures[i]!.value);
  const newValues = results.new.map((figures) => figures[i]!.value);
  const oldMedian = median(oldValues);
  const newMedian = median(newValues);
  const ratio = newMedian / oldMedian;
  const worse = figure.higherIsBetter === null ? null : figure.higherIsBetter ? 1 - ratio : ratio - 1;
  const verdict = worse === null ? '' : worse > 0.1 ? `WORSE by ${(100 * worse).toFixed(1)}%` : worse < -0.1 ? `better by ${(-100 * worse).toFixed(1)}%` : 'within 10%';
  return {
    figure: `${figure.name}${figure.unit ? ` (${figure.unit})` : ''}`,
    old: format(oldMedian),
    new: format(newMedian),
    ratio: Number.isFinite(ratio) ? ratio.toFixed(3) : 'n/a',
    verdict,
    oldRuns: oldValues.map(format).join(', '),
    newRuns: newValues.map(format).join(', '),
  };
});

console.log(`\n| figure | old (median of ${runs}) | new (median of ${runs}) | new/old | verdict |`);
console.log('|---|---|---|---|---|');
for (const row of rows) console.log(`| ${row.figure} | ${row.old} | ${row.new} | ${row.ratio} | ${row.verdict} |`);
console.log('\nper run (old | new):');
for (const row of rows) console.log(`  ${row.figure}: ${row.oldRuns} | ${row.newRuns}`);

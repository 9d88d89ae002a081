/**
 * Measures bot A against bot B over mirrored deals, in-process:
 *   npx node sdk/scripts/measure.ts [botA.ts] [botB.ts] [--games N] [--seed S]
 * Defaults: the heuristic against random, 2,000 games (1,000 deals played twice), seed 1.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Bot } from '../src/bot.ts';
import { playMirrored, wilsonInterval } from './match.ts';

function fail(message: string): never {
  console.error(`measure: ${message}`);
  process.exit(2);
}

async function loadBot(file: string): Promise<Bot> {
  let module: { default?: unknown };
  try {
    module = (await import(pathToFileURL(resolve(file)).href)) as { default?: unknown };
  } catch (error) {
    return fail(`cannot load ${file}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  const bot = module.default as Partial<Bot> | undefined;
  if (typeof bot?.decide !== 'function') fail(`${file} has no default export with a decide(view) function`);
  return bot as Bot;
}

function intOption(args: string[], name: string, fallback: number): number {
  const at = args.indexOf(name);
  if (at < 0) return fallback;
  const value = Number(args[at + 1]);
  if (!Number.isSafeInteger(value) || value < 0) fail(`${name} needs a non-negative integer`);
  args.splice(at, 2);
  return value;
}

const args = process.argv.slice(2);
const games = intOption(args, '--games', 2000);
const seed = intOption(args, '--seed', 1);
if (games < 2 || games % 2 !== 0) fail('--games must be an even number of at least 2 (each deal is played twice)');
const here = import.meta.dirname;
const [fileA = resolve(here, '../examples/heuristic.ts'), fileB = resolve(here, '../examples/random.ts')] = args;
const [a, b] = [await loadBot(fileA), await loadBot(fileB)];

const started = performance.now();
const m = playMirrored(a, b, games / 2, seed);
const seconds = (performance.now() - started) / 1000;
const { low, high } = wilsonInterval(m.wins[0], m.games);
const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
console.log(`${fileA} vs ${fileB}: ${m.games} mirrored games from seed ${seed}`);
console.log(`wins ${m.wins[0]}–${m.wins[1]}, points ${m.points[0]}–${m.points[1]}, forfeits ${m.forfeits[0]}–${m.forfeits[1]}`);
console.log(`A's win rate ${pct(m.wins[0] / m.games)} (95% Wilson interval ${pct(low)}–${pct(high)})`);
console.log(`${seconds.toFixed(1)} s, ${Math.round(m.decisions / seconds)} decisions/s`);

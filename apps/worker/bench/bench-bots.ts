/**
 * The entrants of bench:tournament: the bundled example bots (sdk/examples) and copies of them,
 * compiled once. The search bot is compiled from the same example with a smaller work budget
 * (BENCH_SEARCH_BUDGET): at its default of 250,000 (~30 ms a decision) its games alone would take
 * the benchmark far past its ten minutes.
 */
import { xix } from '@xix/engine';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { compileBot } from '@xix/sandbox';
import type { EntrantRef, Store } from '@xix/store';

const EXAMPLES = fileURLToPath(new URL('../../../sdk/examples/xix/', import.meta.url));

export interface BenchBot {
  readonly name: string;
  readonly source: string;
  readonly code: string;
}

async function compiled(name: string, source: string): Promise<BenchBot> {
  const result = await compileBot({ entry: 'bot.ts', files: new Map([['bot.ts', source]]) });
  if (!result.ok) throw new Error(`cannot compile ${name}: ${result.message}`);
  return { name, source, code: result.code };
}

/** `copies` entries of each bundled example, named `random-1`, `heuristic-1`, … */
export async function benchBots(copies: { readonly random: number; readonly heuristic: number; readonly search: number }, searchBudget: number): Promise<BenchBot[]> {
  const exampleSearch = await readFile(`${EXAMPLES}search.ts`, 'utf8');
  const search = exampleSearch.replace(/createSearchBot\(\{ budget: [\d_]+ \}\)/, `createSearchBot({ budget: ${searchBudget} })`);
  if (search === exampleSearch) throw new Error('sdk/examples/xix/search.ts no longer reads createSearchBot({ budget: N }): update bench-bots.ts');
  const kinds = [
    await compiled('random', await readFile(`${EXAMPLES}random.ts`, 'utf8')),
    await compiled('heuristic', await readFile(`${EXAMPLES}heuristic.ts`, 'utf8')),
    await compiled('search', search),
  ];
  return kinds.flatMap((kind) => Array.from({ length: copies[kind.name as keyof typeof copies] }, (_, i) => ({ ...kind, name: `${kind.name}-${i + 1}` })));
}

/** Stores the bots as active versions of one owner (as an accepted upload leaves them). */
export async function storeBenchBots(store: Store, bots: readonly BenchBot[]): Promise<EntrantRef[]> {
  await store.ensureUser('bench');
  const entrants: EntrantRef[] = [];
  for (const bot of bots) {
    const put = await store.putVersion({ owner: 'bench', name: bot.name, game: xix.id, entry: 'bot.ts', files: { 'bot.ts': bot.source }, bundle: bot.code, bytes: bot.code.length, compileMs: 0, state: 'active' });
    if (!put.ok) throw new Error(`cannot store ${bot.name}: ${put.reason}`);
    entrants.push({ bot: put.bot, version: put.version });
  }
  return entrants;
}

/**
 * Compiled bots kept warm across jobs, by bot and version (a version never changes once stored),
 * least recently used first out, bounded by the characters of code held.
 */
import { UnrecoverableError } from 'bullmq';
import type { WorkerStore } from './store-port.ts';

export interface CachedBot {
  /** The bot's name, as matches name their entrants. */
  readonly name: string;
  readonly code: string;
}

export interface BundleCache {
  get(bot: string, version: number): Promise<CachedBot>;
  readonly size: number;
}

/** A series names a bot version without a bundle: it can never be played, so it is not retried. */
export class MissingBundleError extends UnrecoverableError {}

export function createBundleCache(store: Pick<WorkerStore, 'getBot' | 'loadBundle'>, maxChars = 64 * 1024 * 1024): BundleCache {
  const entries = new Map<string, CachedBot>();
  let chars = 0;
  return {
    async get(bot, version) {
      const key = `${bot}@${version}`;
      const hit = entries.get(key);
      if (hit !== undefined) {
        // Re-inserting moves the entry to the end: Map order is the recency order.
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      const [record, code] = await Promise.all([store.getBot(bot), store.loadBundle(bot, version)]);
      if (record === null || code === null) throw new MissingBundleError(`bot ${bot} has no stored bundle for version ${version}`);
      const entry: CachedBot = { name: record.name, code };
      entries.set(key, entry);
      chars += code.length;
      for (const [oldKey, old] of entries) {
        if (chars <= maxChars || entries.size === 1) break;
        entries.delete(oldKey);
        chars -= old.code.length;
      }
      return entry;
    },
    get size() {
      return entries.size;
    },
  };
}

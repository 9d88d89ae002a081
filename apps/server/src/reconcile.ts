/**
 * Puts back on the queue the series that were stored but never enqueued: a server that died
 * between storing a tournament's pairings (or a challenge, or an upload's validation series) and
 * enqueuing them left series `queued` with no job, which no worker would ever play. Run at server
 * start; safe to run at any time and any number of times, by any number of servers (a series' job
 * id is its id: a second enqueue of a series with a job adds nothing).
 *
 * It also catches the other way a series can be left behind: a job that failed for good while the
 * worker could not mark its series failed (Redis away at that moment, and the queue's events
 * missed too). Such a job is retried once more: the worker either plays the series or, failing
 * again on what is now its last attempt, marks it failed, which settles its tournament or version.
 */
import type { Job, Queue } from 'bullmq';
import { SERIES_JOB_PRIORITY, type SeriesJobName, type Store } from '@xix/store';
import { enqueueSeries } from './enqueue.ts';

export interface Reconciled {
  /** Unfinished series looked at (queued or running). */
  readonly checked: number;
  /** Those that had no job and were enqueued now. */
  readonly enqueued: readonly string[];
  /** Those whose job had failed for good without the series being marked: retried now. */
  readonly retried: readonly string[];
  /** Unfinished series of a kind no job plays (a newer server's): left alone. */
  readonly unknownKind: readonly string[];
}

/** Job lookups in flight at once: one round trip each, a batch of them per step. */
const LOOKUPS_AT_ONCE = 50;

const isJobName = (kind: string): kind is SeriesJobName => Object.hasOwn(SERIES_JOB_PRIORITY, kind);

export async function reconcileQueue(store: Store, queue: Queue): Promise<Reconciled> {
  // the store's index of unfinished series: the cost is the backlog, not every series ever made
  const unfinished = await store.unfinishedSeries();
  const enqueued: string[] = [];
  const retried: string[] = [];
  const unknownKind: string[] = [];
  for (let start = 0; start < unfinished.length; start += LOOKUPS_AT_ONCE) {
    const batch = unfinished.slice(start, start + LOOKUPS_AT_ONCE);
    const jobs = await Promise.all(batch.map(({ id }) => queue.getJob(id)));
    for (const [k, { id, kind }] of batch.entries()) {
      const job = jobs[k];
      if (job !== undefined) {
        if (job.finishedOn !== undefined && (await retryFailed(job))) retried.push(id);
        continue;
      }
      // a running series with no job is played again too: the worker resumes it from what is stored
      if (!isJobName(kind)) {
        unknownKind.push(id);
        continue;
      }
      await enqueueSeries(queue, kind, id);
      enqueued.push(id);
    }
  }
  return { checked: unfinished.length, enqueued, retried, unknownKind };
}

/** Retries a job that failed for good; false if it is not failed (or another server got there first). */
async function retryFailed(job: Job): Promise<boolean> {
  if ((await job.getState()) !== 'failed') return false;
  try {
    await job.retry('failed');
    return true;
  } catch {
    return false; // no longer failed: retried meanwhile by someone else
  }
}

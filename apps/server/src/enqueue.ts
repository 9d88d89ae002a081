/**
 * Puts a stored series on the queue (the job names the series; jobs.ts is the contract). Idempotent
 * while the series is unfinished: the job id is the series id, so BullMQ adds nothing for a series
 * whose job exists (waiting, running, or kept after it ended: SERIES_JOB_OPTIONS), which is what
 * lets reconcile.ts enqueue again whatever may lack a job.
 */
import type { Queue } from 'bullmq';
import { SERIES_JOB_OPTIONS, SERIES_JOB_PRIORITY, seriesJobId, type SeriesJobData, type SeriesJobName } from '@xix/store';

export async function enqueueSeries(queue: Queue, name: SeriesJobName, seriesId: string): Promise<void> {
  const data: SeriesJobData = { seriesId };
  const priority = SERIES_JOB_PRIORITY[name];
  await queue.add(name, data, { ...SERIES_JOB_OPTIONS, jobId: seriesJobId(seriesId), ...(priority > 0 && { priority }) });
}

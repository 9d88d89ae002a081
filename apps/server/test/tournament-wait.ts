/** Waiting in tests for a tournament to finish, however its report is read (store or HTTP). */
import type { TournamentReport } from '@xix/store';

/** Polls `read` until the tournament is done; throws with its last progress after `timeoutMs`. */
export async function untilDone(read: () => Promise<TournamentReport | null>, timeoutMs = 60_000): Promise<TournamentReport> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const report = await read();
    if (report?.status === 'done') return report;
    if (Date.now() > deadline) throw new Error(`tournament ${report?.id ?? '?'} not done after ${timeoutMs} ms: ${JSON.stringify({ status: report?.status, progress: report?.progress })}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

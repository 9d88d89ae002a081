/**
 * A sandbox host process: runs the series its supervisor sends, one at a time, with both bots in
 * isolates of this process. Decisions are synchronous (applySync), the fast path; what protects
 * the rest of the system is that this process can be killed from outside and replaced. Before
 * each bot call a lease is written to fd 4 (see protocol.ts).
 */
import { writeSync } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { findGame } from '@xix/engine';
import { playSeries, type Player } from '@xix/referee';
import { sandboxedPlayer } from '../sandboxed-player.ts';
import { createLeaseWriter } from './lease-writer.ts';
import { LEASE_FD, formatCatastrophe, type FromHost, type SeriesJob, type ToHost } from './protocol.ts';

const lease = createLeaseWriter(LEASE_FD);

function catastrophe(message: string): void {
  try {
    writeSync(LEASE_FD, formatCatastrophe(message));
  } finally {
    process.abort();
  }
}

const send = (message: FromHost): void => {
  process.send?.(message);
};

async function runSeries(id: number, job: SeriesJob): Promise<void> {
  const game = findGame(job.game);
  if (game === undefined) return send({ type: 'rejected', id, message: `unknown game "${job.game}"` });
  const playersFor = (): Player[] =>
    job.bots.map((bot, i) =>
      sandboxedPlayer(game, bot.code, bot.name, { ...(job.limits && { limits: job.limits }), beforeCall: lease.hook(id, i), onCatastrophicError: catastrophe }),
    );
  // A second isolate for each bot plays the mirrored game of every deal (R11: see playSeries).
  const players = playersFor();
  const mirror = playersFor();
  try {
    for (let deal = 0; deal < job.deals; deal++) {
      playSeries({
        game,
        games: 2,
        seed: job.seed + deal,
        players: [players[0]!, players[1]!],
        mirrorPlayers: [mirror[0]!, mirror[1]!],
        ...(job.botSeedKey !== undefined && { botSeedKey: job.botSeedKey }),
        onGame: (g) => send({ type: 'game', id, index: deal * 2 + g.index, seatOfA: g.seatOfA, record: g.record }),
      });
      await nextTurn(); // lets the IPC channel flush, so a crash later loses only later games
    }
  } finally {
    for (const player of [...players, ...mirror]) player.dispose();
  }
  send({ type: 'done', id });
}

let queue = Promise.resolve();
process.on('message', (message: ToHost) => {
  queue = queue.then(() => runSeries(message.id, message.job)).catch((error: unknown) => {
    send({ type: 'rejected', id: message.id, message: error instanceof Error ? error.message : String(error) });
  });
});
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });

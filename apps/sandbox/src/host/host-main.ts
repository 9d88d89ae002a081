/**
 * A sandbox host process: runs the series its supervisor sends, one at a time, with every bot in
 * isolates of this process. Decisions are synchronous (applySync), the fast path; what protects
 * the rest of the system is that this process can be killed from outside and replaced. Before
 * each bot call a lease is written to fd 4 (see protocol.ts and lease-writer.ts); each game's
 * record is sent, and its arrival awaited, before the next game begins.
 */
import { writeSync } from 'node:fs';
import { findGame, loadFixtureGames } from '@xix/engine';
import { playMatch, rotatedGame, seatPlayers, seriesTable, type Player } from '@xix/referee';
import { sandboxedPlayer } from '../sandboxed-player.ts';
import { createLeaseWriter } from './lease-writer.ts';
import { LEASE_FD, formatCatastrophe, formatRebaseline, type FromHost, type SeriesJob, type ToHost } from './protocol.ts';
import { reportingPlayer } from './reporting-player.ts';

/** How long the host's own code (the referee, sending a record) may run between bot calls. */
const HOST_STEP_MS = 5000;

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

/** Sends and waits until the message is written to the channel: a crash later cannot lose it. */
const sent = (message: FromHost): Promise<void> =>
  new Promise((resolve) => {
    if (process.send === undefined) return resolve();
    process.send(message, () => resolve());
  });

// The fixture games join the registry before any job is read (the test-only switch, inherited).
await loadFixtureGames();

/**
 * Games `from` to the end of the series `job`: each deal once per seat rotation (rotatedGame, as
 * the referee's playSeries); for two entrants at two seats, deal i with A in seat 0, then in seat 1.
 */
async function runSeries(id: number, job: SeriesJob, from: number): Promise<void> {
  const game = findGame(job.game);
  if (game === undefined) return send({ type: 'rejected', id, message: `unknown game "${job.game}"` });
  const { seats, options, seating } = seriesTable(game, job.bots.length, job.seats, job.options);
  const endGames: (() => void)[] = [];
  // Every seat has an isolate of its own: a partnership's two seats never share a bot's memory (a
  // teammate must not learn the other's hidden cards). The lease names the entrant.
  const playersFor = (rotation: number): Player[] =>
    seatPlayers(seating, rotation, (entrant) => {
      const bot = job.bots[entrant]!;
      const player = sandboxedPlayer(game, bot.code, bot.name, { ...(job.limits && { limits: job.limits }), beforeCall: lease.hook(id, entrant), onCatastrophicError: catastrophe });
      return reportingPlayer(player, lease, endGames);
    });
  // Each entrant has isolates per rotation, so it never meets a deal twice with its memory (R11:
  // see playSeries); for two entrants, other isolates play the mirrored game of every deal.
  const entrants = seating.length;
  const tables = Array.from({ length: entrants }, (_, rotation) => playersFor(rotation));
  try {
    for (let index = from; index < job.deals * entrants; index++) {
      const { dealSeed: seed, rotation } = rotatedGame(job.seed, seating, index, job.dealKey);
      lease.beginGame(id, index, HOST_STEP_MS);
      const record = playMatch({ game, setup: game.randomSetup(seed, seats, options), seed, players: tables[rotation]!, ...(job.botSeedKey !== undefined && { botSeedKey: job.botSeedKey }) });
      lease.hostCode(HOST_STEP_MS);
      // Written before any later bot call's lease, so the supervisor has it before it judges one.
      if (record.replay.forfeit?.verdict === 'memory') writeSync(LEASE_FD, formatRebaseline(process.memoryUsage.rss() / 2 ** 20));
      await sent({ type: 'game', id, index, rotation, record });
      for (const end of endGames.splice(0)) {
        try {
          end();
        } catch {
          // The result is final; a player failing to hear about it changes nothing.
        }
      }
    }
  } finally {
    for (const player of tables.flat()) player.dispose();
  }
  send({ type: 'done', id });
}

let queue = Promise.resolve();
process.on('message', (message: ToHost) => {
  queue = queue.then(() => runSeries(message.id, message.job, message.from)).catch((error: unknown) => {
    send({ type: 'rejected', id: message.id, message: error instanceof Error ? error.message : String(error) });
  });
});
process.on('disconnect', () => process.exit(0));
// A terminal's Ctrl-C reaches the whole process group, this host too: its supervisor ends it (the
// disconnect above, or a kill). Dying of it would count as the bot in play's doing, a forfeit.
process.on('SIGINT', () => undefined);
send({ type: 'ready' });

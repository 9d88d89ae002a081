/**
 * A spectator process of bench:ws (forked by ws-bench.ts, IPC channel): holds websocket
 * connections to `GET /api/matches/:id/events`, each following one "slot" of live games: it joins
 * the slot's game in play when it is added, and each next game of the slot when it starts (after a
 * random delay of up to BENCH_JOIN_SPREAD_MS, as people do not all click at once), receives it to its `end` (the server closes with 1000), and
 * joins the slot's next game. For every event it measures the delay from its publication (the
 * stream entry id is Redis's clock at XADD, ms) to its receipt, and it checks that no move is
 * missing. Only the frame's first bytes are read (not JSON.parse): a client must stay cheaper
 * than the server it measures on this 2-core machine.
 *
 * Parent → child: { type: 'game', slot, match } (a slot's new game), { type: 'add', slots: number[] }
 * (one new connection per entry), { type: 'reset' } (a new measuring window), { type: 'connected' }
 * → { type: 'connected', connected }, { type: 'report' } → { type: 'report', stats }, { type: 'stop' }.
 */
import WebSocket from 'ws';
import { createHistogram, recordDelay, type Histogram } from './ws-histogram.ts';

const URL_BASE = process.env.BENCH_WS_URL ?? '';
const LOCAL_ADDRESS = process.env.BENCH_LOCAL_ADDRESS || undefined;
const JOIN_SPREAD_MS = Number(process.env.BENCH_JOIN_SPREAD_MS ?? 500);
/**
 * Connections being opened at once by this process: all processes together stay under the
 * server's listen backlog (511), else dropped SYNs come back after 1, 3, 7 s of retransmission.
 */
const MAX_OPENING = Number(process.env.BENCH_MAX_OPENING ?? 100);

export interface ClientStats {
  connections: number;
  connected: number;
  live: Histogram;
  catchUp: Histogram;
  events: number;
  bytes: number;
  /** Events of a game a connection never got (a gap in their numbers `n`). */
  missingEvents: number;
  /** Closed as too slow (4008), closed otherwise before the end, connections that failed. */
  tooSlow: number;
  unexpectedCloses: number;
  connectErrors: number;
  games: number;
}

interface Connection {
  readonly slot: number;
  /** idle: no socket and nothing scheduled; scheduled: a join is on its way (timer or queue). */
  state: 'idle' | 'scheduled' | 'open';
  socket: WebSocket | null;
  match: string | null;
  /** When the websocket opened (0 before): events published since are live, older ones catch-up. */
  joinedAt: number;
  nextEvent: number;
  ended: boolean;
}

const current = new Map<number, string>();
const connections: Connection[] = [];
const waiting: Connection[] = [];
let opening = 0;
let stats = freshStats();

function freshStats(): ClientStats {
  return { connections: 0, connected: 0, live: createHistogram(), catchUp: createHistogram(), events: 0, bytes: 0, missingEvents: 0, tooSlow: 0, unexpectedCloses: 0, connectErrors: 0, games: 0 };
}

// the event's number `n` follows its type (ws-games.ts)
const FRAME = /^\{"type":"event","id":"(\d+)-\d+","event":\{"type":"(\w+)","n":(\d+)/;
const now = (): number => performance.timeOrigin + performance.now();

function onFrame(connection: Connection, data: Buffer): void {
  const received = now();
  stats.bytes += data.length;
  const head = FRAME.exec(data.toString('latin1', 0, 96));
  if (head === null) return;
  stats.events++;
  const published = Number(head[1]);
  recordDelay(connection.joinedAt > 0 && published >= connection.joinedAt ? stats.live : stats.catchUp, received - published);
  const n = Number(head[3]);
  if (n > connection.nextEvent) stats.missingEvents += n - connection.nextEvent;
  connection.nextEvent = Math.max(connection.nextEvent, n + 1);
  if (head[2] === 'end') {
    connection.ended = true;
    stats.games++;
  }
}

function open(connection: Connection, match: string): void {
  if (opening >= MAX_OPENING) {
    connection.state = 'scheduled';
    waiting.push(connection);
    return;
  }
  opening++;
  connection.state = 'open';
  connection.match = match;
  connection.joinedAt = 0;
  connection.nextEvent = 0;
  connection.ended = false;
  const socket = new WebSocket(`${URL_BASE}/api/matches/${match}/events`, { perMessageDeflate: false, ...(LOCAL_ADDRESS !== undefined && { localAddress: LOCAL_ADDRESS }) });
  connection.socket = socket;
  let opened = false;
  const settled = (): void => {
    opening--;
    const next = waiting.shift();
    if (next !== undefined) {
      next.state = 'idle';
      follow(next, 0);
    }
  };
  socket.on('open', () => {
    opened = true;
    connection.joinedAt = now();
    stats.connected++;
    settled();
  });
  socket.on('message', (data: Buffer) => onFrame(connection, data));
  socket.on('error', () => undefined);
  socket.on('close', (code) => {
    if (!opened) {
      stats.connectErrors++;
      settled();
      connection.socket = null;
      connection.state = 'scheduled';
      setTimeout(() => {
        connection.state = 'idle';
        follow(connection, 0);
      }, 100);
      return;
    }
    stats.connected--;
    connection.socket = null;
    connection.state = 'idle';
    if (stopping) return;
    if (code === 4008) stats.tooSlow++;
    else if (code !== 1000 || !connection.ended) stats.unexpectedCloses++;
    // the game is over (or the connection was lost): on to the slot's game in play
    follow(connection, JOIN_SPREAD_MS);
  });
}

/** Joins the slot's game in play if it is not the one this connection saw end, else waits for the next. */
function follow(connection: Connection, spreadMs: number): void {
  if (stopping || connection.state !== 'idle') return;
  const match = current.get(connection.slot);
  if (match === undefined || (match === connection.match && connection.ended)) return;
  if (spreadMs === 0) return open(connection, match);
  connection.state = 'scheduled';
  setTimeout(() => {
    connection.state = 'idle';
    follow(connection, 0);
  }, Math.random() * spreadMs);
}

let stopping = false;
process.on('message', (message: { type: string; slot?: number; match?: string; slots?: number[] }) => {
  switch (message.type) {
    case 'game':
      current.set(message.slot!, message.match!);
      for (const connection of connections) if (connection.slot === message.slot) follow(connection, JOIN_SPREAD_MS);
      break;
    case 'add':
      // a new spectator joins its slot's game in play at once (the server catches it up from memory)
      for (const slot of message.slots!) {
        const connection: Connection = { slot, state: 'idle', socket: null, match: null, joinedAt: 0, nextEvent: 0, ended: true };
        connections.push(connection);
        follow(connection, JOIN_SPREAD_MS);
      }
      break;
    case 'reset': {
      const connected = stats.connected;
      stats = freshStats();
      stats.connected = connected;
      break;
    }
    case 'connected':
      process.send?.({ type: 'connected', connected: stats.connected });
      break;
    case 'report':
      process.send?.({ type: 'report', stats: { ...stats, connections: connections.length } });
      break;
    case 'stop':
      stopping = true;
      for (const connection of connections) connection.socket?.terminate();
      setTimeout(() => process.exit(0), 200);
      break;
  }
});
process.send?.({ type: 'ready' });

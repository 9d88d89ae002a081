/**
 * A spectator process of bench:ws (forked by ws-bench.ts, IPC channel): holds websocket
 * connections to the follow stream (`GET /api/follow/:channel`, docs/api.md "Follow stream"), each
 * following one channel for the whole run, from game to game on one socket. For every event it
 * measures the delay from the broadcast's send time (the frame's `at`, the server's clock: same
 * machine) to its receipt, and counts game ends per channel. A raw TCP client (open below): only
 * each frame's first bytes are read (no JSON.parse, no message buffer): a client must cost less
 * CPU than the server it measures.
 * The process lowers its own priority (os.setPriority, besides the parent's `nice`): in use the
 * clients are browsers on other machines.
 *
 * Nothing is dropped silently: the server sends every event of a followed channel to a socket or
 * closes it (4008, too slow); a connection checks that its event numbers (`<match>:<k>`) grow
 * within a game, and counts every close that is not the run's end.
 *
 * Parent → child: { type: 'add', channels: string[] } (one new connection per entry),
 * { type: 'reset' } (a new measuring window), { type: 'connected' } → { type: 'connected', connected },
 * { type: 'report' } → { type: 'report', stats }, { type: 'stop' }.
 */
import { constants, setPriority } from 'node:os';
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { createHistogram, recordDelay, type Histogram } from './ws-histogram.ts';

const URL_BASE = process.env.BENCH_WS_URL ?? '';
const LOCAL_ADDRESS = process.env.BENCH_LOCAL_ADDRESS || undefined;
/**
 * Connections being opened at once by this process: all processes together stay under the
 * server's listen backlog (511), else dropped SYNs come back after 1, 3, 7 s of retransmission.
 */
const MAX_OPENING = Number(process.env.BENCH_MAX_OPENING ?? 100);

try {
  setPriority(constants.priority.PRIORITY_LOW);
} catch {
  // not allowed here: the parent's `nice` stands
}

export interface ClientStats {
  connections: number;
  connected: number;
  /** Delays of events sent after the socket opened. */
  live: Histogram;
  /** Delays of the snapshots a socket got on joining. */
  catchUp: Histogram;
  events: number;
  bytes: number;
  /** Event numbers that went backwards (or repeated) within a game. */
  outOfOrder: number;
  /** Closed as too slow (4008), closed otherwise, connections that failed. */
  tooSlow: number;
  unexpectedCloses: number;
  connectErrors: number;
  /** Game ends seen, by channel (each counted once per channel, however many sockets follow it). */
  ends: Record<string, string[]>;
}

interface Connection {
  readonly channel: string;
  socket: Socket | null;
  joinedAt: number;
  match: string;
  k: number;
}

const connections: Connection[] = [];
const waiting: Connection[] = [];
let opening = 0;
let stats = freshStats();

function freshStats(): ClientStats {
  return { connections: 0, connected: 0, live: createHistogram(), catchUp: createHistogram(), events: 0, bytes: 0, outOfOrder: 0, tooSlow: 0, unexpectedCloses: 0, connectErrors: 0, ends: {} };
}

// `{"type":"event","id":"<match>:<k>","at":<ms>,"event":{"type":"<type>"` (live/broadcast.ts followFrame)
const FRAME = /^\{"type":"event","id":"(s\d+\.\d+):(\d+)","at":(\d+),"event":\{"type":"(\w+)"/;
const now = (): number => performance.timeOrigin + performance.now();

function onFrame(connection: Connection, text: string): void {
  const received = now();
  const head = FRAME.exec(text);
  if (head === null) return;
  stats.events++;
  const [, match, kText, atText, type] = head;
  const k = Number(kText);
  const sent = Number(atText);
  recordDelay(type !== 'game' && sent >= connection.joinedAt ? stats.live : stats.catchUp, received - sent);
  if (match === connection.match && k <= connection.k && type !== 'game') stats.outOfOrder++;
  connection.match = match!;
  connection.k = k;
  if (type === 'end') {
    const seen = (stats.ends[connection.channel] ??= []);
    if (!seen.includes(match!)) seen.push(match!);
  }
}

/**
 * A websocket client as small as it gets: the HTTP upgrade by hand, then the frames walked in the
 * TCP stream, each text frame's first bytes read and the rest skipped (no message buffer, no UTF-8
 * check, no event per frame as the `ws` package has): the clients must cost less than the server.
 * Server frames are never masked; a frame's head may straddle two reads (kept in `pending`).
 */
function open(connection: Connection): void {
  if (opening >= MAX_OPENING) {
    waiting.push(connection);
    return;
  }
  opening++;
  const url = new URL(`${URL_BASE}/api/follow/${connection.channel}`);
  const socket = connect({ host: url.hostname, port: Number(url.port), ...(LOCAL_ADDRESS !== undefined && { localAddress: LOCAL_ADDRESS }) });
  socket.setNoDelay(true);
  connection.socket = socket;
  let opened = false;
  let upgraded = false;
  let closeCode = 1006;
  /** Bytes of a frame head (or of the HTTP answer) not complete yet. */
  let pending: Buffer | null = null;
  /** Payload bytes of the current frame still to skip. */
  let skip = 0;
  const settled = (): void => {
    opening--;
    const next = waiting.shift();
    if (next !== undefined) open(next);
  };
  socket.on('connect', () => {
    socket.write(`GET ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`);
  });
  socket.on('data', (chunk: Buffer) => {
    let data = pending === null ? chunk : Buffer.concat([pending, chunk]);
    pending = null;
    if (!upgraded) {
      const end = data.indexOf('\r\n\r\n');
      if (end < 0) {
        pending = data;
        return;
      }
      if (!data.toString('latin1', 0, 12).startsWith('HTTP/1.1 101')) {
        socket.destroy();
        return;
      }
      upgraded = opened = true;
      connection.joinedAt = now();
      stats.connected++;
      settled();
      data = data.subarray(end + 4);
    }
    let at = 0;
    while (at < data.length) {
      if (skip > 0) {
        const taken = Math.min(skip, data.length - at);
        skip -= taken;
        at += taken;
        continue;
      }
      if (data.length - at < 2) break;
      const opcode = data[at]! & 0x0f;
      let length = data[at + 1]! & 0x7f;
      let head = 2;
      if (length === 126) {
        if (data.length - at < 4) break;
        length = data.readUInt16BE(at + 2);
        head = 4;
      } else if (length === 127) {
        if (data.length - at < 10) break;
        length = Number(data.readBigUInt64BE(at + 2));
        head = 10;
      }
      // the first bytes of the payload, or all of a short one: what the frame's parse needs
      const want = Math.min(length, 120);
      if (data.length - at - head < want) break;
      stats.bytes += head + length;
      if (opcode === 1) onFrame(connection, data.toString('latin1', at + head, at + head + want));
      else if (opcode === 8 && length >= 2) closeCode = data.readUInt16BE(at + head);
      else if (opcode === 9) socket.write(Buffer.from([0x8a, 0x80, 0, 0, 0, 0])); // pong, masked as a client's frames are
      const available = Math.min(length, data.length - at - head);
      at += head + available;
      skip = length - available;
    }
    if (at < data.length) pending = Buffer.from(data.subarray(at));
  });
  socket.on('error', () => undefined);
  socket.on('close', () => {
    connection.socket = null;
    if (!opened) {
      stats.connectErrors++;
      settled();
    } else {
      stats.connected--;
      if (stopping) return;
      if (closeCode === 4008) stats.tooSlow++;
      else stats.unexpectedCloses++;
    }
    if (!stopping) setTimeout(() => open(connection), 100);
  });
}

let stopping = false;
process.on('message', (message: { type: string; channels?: string[] }) => {
  switch (message.type) {
    case 'add':
      for (const channel of message.channels!) {
        const connection: Connection = { channel, socket: null, joinedAt: 0, match: '', k: -1 };
        connections.push(connection);
        open(connection);
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
      for (const connection of connections) connection.socket?.destroy();
      setTimeout(() => process.exit(0), 200);
      break;
  }
});
process.send?.({ type: 'ready' });

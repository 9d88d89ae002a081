/**
 * The fan-out of the lobby's stream: ONE reader per server process, on its own Redis connection,
 * blocks in XREAD over every stream that has subscribers here and hands each new entry to that
 * stream's sockets, the same serialised frame to all. It never waits for a socket: each one is
 * bounded (Subscriber). (Games in progress are watched on their broadcast: live/broadcast.ts.)
 *
 * A subscriber that joins from now needs no read; one that resumes from further back reads its
 * catch-up with XRANGE; meanwhile the fan-out holds its frames, and the subscriber sends only ids
 * newer than what it sent: no gap, no repeat.
 */
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { logConnectionErrors, type Entry } from '@xix/store';
import { outgoing, type Outgoing } from './frames.ts';
import { STREAM_START, compareStreamIds } from './stream-ids.ts';
import type { Subscriber } from './subscriber.ts';

/** Entries the reader takes from one stream per XREAD. */
const READ_COUNT = 500;
/** XREAD's timeout: the reader is woken (CLIENT UNBLOCK) as soon as a stream is added anyway. */
const BLOCK_MS = 2000;
const RETRY_MS = 500;

export interface StreamSpec {
  /** The stream's Redis key. */
  readonly key: string;
  /** The entries after `after` (a stream id). */
  readonly read: (after: string) => Promise<readonly Entry<unknown>[]>;
}

/** What a stream's channel tells an observer (e.g. the lobby's ratings). */
export interface ChannelObserver {
  open(): void;
  event(event: unknown): void;
  close(): void;
}

interface Held extends Outgoing {
  readonly id: string;
}

interface Channel {
  readonly spec: StreamSpec;
  readonly members: Set<Subscriber>;
  /** Whether the stream could be read: once settled, `lastId` is known. */
  readonly ready: Promise<boolean>;
  /** The newest entry handed out; null until the start is read (the reader skips it till then). */
  lastId: string | null;
}

export class StreamHub {
  readonly #redis: Redis;
  readonly #reader: Redis;
  readonly #log: FastifyBaseLogger;
  readonly #channels = new Map<string, Channel>();
  readonly #observers = new Map<string, ChannelObserver>();
  #readerId: number | null = null;
  /** The reader is in XREAD; `#stale`: a stream was added since it was sent. */
  #blocked = false;
  #stale = false;
  #unblocking = false;
  #wake: (() => void) | null = null;
  #closed = false;
  #running: Promise<void> | null = null;

  constructor(redis: Redis, log: FastifyBaseLogger) {
    this.#redis = redis;
    this.#log = log;
    this.#reader = redis.duplicate({ maxRetriesPerRequest: null, lazyConnect: true });
    // it reconnects on its own; its errors are logged bounded, and a failed XREAD below
    logConnectionErrors(this.#reader, 'live reader', log);
    // a new connection has a new id: asked again before the next XREAD
    this.#reader.on('close', () => { this.#readerId = null; });
  }

  start(): void {
    this.#running ??= this.#run();
  }

  observe(key: string, observer: ChannelObserver): void {
    this.#observers.set(key, observer);
  }

  /**
   * Joins `subscriber` to a stream after `after` (a stream id; null: from now). Throws when the
   * stream cannot be read.
   */
  async join(spec: StreamSpec, subscriber: Subscriber, after: string | null): Promise<void> {
    const channel = this.#channel(spec);
    channel.members.add(subscriber);
    subscriber.onClose(() => this.#leave(channel, subscriber));
    if (!(await channel.ready)) {
      this.#leave(channel, subscriber);
      throw new Error(`cannot read stream ${spec.key}`);
    }
    if (subscriber.closing) return;
    const from = after ?? channel.lastId!;
    const catchUp = compareStreamIds(from, channel.lastId!) >= 0 ? [] : (await spec.read(from)).map(held);
    subscriber.goLive(from, catchUp);
  }

  /** An event of this server's own (not in the stream, no id) to every socket of a stream. */
  broadcast(key: string, eventJson: string): void {
    const channel = this.#channels.get(key);
    if (channel === undefined) return;
    const event = outgoing(null, eventJson);
    for (const member of channel.members) member.deliver(event);
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#wake?.();
    this.#reader.disconnect();
    await this.#running;
  }

  #channel(spec: StreamSpec): Channel {
    const existing = this.#channels.get(spec.key);
    if (existing !== undefined) return existing;
    let settle!: (ok: boolean) => void;
    const channel: Channel = { spec, members: new Set(), ready: new Promise((resolve) => { settle = resolve; }), lastId: null };
    this.#channels.set(spec.key, channel);
    this.#observers.get(spec.key)?.open();
    this.#start(channel).then(() => {
      settle(true);
      this.#kick();
    }, (error: unknown) => {
      this.#log.error({ err: error, stream: spec.key }, 'cannot start reading a stream');
      if (this.#channels.get(spec.key) === channel) this.#drop(channel);
      settle(false);
    });
    return channel;
  }

  /** Reads where the stream is now before the reader takes it. */
  async #start(channel: Channel): Promise<void> {
    const [entry] = await this.#redis.xrevrange(channel.spec.key, '+', '-', 'COUNT', 1);
    channel.lastId = entry?.[0] ?? STREAM_START;
  }

  #leave(channel: Channel, subscriber: Subscriber): void {
    channel.members.delete(subscriber);
    if (channel.members.size === 0 && this.#channels.get(channel.spec.key) === channel) this.#drop(channel);
  }

  #drop(channel: Channel): void {
    this.#channels.delete(channel.spec.key);
    this.#observers.get(channel.spec.key)?.close();
  }

  /** A stream was added: the reader's XREAD must be sent again with it. */
  #kick(): void {
    if (this.#wake !== null) {
      this.#wake();
      return;
    }
    this.#stale = true;
    void this.#unblock();
  }

  /** CLIENT UNBLOCK the reader; retried while its XREAD has not reached Redis yet. */
  async #unblock(): Promise<void> {
    if (this.#unblocking) return;
    this.#unblocking = true;
    try {
      while (this.#blocked && this.#stale && !this.#closed && this.#readerId !== null) {
        if ((await this.#redis.client('UNBLOCK', this.#readerId)) === 1) break;
        await sleep(2);
      }
    } catch (error) {
      this.#log.warn({ err: error }, 'cannot wake the stream reader: new streams wait for its timeout');
    } finally {
      this.#unblocking = false;
    }
  }

  async #run(): Promise<void> {
    while (!this.#closed) {
      const ready = [...this.#channels.values()].filter((channel) => channel.lastId !== null);
      if (ready.length === 0) {
        await new Promise<void>((resolve) => { this.#wake = resolve; });
        this.#wake = null;
        continue;
      }
      let reply: [string, [string, string[]][]][] | null;
      try {
        this.#readerId ??= await this.#reader.client('ID');
        this.#stale = false;
        this.#blocked = true;
        reply = (await this.#reader.xread('COUNT', READ_COUNT, 'BLOCK', BLOCK_MS, 'STREAMS',
          ...ready.map((channel) => channel.spec.key), ...ready.map((channel) => channel.lastId!))) as [string, [string, string[]][]][] | null;
      } catch (error) {
        if (this.#closed) break;
        this.#log.error({ err: error }, 'stream reader: XREAD failed; retrying');
        await sleep(RETRY_MS);
        continue;
      } finally {
        this.#blocked = false;
      }
      for (const [key, entries] of reply ?? []) this.#fanOut(key, entries);
    }
  }

  #fanOut(key: string, entries: [string, string[]][]): void {
    const channel = this.#channels.get(key);
    if (channel === undefined || channel.lastId === null) return;
    const observer = this.#observers.get(key);
    const batch: Held[] = [];
    for (const [id, fields] of entries) {
      if (compareStreamIds(id, channel.lastId) <= 0) continue;
      channel.lastId = id;
      const json = fieldOf(fields);
      let event: unknown;
      try {
        event = JSON.parse(json);
      } catch {
        this.#log.warn({ stream: key, id }, 'skipped a stream entry that is not JSON');
        continue;
      }
      // serialised once: every socket gets the same bytes
      batch.push(outgoing(id, json));
      observer?.event(event);
    }
    if (batch.length === 0) return;
    // socket by socket, the whole read at once: one write per socket per read, not per event
    for (const member of channel.members) {
      member.checkBound();
      member.deliverAll(batch);
    }
  }
}

/** The event's JSON text: field `e` of the entry (store/src/live.ts). */
function fieldOf(fields: readonly string[]): string {
  for (let i = 0; i + 1 < fields.length; i += 2) if (fields[i] === 'e') return fields[i + 1]!;
  return 'null';
}

function held({ id, event }: Entry<unknown>): Held {
  return outgoing(id, JSON.stringify(event));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

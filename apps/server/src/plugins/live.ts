/**
 * Websocket streams (docs/api.md "Streams"): a match's events (its replay, or while it is in
 * progress its broadcast), the follow stream of a channel, and the lobby's events (one stream
 * reader per process fans them out: live/hub.ts). Sockets that fall behind are closed (4008), dead
 * ones found by a heartbeat, all closed (1001) when the server is.
 */
import type { FastifyInstance } from 'fastify';
import websocket, { type WebSocket } from '@fastify/websocket';
import type { Store } from '@xix/store';
import { HttpError } from '../http-error.ts';
import { CLOSE } from '../live/frames.ts';
import { StreamHub } from '../live/hub.ts';
import { RatingsWatch } from '../live/ratings-watch.ts';
import { Heartbeat } from '../live/heartbeat.ts';
import { ReplayEvents } from '../live/replay-events.ts';
import { Streams } from '../live/streams.ts';
import type { Broadcasts } from '../live/channels.ts';
import { DEFAULT_BOUNDS, Subscriber } from '../live/subscriber.ts';

export interface LiveOptions {
  readonly store: Store;
  /** How often each socket is pinged; one that did not answer the previous ping is terminated. */
  readonly heartbeatMs: number;
  /** The broadcast's channels (live/channels.ts): the follow stream. */
  readonly broadcasts: Broadcasts;
}

/** A client message is a ping: anything longer is refused by ws (close 1009). */
const MAX_CLIENT_MESSAGE_BYTES = 16 * 1024;
/** How long a closing server waits for clients to answer its close before cutting them off. */
const SHUTDOWN_GRACE_MS = 1000;

export async function livePlugin(app: FastifyInstance, options: LiveOptions): Promise<void> {
  const { store } = options;
  const hub = new StreamHub(store.redis, app.log);
  const streams = new Streams(store, hub, new ReplayEvents(store), options.broadcasts);
  const ratings = new RatingsWatch(store, (event) => hub.broadcast(streams.lobby.key, JSON.stringify(event)), app.log);
  hub.observe(streams.lobby.key, ratings);
  const sockets = new Set<Subscriber>();
  let closing = false;

  const heartbeat = new Heartbeat<Subscriber>(options.heartbeatMs);

  async function shutdown(): Promise<void> {
    closing = true;
    heartbeat.stop();
    ratings.close();
    options.broadcasts.close();
    await hub.close();
    for (const subscriber of sockets) subscriber.close(CLOSE.goingAway, 'the server is shutting down: reconnect with after=<last id>');
    const deadline = Date.now() + SHUTDOWN_GRACE_MS;
    while (sockets.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    for (const subscriber of sockets) subscriber.socket.terminate();
    app.websocketServer.close();
  }

  await app.register(websocket, {
    options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES, clientTracking: false },
    preClose: shutdown,
    // a client that vanished mid-frame is routine, not a server error
    errorHandler: (error, socket, request) => {
      request.log.debug({ err: error }, 'websocket error');
      socket.terminate();
    },
  });

  function serve(socket: WebSocket, stream: (subscriber: Subscriber) => Promise<void>): void {
    const subscriber = new Subscriber(socket, DEFAULT_BOUNDS);
    sockets.add(subscriber);
    heartbeat.add(subscriber);
    socket.on('close', () => {
      sockets.delete(subscriber);
      heartbeat.delete(subscriber);
    });
    if (closing) return subscriber.close(CLOSE.goingAway, 'the server is shutting down');
    stream(subscriber).catch((error: unknown) => {
      app.log.error({ err: error }, 'websocket stream failed');
      subscriber.fail('the server cannot read this stream now: reconnect later', CLOSE.serverError);
    });
  }

  // a plain GET (no upgrade) is told what these are instead of a bare 404
  const notUpgraded = async (): Promise<never> => {
    throw new HttpError(426, 'upgrade_required', 'this is a websocket stream: connect with a websocket client (docs/api.md "Streams")');
  };
  app.route<{ Params: { id: string }; Querystring: { after?: unknown } }>({
    method: 'GET', url: '/api/matches/:id/events', schema: { hide: true }, handler: notUpgraded,
    wsHandler: (socket, request) => serve(socket, (subscriber) => streams.match(subscriber, request.params.id, request.query.after)),
  });
  app.route<{ Querystring: { after?: unknown } }>({
    method: 'GET', url: '/api/lobby', schema: { hide: true }, handler: notUpgraded,
    wsHandler: (socket, request) => serve(socket, (subscriber) => streams.lobbyEvents(subscriber, request.query.after)),
  });
  app.route<{ Params: { channel: string }; Querystring: { after?: unknown } }>({
    method: 'GET', url: '/api/follow/:channel', schema: { hide: true }, handler: notUpgraded,
    wsHandler: (socket, request) => serve(socket, async (subscriber) => streams.follow(subscriber, request.params.channel, request.query.after)),
  });
  hub.start();
}

/** Websocket streams: a match's events (replayed or live) and the lobby (docs/api.md "Streams"). */
import type { FastifyInstance } from 'fastify';
import type { Store } from '@xix/store';

export interface LiveOptions {
  readonly store: Store;
}

export async function livePlugin(_app: FastifyInstance, _options: LiveOptions): Promise<void> {
  // built by the spectating work (issue 11)
}

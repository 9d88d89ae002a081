/**
 * Server → client frames (docs/api.md "Streams"), as bytes: an event is serialised once and the same
 * buffer is sent to every socket that watches its stream.
 */
/** `{"type":"event","id":…,"event":…}` from the event's JSON text (as stored in Redis). */
export function eventFrame(id: string | null, eventJson: string): Buffer {
  return Buffer.from(`{"type":"event","id":${id === null ? 'null' : JSON.stringify(id)},"event":${eventJson}}`);
}

/** An event of the fan-out: its frame's payload, serialised once for every socket. */
export interface Outgoing {
  readonly id: string | null;
  readonly payload: Buffer;
  /** The stream's last event: the socket is closed (1000) once it is sent. */
  readonly final: boolean;
}

export function outgoing<Id extends string | null>(id: Id, eventJson: string, final: boolean): Outgoing & { readonly id: Id } {
  const payload = eventFrame(id, eventJson);
  return { id, payload, final };
}

/**
 * `{"type":"hello","id":…}`: the first frame of a stream read from Redis, the id it starts after (a
 * client that reconnects hands it back as `after=` if no event came since: nothing is lost between
 * its open and the server's read).
 */
export function helloFrame(after: string): Buffer {
  return Buffer.from(`{"type":"hello","id":${JSON.stringify(after)}}`);
}

export function errorFrame(message: string): Buffer {
  return Buffer.from(JSON.stringify({ type: 'error', message }));
}

export const PONG_FRAME = Buffer.from('{"type":"pong"}');

/** Close codes besides the standard 1000 (done) and 1001 (server going away). */
export const CLOSE = {
  done: 1000,
  goingAway: 1001,
  /** `after=` is not an event id. */
  badRequest: 4400,
  /** No such match, live or stored. */
  notFound: 4404,
  /** The client fell behind past the bound: it reconnects with `after=<last id>`. */
  tooSlow: 4008,
  /** The server failed to read the stream. */
  serverError: 4500,
} as const;

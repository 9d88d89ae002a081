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
}

export function outgoing<Id extends string | null>(id: Id, eventJson: string): Outgoing & { readonly id: Id } {
  return { id, payload: eventFrame(id, eventJson) };
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
  /** No such match or channel. */
  notFound: 4404,
  /** The game may not go on broadcast now: a game of its deal is on it, or the deal is still being played (channels.ts REFUSED_SHOWING). */
  conflict: 4409,
  /** The client fell behind past the bound: it reconnects with `after=<last id>`. */
  tooSlow: 4008,
  /** The server failed to read the stream. */
  serverError: 4500,
} as const;

/**
 * A text frame's bytes on the wire (RFC 6455: FIN, opcode 1, unmasked as a server sends): built once
 * for an event that goes to thousands of sockets, then written to each as it is, where ws would
 * build the header and check the socket's state for every socket.
 */
export function wireTextFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81;
  if (length < 126) frame[1] = length;
  else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, headerLength);
  return frame;
}

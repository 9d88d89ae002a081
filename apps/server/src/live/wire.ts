/**
 * The fan-out's fast path. A server's websocket frames are not masked, so an event's whole frame
 * (header and payload) is the same bytes for every socket: built once per event and written
 * straight to each socket's TCP stream, where ws's own send builds a header per socket and writes
 * two buffers (docs/benchmarks.md "Spectators"). Taken only while ws itself would write the same
 * bytes at once: the socket open, no extension (permessage-deflate) and nothing queued in ws.
 */
import type { WebSocket } from '@fastify/websocket';

const FIN_TEXT = 0x81;
const OPEN = 1;
const TEXT = { binary: false } as const;

/** The parts of ws 8 (lib/websocket.js, lib/sender.js) the fast path checks. */
interface WsInternals {
  readonly readyState: number;
  readonly _socket: { readonly destroyed: boolean; write(chunk: Buffer): boolean } | null;
  readonly _extensions: Readonly<Record<string, unknown>>;
  readonly _sender: { readonly _state: number; readonly _queue: readonly unknown[] } | null;
}

/** An unmasked, final text frame of `payload` (RFC 6455 §5.2). */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const header = length < 126 ? 2 : length < 0x10000 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + length);
  frame[0] = FIN_TEXT;
  if (length < 126) {
    frame[1] = length;
  } else if (length < 0x10000) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, header);
  return frame;
}

/** Sends text `payload` whose frame is `frame` (textFrame(payload)): as its bytes when ws allows. */
export function sendText(socket: WebSocket, payload: Buffer, frame: Buffer): void {
  const ws = socket as unknown as WsInternals;
  const raw = ws._socket;
  if (ws.readyState === OPEN && raw !== null && !raw.destroyed && ws._sender !== null && ws._sender._state === 0
    && ws._sender._queue.length === 0 && ws._extensions['permessage-deflate'] === undefined) raw.write(frame);
  else socket.send(payload, TEXT);
}

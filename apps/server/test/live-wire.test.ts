/**
 * The fan-out's fast path writes each event's websocket frame as bytes built once (src/live/wire.ts):
 * they must be what ws itself would send, at each size of the length field (RFC 6455 §5.2).
 */
import { describe, expect, it } from 'vitest';
import * as ws from 'ws';
import { textFrame } from '../src/live/wire.ts';

interface FrameOptions { fin: boolean; opcode: number; mask: boolean; readOnly: boolean; rsv1: boolean }
const { Sender } = ws as unknown as { Sender: { frame(data: Buffer, options: FrameOptions): Buffer[] } };

describe('an event frame built once for every socket', () => {
  it.each([0, 1, 125, 126, 3379, 65_535, 65_536, 200_000])('is what ws sends for a text message of %i bytes', (size) => {
    const payload = Buffer.alloc(size, 'x');
    const byWs = Buffer.concat(Sender.frame(payload, { fin: true, opcode: 1, mask: false, readOnly: true, rsv1: false }));
    expect(textFrame(payload).equals(byWs)).toBe(true);
  });
});

/**
 * The lease file (host/lease-file.ts): what the host appends through its descriptor, the
 * supervisor reads back line by line, whole lines only, and a cleared file starts afresh.
 */
import { writeSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createLeaseFile } from '../src/host/lease-file.ts';
import { formatCatastrophe, formatLease, leaseAction } from '../src/host/protocol.ts';

describe('createLeaseFile', () => {
  it('gives back each complete line once, holding a line being written until its end arrives', () => {
    const file = createLeaseFile();
    try {
      expect(file.read()).toEqual([]);
      const second = Buffer.from(formatLease(7, 1, 2000, 0, 1, leaseAction('{"card":"é♠"}')));
      const cut = second.indexOf('é') + 1; // inside the two bytes of é
      writeSync(file.fd, formatLease(7, -1, 1000));
      writeSync(file.fd, second.subarray(0, cut));
      expect(file.read()).toEqual([{ type: 'lease', id: 7, bot: -1, deadline: 1000, game: 0, moves: 0, actions: [] }]);
      // The rest of the line, cut inside a multi-byte character of its JSON on the first write.
      writeSync(file.fd, second.subarray(cut));
      expect(file.read()).toEqual([{ type: 'lease', id: 7, bot: 1, deadline: 2000, game: 0, moves: 1, actions: ['{"card":"é♠"}'] }]);
      expect(file.read()).toEqual([]);
      writeSync(file.fd, formatCatastrophe('lost\ncontrol'));
      expect(file.read()).toEqual([{ type: 'catastrophe', message: 'lost control' }]);
    } finally {
      file.close();
    }
  });

  it('starts from an empty file after clear, and reads nothing once closed', () => {
    const file = createLeaseFile();
    writeSync(file.fd, formatLease(1, 0, 5000, 3, 0));
    file.clear();
    writeSync(file.fd, formatLease(2, 0, 6000, 0, 0));
    expect(file.read()).toEqual([{ type: 'lease', id: 2, bot: 0, deadline: 6000, game: 0, moves: 0, actions: [] }]);
    writeSync(file.fd, formatLease(2, 1, 7000, 0, 0));
    file.close();
    expect(file.read()).toEqual([]);
  });
});

/**
 * A connection's errors are logged structured and bounded (issue 17 item 13): the first of an
 * outage at once, then one line a period with the count, and a line when it is back.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { logConnectionErrors } from '../src/index.ts';

function recorder() {
  const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  const log = {
    warn: (fields: object, message: string) => lines.push({ level: 'warn', fields: fields as Record<string, unknown>, message }),
    info: (fields: object, message: string) => lines.push({ level: 'info', fields: fields as Record<string, unknown>, message }),
  };
  return { lines, log };
}

describe('logConnectionErrors (issue 17 item 13)', () => {
  it('logs the first error of an outage, then at most one line a period with the count, then that it is back', () => {
    const connection = new EventEmitter();
    const { lines, log } = recorder();
    let clock = 1_000;
    logConnectionErrors(connection, 'store', log, { everyMs: 10_000, now: () => clock });
    const refused = () => new Error('connect ECONNREFUSED 127.0.0.1:6399');
    connection.emit('error', refused());
    for (let i = 0; i < 20; i++) {
      clock += 200;
      connection.emit('error', refused());
    }
    expect(lines).toEqual([{ level: 'warn', fields: { connection: 'store', err: 'connect ECONNREFUSED 127.0.0.1:6399' }, message: 'redis connection failing' }]);
    clock = 11_000;
    connection.emit('error', refused());
    expect(lines[1]).toEqual({ level: 'warn', fields: { connection: 'store', err: 'connect ECONNREFUSED 127.0.0.1:6399', errors: 21, downMs: 10_000 }, message: 'redis connection still failing' });
    clock = 12_500;
    connection.emit('ready');
    expect(lines[2]).toEqual({ level: 'info', fields: { connection: 'store', errors: 22, downMs: 11_500 }, message: 'redis connection back' });
    // the next outage is reported at once
    clock = 13_000;
    connection.emit('error', refused());
    expect(lines).toHaveLength(4);
    expect(lines[3]?.message).toBe('redis connection failing');
  });

  it('does not log twice an error that a BullMQ object passes on from a client logged already', () => {
    const client = new EventEmitter();
    const queue = new EventEmitter();
    // BullMQ forwards its client's errors as they are, after the listeners attached before it
    const { lines, log } = recorder();
    logConnectionErrors(client, 'queue connection', log);
    client.on('error', (error: Error) => queue.emit('error', error));
    logConnectionErrors(queue, 'queue', log, { readyFrom: client });
    client.emit('error', new Error('connect ECONNREFUSED'));
    queue.emit('error', new Error('Missing lock for job s1'));
    expect(lines.map((line) => [line.fields.connection, line.fields.err])).toEqual([['queue connection', 'connect ECONNREFUSED'], ['queue', 'Missing lock for job s1']]);
    client.emit('ready');
    expect(lines.filter((line) => line.message === 'redis connection back').map((line) => line.fields.connection)).toEqual(['queue connection', 'queue']);
  });
});

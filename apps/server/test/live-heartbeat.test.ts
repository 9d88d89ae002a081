/**
 * The heartbeat with real sockets: a client that stops answering pings (gone without a close) is
 * cut off after its next ping, while one that answers stays.
 */
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../store/test/until.ts';
import { openApp, type TestApp } from './app.ts';
import { wsBase } from './live-client.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await openApp({ heartbeatMs: 1000 });
  base = wsBase(await t.app.listen({ port: 0, host: '127.0.0.1' }));
});
afterAll(async () => { await t.close(); });

/** A lobby client that counts the pings it gets and when it was closed; `answers`: pong or not. */
async function lobbyClient(answers: boolean) {
  const socket = new WebSocket(`${base}/api/lobby`, { autoPong: answers });
  const client = { socket, pings: 0, closed: null as number | null };
  socket.on('ping', () => { client.pings++; });
  socket.on('close', (code) => { client.closed = code; });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return client;
}

describe('the websocket heartbeat', () => {
  it('cuts off a client that does not answer its ping, and keeps one that does', async () => {
    const [silent, answering] = [await lobbyClient(false), await lobbyClient(true)];
    await until('the silent client cut off', async () => silent.closed, (code) => code !== null);
    // terminated, not closed: no close frame reaches it (1006)
    expect(silent).toMatchObject({ closed: 1006 });
    expect(silent.pings).toBeGreaterThanOrEqual(1);
    await until('the answering client pinged twice', async () => answering.pings, (pings) => pings >= 2);
    expect(answering.closed).toBeNull();
    answering.socket.close();
  });
});

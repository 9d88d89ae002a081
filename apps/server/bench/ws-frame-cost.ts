/**
 * npm run bench:ws-frames — what one websocket frame costs on this machine, on loopback: the CPU a
 * server spends sending it to one socket (the unit of the live fan-out) and the CPU a client spends
 * receiving it, with the `ws` package on both sides as bench:ws and the server use it.
 *
 * A ws server in this process, BENCH_SOCKETS (default 2,500) client sockets in a child process.
 * For each payload size (a 200 B delta-sized event and a 3.4 KB event, bench:ws's mean), ROUNDS
 * rounds of one frame to every socket, 100 ms apart, the fan-out loop as the hub runs it
 * (socket.send with the shared buffer). Prints, per frame: the server's CPU (process.cpuUsage over
 * the rounds, all its threads) and the wall time of the loop, and the client process's CPU.
 */
import { fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket, { WebSocketServer } from 'ws';
import { loadAverages, positiveFromEnv } from '../../worker/bench/bench-env.ts';

const SOCKETS = positiveFromEnv('BENCH_SOCKETS', 2500);
const ROUNDS = 40;
const SIZES = [200, 3400];

if (process.argv[2] === 'clients') {
  // the child: SOCKETS spectators that count frames and report their CPU when asked
  let frames = 0;
  let open = 0;
  for (let i = 0; i < SOCKETS; i++) {
    // each its own source address round the 127/8 net: ephemeral ports are per address pair
    const socket = new WebSocket(process.argv[3]!, { perMessageDeflate: false, localAddress: `127.0.0.${2 + (i % 4)}` });
    socket.on('open', () => { if (++open === SOCKETS) process.send!({ type: 'open' }); });
    socket.on('message', () => { frames++; });
  }
  process.on('message', (message: { type: string }) => {
    if (message.type === 'report') process.send!({ type: 'report', frames, cpu: process.cpuUsage() });
    else process.exit(0);
  });
} else {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  const child = fork(fileURLToPath(import.meta.url), ['clients', `ws://127.0.0.1:${port}`]);
  type Report = { frames: number; cpu: NodeJS.CpuUsage };
  const next = <T>(type: string): Promise<T> => new Promise((resolve) => {
    const listen = (message: { type: string } & T): void => {
      if (message.type !== type) return;
      child.off('message', listen);
      resolve(message);
    };
    child.on('message', listen);
  });
  const report = (): Promise<Report> => {
    const reply = next<Report>('report');
    child.send({ type: 'report' });
    return reply;
  };
  await next('open');
  const sockets = [...server.clients];
  console.log(`bench:ws-frames: ${availableParallelism()} cores, load ${loadAverages()}; ${sockets.length} sockets on loopback, ${ROUNDS} rounds of a frame to each`);
  console.log('payload   server CPU/frame   server loop/frame   client CPU/frame');
  for (const size of SIZES) {
    const payload = Buffer.from(`{"type":"event","id":"1-0","event":{"pad":"${'x'.repeat(size - 40)}"}}`);
    const before = await report();
    const cpu = process.cpuUsage();
    let loopMs = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const started = performance.now();
      for (const socket of sockets) socket.send(payload, { binary: false });
      loopMs += performance.now() - started;
      await sleep(100);
    }
    await sleep(500);
    const serverCpu = process.cpuUsage(cpu);
    const after = await report();
    const frames = after.frames - before.frames;
    if (frames !== ROUNDS * sockets.length) throw new Error(`the clients got ${frames} frames of ${ROUNDS * sockets.length}`);
    const micros = (usage: NodeJS.CpuUsage) => usage.user + usage.system;
    console.log(`${String(payload.length).padStart(5)} B  ${(micros(serverCpu) / frames).toFixed(1).padStart(14)} µs  ${((loopMs * 1000) / frames).toFixed(1).padStart(15)} µs  ${((micros(after.cpu) - micros(before.cpu)) / frames).toFixed(1).padStart(14)} µs`);
  }
  child.send({ type: 'stop' });
  for (const socket of sockets) socket.terminate();
  server.close();
}

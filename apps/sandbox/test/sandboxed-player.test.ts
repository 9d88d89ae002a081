/**
 * The sandboxed Player in this process: it plays exactly like the same bot in-process, is
 * deterministic (seeded Math.random, no clock), charges CPU time against the decision limit and
 * the game's bank, and recovers after a forfeit.
 */
import { fileURLToPath } from 'node:url';
import { verifyReplay, xix } from '@xix/engine';
import { playMatch, trustedPlayer, type MatchRecord, type Player } from '@xix/referee';
import { describe, expect, it } from 'vitest';
import heuristic from '../../../sdk/examples/heuristic.ts';
import { compileBot, sandboxedPlayer, type SandboxLimits } from '../src/index.ts';

const example = (name: string): string => fileURLToPath(new URL(`../../../sdk/examples/${name}.ts`, import.meta.url));
const hostile = (name: string): string => fileURLToPath(new URL(`./hostile/${name}.ts`, import.meta.url));

async function code(file: string): Promise<string> {
  const compiled = await compileBot({ entry: file });
  if (!compiled.ok) throw new Error(compiled.message);
  return compiled.code;
}

function play(players: Player[], seed: number): MatchRecord {
  return playMatch({ game: xix, setup: xix.randomSetup(seed, 2), seed, players });
}

async function sandboxed(file: string, name: string, limits: Partial<SandboxLimits> = {}): Promise<Player> {
  return sandboxedPlayer(xix, await code(file), name, { limits });
}

describe('sandboxedPlayer', () => {
  it('plays the heuristic bot move for move as it plays in-process, with CPU time recorded', async () => {
    const inSandbox = [await sandboxed(example('heuristic'), 'a'), await sandboxed(example('heuristic'), 'b')];
    const inProcess = [trustedPlayer(heuristic, 'a'), trustedPlayer(heuristic, 'b')];
    for (const seed of [1, 2, 3]) {
      const boxed = play(inSandbox, seed).replay;
      const trusted = play(inProcess, seed).replay;
      expect(boxed.forfeit).toBeNull();
      expect(boxed.moves.map((m) => m.action)).toEqual(trusted.moves.map((m) => m.action));
      expect(boxed.result).toEqual(trusted.result);
      expect(verifyReplay(boxed).ok).toBe(true);
      expect(boxed.moves.every((m) => typeof m.cpuMs === 'number' && m.cpuMs >= 0 && typeof m.ms === 'number')).toBe(true);
    }
    inSandbox.forEach((p) => p.dispose());
  });

  it('gives the bot exactly the seat view at every decision (history sent as new events only)', async () => {
    const echo = await code(fileURLToPath(new URL('./fixtures/echo-views.ts', import.meta.url)));
    const limits = { logGameChars: 1 << 22 };
    const players = [sandboxedPlayer(xix, echo, 'a', { limits }), sandboxedPlayer(xix, echo, 'b', { limits })];
    for (const seed of [4, 5]) {
      const { replay, logs } = play(players, seed);
      expect(replay.forfeit).toBeNull();
      expect(logs).toHaveLength(replay.moves.length);
      const state = xix.start(xix.parseSetup(replay.setup));
      for (const [i, move] of replay.moves.entries()) {
        expect(logs[i]).toMatchObject({ seat: move.seat, move: i + 1 });
        expect(JSON.parse(logs[i]!.text)).toEqual(JSON.parse(JSON.stringify(xix.view(state, move.seat))));
        xix.apply(state, xix.legalActions(state).find((a) => JSON.stringify(a) === JSON.stringify(move.action))!);
      }
    }
    players.forEach((p) => p.dispose());
  });

  it('takes an offered action by its number, even after the bot reordered the array, and a copy as JSON', async () => {
    const inMemory = async (decide: string): Promise<string> => {
      const compiled = await compileBot({ entry: 'bot.ts', files: new Map([['bot.ts', `import { defineBot } from '@xix/sdk';\nexport default defineBot({ decide(view) { ${decide} } });\n`]]) });
      if (!compiled.ok) throw new Error(compiled.message);
      return compiled.code;
    };
    // Reverses the array it was given, then returns what is now first: the last action offered.
    const reorders = await inMemory('view.legalActions.reverse(); return view.legalActions[0];');
    const copies = await inMemory('return { ...view.legalActions[view.legalActions.length - 1] };');
    const last = trustedPlayer({ decide: (view) => view.legalActions.at(-1)! }, 'last');
    for (const bot of [reorders, copies]) {
      const players = [sandboxedPlayer(xix, bot, 'a'), sandboxedPlayer(xix, bot, 'b')];
      const boxed = play(players, 8).replay;
      const expected = play([last, last], 8).replay;
      expect(boxed.forfeit).toBeNull();
      expect(boxed.moves.map((m) => m.action)).toEqual(expected.moves.map((m) => m.action));
      players.forEach((p) => p.dispose());
    }
  });

  it('seeds Math.random from the game seed and seat (R1-style determinism for bots)', async () => {
    const probe = await code(hostile('probe-hidden'));
    const randomLine = (seed: number): string => {
      const players = [sandboxedPlayer(xix, probe, 'p'), sandboxedPlayer(xix, probe, 'q')];
      const record = play(players, seed);
      players.forEach((p) => p.dispose());
      return record.logs.find((l) => l.seat === 0)!.text.split('\n')[2]!;
    };
    expect(randomLine(5)).toBe(randomLine(5));
    expect(randomLine(5)).not.toBe(randomLine(6));
  });

  it('charges CPU beyond the decision limit to the bank, and a late answer past the bank is a timeout', async () => {
    // The spinner's 20 million iterations take at least ~7 ms of CPU even fully optimised (and
    // 10x that while V8 still interprets them, which depends on the machine's load), so a 1 ms
    // limit is always exceeded, whatever the speed: no calibration against a moving target.
    const spinner = await code(hostile('just-over'));
    const state = xix.start(xix.randomSetup(1, 2));
    const view = xix.view(state, xix.toMove(state)!);
    const limit = 1;
    // Watchdog far above: the answers come back, and only the CPU meter judges them.
    const generous = { wallFactor: 50, wallSlackMs: 5000 };

    const banked = sandboxedPlayer(xix, spinner, 'spin', { limits: { ...generous, decisionMs: limit, bankMs: 60_000 } });
    expect(banked.startGame({ seat: 0, seed: 1 })).toBeNull();
    const fine = banked.decide(view);
    expect(fine).toMatchObject({ ok: true, action: view.legalActions[0] });
    expect(fine.cpuMs).toBeGreaterThan(limit);
    banked.dispose();

    const late = sandboxedPlayer(xix, spinner, 'spin', { limits: { ...generous, decisionMs: limit, bankMs: 0 } });
    expect(late.startGame({ seat: 0, seed: 1 })).toBeNull();
    const decision = late.decide(view);
    expect(decision).toMatchObject({ ok: false, verdict: 'timeout' });
    if (!decision.ok) expect(decision.message).toMatch(/^decide used [\d.]+ ms of CPU: over the [\d.]+ ms limit and the 0\.0 ms left in the bank$/);
    late.dispose();
  });

  it('loads the bot afresh for the next game after a timeout, and plays it', async () => {
    const loop = await sandboxed(hostile('infinite-loop'), 'loop', { decisionMs: 10, bankMs: 0 });
    const random = await sandboxed(example('random'), 'random');
    for (const seed of [1, 2]) {
      const { forfeit } = play([loop, random], seed).replay;
      expect(forfeit).toMatchObject({ seat: 0, verdict: 'timeout' });
    }
    // The same player object, now with a fresh isolate, still answers its startGame.
    expect(loop.startGame({ seat: 0, seed: 3 })).toBeNull();
    loop.dispose();
    random.dispose();
  });

  it('rejects bad limits with a clear message', async () => {
    const random = await code(example('random'));
    expect(() => sandboxedPlayer(xix, random, 'r', { limits: { memoryMb: 4 } })).toThrow('sandbox limit memoryMb must be a number from 8 to 4096, got 4');
    expect(() => sandboxedPlayer(xix, '', 'r')).toThrow('sandboxedPlayer needs the compiled code of a bot');
    expect(() => sandboxedPlayer({} as typeof xix, random, 'r')).toThrow('sandboxedPlayer needs a game with a view codec');
  });
});

/**
 * The sandboxed Player in this process: it plays exactly like the same bot in-process, is
 * deterministic (seeded Math.random, a frozen date), charges CPU time against the decision limit and
 * the game's bank, and recovers after a forfeit.
 */
import { fileURLToPath } from 'node:url';
import { verifyReplay, xix } from '@xix/engine';
import { playMatch, trustedPlayer, type MatchRecord, type Player } from '@xix/referee';
import { describe, expect, it } from 'vitest';
import heuristic from '../../../sdk/examples/xix/heuristic.ts';
import { compileBot, sandboxedPlayer, type SandboxLimits } from '../src/index.ts';

const example = (name: string): string => fileURLToPath(new URL(`../../../sdk/examples/xix/${name}.ts`, import.meta.url));
const hostile = (name: string): string => fileURLToPath(new URL(`./hostile/${name}.ts`, import.meta.url));

async function code(file: string): Promise<string> {
  const compiled = await compileBot({ entry: file });
  if (!compiled.ok) throw new Error(compiled.message);
  return compiled.code;
}

function play(players: Player[], seed: number): MatchRecord {
  return playMatch({ game: xix, setup: xix.randomSetup(seed, 2), seed, players });
}

/** A one-file bot whose decide has `body`, compiled from memory; `before` goes above the bot. */
async function inMemory(body: string, before = ''): Promise<string> {
  const source = `import { defineBot } from '@xix/sdk';\n${before}\nexport default defineBot({ decide(view) { ${body} } });\n`;
  const compiled = await compileBot({ entry: 'bot.ts', files: new Map([['bot.ts', source]]) });
  if (!compiled.ok) throw new Error(compiled.message);
  return compiled.code;
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

  it('hands back the host\'s own action object for an offered action, and a parsed copy for anything else', async () => {
    const state = xix.start(xix.randomSetup(3, 2));
    const seat = xix.toMove(state)!;
    const view = xix.view(state, seat);
    const offered = sandboxedPlayer(xix, await inMemory('return view.legalActions[view.legalActions.length - 1];'), 'offered');
    const copied = sandboxedPlayer(xix, await inMemory('return { ...view.legalActions[view.legalActions.length - 1] };'), 'copied');
    for (const player of [offered, copied]) expect(player.startGame({ seat, seed: 1 })).toBeNull();
    const byNumber = offered.decide(view);
    const byJson = copied.decide(view);
    if (!byNumber.ok || !byJson.ok) throw new Error('a decision failed');
    expect(byNumber.action).toBe(view.legalActions.at(-1));
    expect(byJson.action).not.toBe(view.legalActions.at(-1));
    expect(byJson.action).toEqual(view.legalActions.at(-1));
    [offered, copied].forEach((p) => p.dispose());
  });

  it('judges an action kept from an earlier view like any illegal action, with the referee\'s reason', async () => {
    const stale = await inMemory('first ??= view.legalActions[0]; return first;', 'let first: unknown;');
    const players = [sandboxedPlayer(xix, stale, 'a'), sandboxedPlayer(xix, stale, 'b')];
    const { forfeit } = play(players, 2).replay;
    expect(forfeit).toMatchObject({ verdict: 'illegal' });
    expect(forfeit?.message).toMatch(/^illegal action \{"type":"\w+".*\}: /);
    players.forEach((p) => p.dispose());
  });

  it('plays only the host\'s own legal actions when the bot corrupts the decoder inside its isolate', async () => {
    // Array.prototype.push also builds the decoded view: every array of frozen objects the decoder
    // fills gets a forged action after its first element, offered to the bot as if legal.
    const forger = await inMemory(
      'const forged = view.legalActions.find((a) => (a as { card?: number }).card === 99); return forged ?? view.legalActions[0];',
      `const push = Array.prototype.push;
const forged = Object.freeze({ type: 'play', card: 99 });
Array.prototype.push = function (this: unknown[], ...items: unknown[]): number {
  const length = Reflect.apply(push, this, items);
  if (length === 1 && Object.isFrozen(items[0])) Reflect.apply(push, this, [forged]);
  return this.length;
};`,
    );
    let caught = 0;
    for (const seed of [1, 2, 3, 4]) {
      const players = [sandboxedPlayer(xix, forger, 'a'), sandboxedPlayer(xix, forger, 'b')];
      const { replay } = play(players, seed);
      // Until then the forged number named one of the host's own actions, which it played.
      expect(verifyReplay(replay).ok).toBe(true);
      if (replay.forfeit !== null) {
        expect(replay.forfeit).toMatchObject({ verdict: 'illegal', message: 'the answer names no offered action' });
        caught++;
      }
      players.forEach((p) => p.dispose());
    }
    expect(caught).toBeGreaterThan(0);
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

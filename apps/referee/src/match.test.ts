import { parseReplay, verifyReplay, xix, type XixAction } from '@xix/engine';
import { describe, expect, it } from 'vitest';
import { playMatch } from './match.ts';
import { LOCAL_BOT_SEED_KEY, botSeed } from './bot-seed.ts';
import { trustedPlayer } from './trusted-player.ts';
import type { Player } from './player.ts';
import { busyWait, failingAt, firstLegal, lastLegal, players, setupFor } from './test-bots.ts';

const match = (ps: readonly Player[], seed = 7) => playMatch({ game: xix, setup: setupFor(seed), seed, players: ps });

describe('playMatch', () => {
  it('plays a whole game and records a replay that verifies', () => {
    const { replay } = match(players(firstLegal, lastLegal));
    expect(replay.forfeit).toBeNull();
    expect(replay.seats).toEqual([{ name: 'a' }, { name: 'b' }]);
    expect(replay.seed).toBe(7);
    expect(replay.moves.length).toBeGreaterThan(10);
    expect(replay.moves.every((m) => typeof m.ms === 'number' && m.ms >= 0)).toBe(true);
    // The replay is plain JSON: it survives a round trip and re-simulates to the same result.
    const copy = parseReplay(JSON.parse(JSON.stringify(replay)));
    expect(verifyReplay(copy)).toEqual({ ok: true, result: replay.result, moves: replay.moves.length });
  });

  it('is deterministic: the same setup and bots give the same moves', () => {
    const strip = (r: ReturnType<typeof match>) => r.replay.moves.map((m) => [m.seat, m.action]);
    expect(strip(match(players(firstLegal, lastLegal)))).toEqual(strip(match(players(firstLegal, lastLegal))));
  });

  it('R12: an illegal answer forfeits with verdict illegal and the reason', () => {
    const cheat = failingAt(2, () => ({ type: 'play', card: 99 }) as unknown as XixAction);
    const { replay } = match(players(cheat, cheat));
    expect(replay.forfeit?.verdict).toBe('illegal');
    expect(replay.forfeit?.message).toMatch(/card must be an integer from 1 to 18/);
    expect(replay.result.reason).toBe('forfeit');
    expect(replay.result.winner).toBe(1 - replay.forfeit!.seat);
    expect(verifyReplay(replay).ok).toBe(true);
  });

  it('R12: a well-formed action that is not legal now forfeits too', () => {
    const raiser = failingAt(1, () => ({ type: 'raise' }));
    const { replay } = match(players(raiser, raiser));
    expect(replay.forfeit).toMatchObject({ verdict: 'illegal' });
    expect(replay.forfeit?.message).toMatch(/illegal action \{"type":"raise"\}: it is time to play a card/);
    expect(replay.moves).toHaveLength(0);
  });

  it('R12: a throwing bot forfeits with verdict error, the other seat wins', () => {
    const thrower = failingAt(3, () => {
      throw new TypeError('boom');
    });
    const { replay } = match(players(firstLegal, thrower));
    expect(replay.forfeit).toEqual({ seat: 1, verdict: 'error', message: 'decide threw TypeError: boom' });
    expect(replay.result.winner).toBe(0);
    expect(verifyReplay(replay).ok).toBe(true);
  });

  it('R12: a bot without decide forfeits with load_error on its first turn', () => {
    const { replay } = match(players(firstLegal, {} as never));
    expect(replay.forfeit).toMatchObject({ seat: 1, verdict: 'load_error' });
    expect(verifyReplay(replay).ok).toBe(true);
  });

  it('R12: a failing onGameStart forfeits before any move of that seat', () => {
    const bad = { decide: firstLegal.decide, onGameStart: () => { throw new Error('no'); } };
    const setup = setupFor(7) as { firstLeader: number };
    const { replay } = match(players(bad, bad));
    expect(replay.forfeit).toEqual({ seat: setup.firstLeader, verdict: 'error', message: 'onGameStart threw Error: no' });
    expect(replay.moves).toHaveLength(0);
  });

  it('never throws for a hostile answer: a Proxy that throws on inspection', () => {
    const hostile = new Proxy({}, { getPrototypeOf: () => { throw new Error('gotcha'); }, ownKeys: () => { throw new Error('gotcha'); } });
    const proxyBot = failingAt(1, () => hostile as XixAction);
    const { replay } = match(players(proxyBot, proxyBot));
    expect(replay.forfeit?.verdict).toBe('illegal');
  });

  it('never throws for a Player implementation that throws', () => {
    const broken: Player = {
      name: 'broken',
      startGame: () => null,
      decide: () => { throw new Error('player bug'); },
      endGame: () => { throw new Error('ignored'); },
      dispose: () => {},
    };
    const { replay } = match([broken, broken]);
    expect(replay.forfeit).toMatchObject({ verdict: 'error', message: 'Error: player bug' });
  });

  it('passes a Player failure through as the forfeit, with its timing', () => {
    const timedOut: Player = {
      name: 'slow-sandbox',
      startGame: () => null,
      decide: () => ({ ok: false, ms: 1000, verdict: 'timeout', message: 'used its 1000 ms' }),
      endGame: () => {},
      dispose: () => {},
    };
    const { replay } = match([timedOut, timedOut]);
    expect(replay.forfeit).toMatchObject({ verdict: 'timeout', message: 'used its 1000 ms' });
  });

  it('records wall ms of a slow bot, and cpuMs where the player gives it', () => {
    const slow = failingAt(1, (view) => {
      busyWait(25);
      return view.legalActions[0]!;
    });
    const withCpu: Player = {
      name: 'cpu',
      startGame: () => null,
      decide: (view) => ({ ok: true, action: (view as { legalActions: unknown[] }).legalActions[0], ms: 2, cpuMs: 1.5 }),
      endGame: () => {},
      dispose: () => {},
    };
    const [slowPlayer] = players(slow, slow);
    const { replay } = match([slowPlayer!, withCpu]);
    const first = replay.moves.find((m) => m.seat === 0)!;
    expect(first.ms).toBeGreaterThanOrEqual(25);
    expect(replay.moves.find((m) => m.seat === 1)).toMatchObject({ ms: 2, cpuMs: 1.5 });
    expect(replay.moves.filter((m) => m.seat === 0).every((m) => m.cpuMs === undefined)).toBe(true);
  });

  it('collects bot logs per decision, outside the replay', () => {
    let n = 0;
    const chatty = {
      onGameStart: () => console.log('hello'),
      decide: (view: Parameters<typeof firstLegal.decide>[0]) => {
        console.log('decision', ++n, { phase: view.phase });
        return view.legalActions[0]!;
      },
    };
    const record = match(players(chatty, firstLegal));
    const mine = record.logs.filter((l) => l.seat === 0);
    expect(mine[0]?.text).toBe('hello\ndecision 1 {"phase":"play"}\n');
    expect(mine).toHaveLength(n);
    expect(record.replay.moves[mine[1]!.move - 1]?.seat).toBe(0);
    expect(JSON.stringify(record.replay)).not.toContain('decision');
  });

  it('rejects a bad call: wrong number of players, bad seed, bad setup', () => {
    expect(() => playMatch({ game: xix, setup: setupFor(1), seed: 1, players: players(firstLegal, firstLegal).slice(0, 1) })).toThrow(/2–2 players/);
    expect(() => playMatch({ game: xix, setup: setupFor(1), seed: -1, players: players(firstLegal, firstLegal) })).toThrow(/seed/);
    expect(() => playMatch({ game: xix, setup: { hands: [] }, seed: 1, players: players(firstLegal, firstLegal) })).toThrow(/hands/);
  });
});

describe('bot seeds', () => {
  it('give a bot no way to redraw the deal (R11), yet repeat for the same key, deal and seat', () => {
    const seen: { dealSeed: number; seat: number; seed: number }[] = [];
    for (const dealSeed of [1, 2, 3]) {
      const spy = (): Player => ({ ...trustedPlayer(firstLegal, 'spy'), startGame: ({ seat, seed }) => (seen.push({ dealSeed, seat, seed }), null) });
      playMatch({ game: xix, setup: xix.randomSetup(dealSeed, 2), seed: dealSeed, players: [spy(), spy()] });
    }
    expect(seen).toHaveLength(6);
    for (const { dealSeed, seat, seed } of seen) {
      expect(seed).not.toBe(dealSeed);
      expect(xix.randomSetup(seed, 2)).not.toEqual(xix.randomSetup(dealSeed, 2));
      expect(seed).toBe(botSeed(LOCAL_BOT_SEED_KEY, dealSeed, seat));
    }
    expect(new Set(seen.map((s) => s.seed)).size).toBe(6);
    expect(botSeed('a secret', 1, 0)).not.toBe(botSeed('another secret', 1, 0));
  });
});

/**
 * T9: "A replay's setup records the outcome of every such lot (the winning seat, in order), so a
 * game can be re-simulated from its setup alone, by any engine." Replays of formatVersion 2 carry
 * every lot and are held to it; replays stored before (formatVersion 1, `lots: []`) keep
 * verifying by drawing their lots again from `lotSeed`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  createReplay,
  nineteenTwentyThree as game,
  parseReplay,
  replayStates,
  verifyReplay,
  type NineteenTwentyThreeSetup,
  type NineteenTwentyThreeState,
  type Replay,
  type ReplayMove,
} from '../../../src/index.ts';
import { randomGame } from './script.ts';

/** A replay written before lots were recorded: by the referee at commit ad41b22, 3 seats, seed 1, one lot (won by seat 2). */
const FORMAT_1 = parseReplay(JSON.parse(readFileSync(new URL('./fixtures/replay-format-1.json', import.meta.url), 'utf8')));

/** The winners of the lots the game drew, read from its finished rounds (T9). */
const lotWinners = (end: NineteenTwentyThreeState): number[] => game.spectatorView(end).rounds.filter((round) => round.lot !== null).map((round) => round.winner);

/** The first random game at `seats` seats, from deal seed `from` on, that needed a lot; as it ends and as a replay after a JSON round trip. */
function gameWithLot(seats: number, from = 0): { end: NineteenTwentyThreeState; replay: Replay } {
  for (let seed = from; seed < from + 1000; seed++) {
    const moves: ReplayMove[] = [];
    const end = randomGame(seed, seed + 1, seats, ({ seat, action }) => moves.push({ seat, action }));
    if (lotWinners(end).length === 0) continue;
    const names = Array.from({ length: seats }, (_, seat) => `bot${seat}`);
    const replay = createReplay(game, { seed, setup: game.setupOf(end), seats: names, moves, forfeit: null, result: game.result(end)! });
    return { end, replay: parseReplay(JSON.parse(JSON.stringify(replay))) };
  }
  throw new Error(`no game at ${seats} seats needed a lot`);
}

const withSetup = (replay: Replay, change: Partial<NineteenTwentyThreeSetup>): Replay => ({ ...replay, setup: { ...(replay.setup as NineteenTwentyThreeSetup), ...change } });
const lotsOf = (replay: Replay): number[] => [...(replay.setup as NineteenTwentyThreeSetup).lots];

/** The game's last state re-simulated from the replay. */
function endOf(replay: Replay): NineteenTwentyThreeState {
  const run = replayStates(game, replay);
  if (!run.ok) throw new Error(run.reason);
  return run.state as NineteenTwentyThreeState;
}

/** A lot seed from which the game, given no recorded lots, draws other lots than `lots` (or cannot be played): what a re-simulation that used lotSeed would show. */
function otherLotSeed(replay: Replay, lots: readonly number[]): number {
  for (let lotSeed = 0; lotSeed < 100; lotSeed++) {
    const run = replayStates(game, withSetup(replay, { lotSeed, lots: [] }));
    if (!run.ok || JSON.stringify(game.setupOf(run.state as NineteenTwentyThreeState).lots) !== JSON.stringify(lots)) return lotSeed;
  }
  throw new Error('every lot seed draws the same lots');
}

describe('T9 short-shoe lots in replays', () => {
  it('a generated game that needed a lot records it in setup.lots, and its replay verifies (formatVersion 2)', () => {
    for (const seats of [2, 3, 5, 9]) {
      const { end, replay } = gameWithLot(seats);
      expect(replay.formatVersion).toBe(2);
      expect(lotsOf(replay)).toEqual(lotWinners(end));
      expect(lotsOf(replay).length).toBeGreaterThan(0);
      expect(verifyReplay(replay)).toEqual({ ok: true, result: replay.result, moves: replay.moves.length });
    }
  });

  it('refuses a formatVersion 2 replay whose lots are missing, one too many, or name another seat', () => {
    const { end, replay } = gameWithLot(3);
    const lots = lotsOf(replay);
    expect(verifyReplay(withSetup(replay, { lots: [] }))).toEqual({ ok: false, step: null, reason: `the setup does not record what the game drew while playing: setup.lots is [], re-simulation gives ${JSON.stringify(lots)}` });
    expect(verifyReplay(withSetup(replay, { lots: [...lots, 0] }))).toMatchObject({ ok: false, reason: expect.stringMatching(/setup\.lots is .*, re-simulation gives/) });
    // Another seat among the tied: the recorded lot decides, so the game plays out otherwise.
    const round = game.spectatorView(end).rounds.find((r) => r.lot !== null)!;
    const other = round.lot!.find((seat) => seat !== round.winner)!;
    const index = game.spectatorView(end).rounds.filter((r) => r.lot !== null && r.round < round.round).length;
    const changed = lots.map((seat, i) => (i === index ? other : seat));
    expect(verifyReplay(withSetup(replay, { lots: changed }))).toMatchObject({ ok: false, reason: expect.stringMatching(/recorded result/) });
    // A seat that was not tied.
    const outsider = [0, 1, 2].find((seat) => !round.lot!.includes(seat));
    if (outsider !== undefined) {
      expect(verifyReplay(withSetup(replay, { lots: lots.map((seat, i) => (i === index ? outsider : seat)) }))).toMatchObject({ ok: false, reason: expect.stringMatching(/not among the tied seats/) });
    }
  });

  it('verifies a replay stored in formatVersion 1 (lots: []) by drawing its lots from lotSeed, and only under that version', () => {
    expect(FORMAT_1.formatVersion).toBe(1);
    expect(lotsOf(FORMAT_1)).toEqual([]);
    expect(verifyReplay(FORMAT_1)).toEqual({ ok: true, result: FORMAT_1.result, moves: FORMAT_1.moves.length });
    expect(game.setupOf(endOf(FORMAT_1)).lots).toEqual([2]);
    // The lot comes from lotSeed: another seed draws another lot, and the recorded result no longer follows.
    expect(verifyReplay(withSetup(FORMAT_1, { lotSeed: otherLotSeed(FORMAT_1, [2]) }))).toMatchObject({ ok: false, reason: expect.stringMatching(/recorded result/) });
    // The same document under formatVersion 2 must carry its lot.
    expect(verifyReplay({ ...FORMAT_1, formatVersion: 2 })).toMatchObject({ ok: false, reason: expect.stringMatching(/setup\.lots is \[\], re-simulation gives \[2\]/) });
    expect(verifyReplay({ ...withSetup(FORMAT_1, { lots: [2] }), formatVersion: 2 })).toMatchObject({ ok: true });
  });

  it('a re-simulation that ignores lotSeed reproduces the game from setup.lots alone', () => {
    for (const [seats, from] of [[3, 0], [4, 0], [6, 0], [3, 200]] as const) {
      const { end, replay } = gameWithLot(seats, from);
      const lots = lotsOf(replay);
      // A lot seed from which the game would draw other lots: were it used, the game would differ.
      const misleading = withSetup(replay, { lotSeed: otherLotSeed(replay, lots) });
      const again = endOf(misleading);
      expect(game.spectatorView(again)).toEqual(game.spectatorView(end));
      expect(game.result(again)).toEqual(replay.result);
      expect(verifyReplay(misleading)).toMatchObject({ ok: true });
    }
  });
});

/**
 * Checks every registered game against the `Game` contract (engine/src/game.ts), the way
 * OpenSpiel's basic tests run for every game: a new game gets these for free.
 */
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { GAMES, createRandom, type AnyGame } from '../src/index.ts';

const GARBAGE: unknown[] = [null, undefined, 7, 'play', [], {}, { type: 'no-such-action' }, { type: 'play', card: 'x' }];

/** The seat counts each game is checked at: its least and most, and 3 and 6 where it allows them. */
function seatCounts(game: AnyGame): number[] {
  const { min, max } = game.seats;
  return [...new Set([min, 3, 6, max])].filter((n) => n >= min && n <= max).sort((a, b) => a - b);
}

const CASES = [...GAMES.values()].flatMap((game) => seatCounts(game).map((seats) => ({ id: game.id, game, seats })));

/**
 * Which states of a game `simulate` visits: every one of the first 200, then every 200th. A long
 * game (Nineteen's random games run to 100 hands, N16, with views carrying every hand) would
 * otherwise cost time quadratic in its length; the games of up to 200 decisions are visited whole.
 */
const visited = (moves: number): boolean => moves < 200 || moves % 200 === 0;

/**
 * toStrictEqual, with Node's strict deep equality first: the same verdict on the views and results here
 * (prototypes, undefined fields, holes), without the matcher's cost on every state of every game.
 */
function expectSame(actual: unknown, expected: unknown): void {
  if (!isDeepStrictEqual(actual, expected)) expect(actual).toStrictEqual(expected);
}

function simulate(game: AnyGame, seats: number, seed: number, visit: (state: unknown) => void): unknown {
  const random = createRandom(seed);
  const state = game.start(game.randomSetup(seed, seats));
  for (let moves = 0; game.toMove(state) !== null; moves++) {
    expect(moves).toBeLessThan(10_000);
    if (visited(moves)) visit(state);
    const legal = game.legalActions(state);
    game.apply(state, legal[random.int(legal.length)]);
  }
  return state;
}

describe.each(CASES)('game $id at $seats seats conforms to the Game contract', ({ game, seats }) => {
  it('lists legal actions that are non-empty, unique, stable and JSON round-trippable', () => {
    for (let seed = 0; seed < 30; seed++) {
      simulate(game, seats, seed, (state) => {
        const legal = game.legalActions(state);
        expect(legal.length).toBeGreaterThan(0);
        expect(game.legalActions(state)).toEqual(legal);
        const texts = legal.map((a: unknown) => JSON.stringify(a));
        expect(new Set(texts).size).toBe(texts.length);
        for (const text of texts) expectSame(game.checkAction(state, JSON.parse(text)), { ok: true, action: JSON.parse(text) });
      });
    }
  });

  it('rejects garbage actions with a reason, and apply throws on them', () => {
    simulate(game, seats, 1, (state) => {
      for (const value of GARBAGE) {
        const check = game.checkAction(state, value);
        if (check.ok) throw new Error(`accepted ${JSON.stringify(value)}`);
        expect(check.reason).toMatch(/\w/);
        expect(() => game.apply(state, value)).toThrow(check.reason);
      }
    });
  });

  it('starts and applies move by move to the states start and apply reach, telling each move once made', () => {
    for (let seed = 0; seed < 3; seed++) {
      const setup = game.randomSetup(seed, seats);
      const random = createRandom(seed);
      const told: string[] = [];
      const state = game.startEachMove(setup, () => told.push('dealt'), (_, seat) => told.push(`seat ${seat}`));
      expect(told[0]).toBe('dealt');
      expectSame(state, game.start(setup));
      const movers: number[] = [];
      const plain = game.start(setup);
      let decisions = 0;
      while (game.toMove(state) !== null) {
        const seat = game.toMove(state);
        const told = movers.length;
        const legal = game.legalActions(state);
        const action = legal[random.int(legal.length)];
        game.apply(plain, action);
        game.applyEachMove(state, action, (_, mover) => movers.push(mover));
        decisions++;
        expect(movers[told]).toBe(seat);
      }
      expectSame(state, plain);
      expect(movers.length).toBeGreaterThanOrEqual(decisions);
    }
  });

  it('clones independently, and is deterministic from the seed', () => {
    const state = game.start(game.randomSetup(5, seats));
    const copy = game.clone(state);
    game.apply(copy, game.legalActions(copy)[0]);
    expect(game.clone(state)).toEqual(game.start(game.randomSetup(5, seats)));
    expect(simulate(game, seats, 9, () => {})).toEqual(simulate(game, seats, 9, () => {}));
  });

  it('gives JSON views for every seat, the public and the spectator, and a result once over', () => {
    const end = simulate(game, seats, 3, (state) => {
      const views = [...Array.from({ length: seats }, (_, seat) => game.view(state, seat)), game.publicView(state), game.spectatorView(state)];
      for (const view of views) expect(JSON.parse(JSON.stringify(view))).toEqual(view);
    });
    const result = game.result(end);
    if (result === null) throw new Error('no result at the end of the game');
    expect(result.winner).toBeGreaterThanOrEqual(0);
    expect(result.winner).toBeLessThan(seats);
    if (result.ranks !== undefined) expect(result.ranks[result.winner]).toBe(1);
    expect(game.legalActions(end)).toEqual([]);
  });

  it('carries every seat view through its view codec unchanged, and names the module sandboxes bundle', async () => {
    if (game.viewCodecModule !== null) expect(((await import(game.viewCodecModule)) as { viewCodec: unknown }).viewCodec).toBe(game.viewCodec);
    for (let seed = 0; seed < 5; seed++) {
      const codecs = Array.from({ length: seats }, () => ({ encode: game.viewCodec.createEncoder(), decode: game.viewCodec.createDecoder() }));
      const roundTrip = (state: unknown) => codecs.forEach(({ encode, decode }, seat) => expectSame(decode(encode(game.view(state, seat))), game.view(state, seat)));
      roundTrip(simulate(game, seats, seed, roundTrip));
    }
  });

  it('gives the same public view of equal states, and of a state before and after any seat looks', () => {
    for (let seed = 0; seed < 5; seed++) {
      simulate(game, seats, seed, (state) => {
        const before = game.publicView(state);
        for (let seat = 0; seat < seats; seat++) game.view(state, seat);
        expectSame(game.publicView(state), before);
        expectSame(game.publicView(game.clone(state)), before);
      });
    }
  });

  it('rejects malformed setups with a GameError', () => {
    for (const value of [null, {}, 'deal', { hands: [] }]) expect(() => game.parseSetup(value)).toThrow(/setup/);
  });
});

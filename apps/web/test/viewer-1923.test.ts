/**
 * The match viewer's 1923 table in Chromium: a real 4-seat game (the SDK's bundled 1923 bots
 * through the referee) is stored and opened; at several moves, seen by everyone and as two of the
 * seats saw it, the cards of every seat, the hole cards, the piles and the shoe are checked
 * against the engine's own views of that move (T4, T15: a seat sees its own seen cards only and
 * no hole card, its own included); the last reveal and the places (T13) against the replay. The
 * table model drawn from a live game's public view holds no card at all (T15). Screenshots:
 * viewer-1923-desktop.png and viewer-1923-phone.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { nineteenTwentyThree as game, parseReplay, replayStates, type Replay, type NineteenTwentyThreeSeatView, type NineteenTwentyThreeSpectatorView, type NineteenTwentyThreeState } from '@xix/engine';
import { playMatch, trustedPlayer } from '@xix/referee';
import heuristic from '../../../sdk/examples/1923/heuristic.ts';
import random from '../../../sdk/examples/1923/random.ts';
import { nineteenTwentyThreeTableOf } from '../src/games/1923/table.ts';
import { describeDecision, roundDecision } from '../src/games/1923/tie-break.ts';
import { openWebHarness, type WebHarness } from './harness.ts';
import { liveEventsOf } from './random-game.ts';

const NAMES = ['ace', 'deuce', 'trey', 'four'];
const SEED = 1923;

let h: WebHarness;
let matchId: string;
let replay: Replay;
/** The engine's state after each move (index = moves applied). */
let states: NineteenTwentyThreeState[];
let entrants: { bot: string; version: number; name: string }[];

/** Plays one game of the SDK's 1923 bots (heuristic and random in turn) with the referee and stores it; answers its id. */
async function storeGame(names: readonly string[], seed: number): Promise<{ id: string; entrants: typeof entrants }> {
  // The trusted player is typed for XIX bots; it hands any game's views through untouched.
  const players = names.map((name, seat) => trustedPlayer(seat % 2 === 0 ? heuristic : random, name));
  const played = playMatch({ game, setup: game.randomSetup(seed, names.length), seed, players });
  const seated = await Promise.all(names.map(async (name, i) => {
    const put = await h.store.putVersion({ owner: `player${i}`, name, game: '1923', entry: 'bot.ts', files: { 'bot.ts': `// ${name}` }, bundle: `/* ${name} */`, bytes: 10, compileMs: 5, state: 'active' });
    if (!put.ok) throw new Error(`upload refused: ${put.reason}`);
    return { bot: put.bot, version: put.version, name };
  }));
  const series = await h.store.createSeries({ game: '1923', kind: 'challenge', rated: false, entrants: seated, deals: 1, seed, requestedBy: 'admin' });
  const id = `${series}.0`;
  await h.store.recordMatch({ id, seriesId: series, game: '1923', kind: 'challenge', rated: false, entrants: seated, logs: names.map(() => ''), finishedAt: Date.now(), replay: played.replay });
  await h.store.setSeriesStatus(series, 'failed', 'only its first game is played'); // the series plays no more: this game's deal is public (deal publicity, issue 19)
  return { id, entrants: seated };
}

beforeAll(async () => {
  h = await openWebHarness();
  ({ id: matchId, entrants } = await storeGame(NAMES, SEED));
  replay = parseReplay(await h.api(`/api/matches/${matchId}/replay`));
  states = [];
  const run = replayStates(game, replay, { onStart: (s) => states.push(game.clone(s as NineteenTwentyThreeState)), onStep: ({ state }) => states.push(game.clone(state as NineteenTwentyThreeState)) });
  if (!run.ok) throw new Error(`the stored replay does not re-simulate: ${run.reason}`);
}, 180_000);
afterAll(async () => h?.close());

interface ShownCard { readonly card: string | null; readonly face: string | null; readonly hole: boolean }
interface ShownSeat { readonly cards: readonly ShownCard[]; readonly pile: number; readonly locked: string | null }
interface ShownTable { readonly move: string | null; readonly shoe: string | null; readonly seats: readonly ShownSeat[] }

async function shown(page: Page): Promise<ShownTable> {
  return page.locator('[data-viewer]').evaluate((viewer) => ({
    move: viewer.getAttribute('data-move'),
    shoe: viewer.querySelector('[data-board] [data-shoe]')?.getAttribute('data-shoe') ?? null,
    seats: [...viewer.querySelectorAll('[data-board] .nineteen-twenty-three-seat')].map((seat) => ({
      cards: [...seat.querySelectorAll('[data-hand] .nineteen-twenty-three-card')].map((card) => ({ card: card.getAttribute('data-card'), face: card.getAttribute('data-face'), hole: card.hasAttribute('data-hole') })),
      pile: Number(seat.querySelector('[data-pile]')?.getAttribute('data-pile')),
      locked: seat.querySelector('[data-locked]')?.getAttribute('data-locked') ?? null,
    })),
  }));
}

/** What the page must show at `move` through `perspective`, from the engine's views alone. */
function expected(move: number, perspective: string): ShownTable {
  const state = states[move]!;
  const everything = game.spectatorView(state) as NineteenTwentyThreeSpectatorView;
  // 'public' is a live spectator's view: no card of any hand before the reveal (T15)
  const viewer = perspective === 'all' || perspective === 'public' ? null : Number(perspective.replace('seat-', ''));
  const own = viewer === null ? null : (game.view(state, viewer) as NineteenTwentyThreeSeatView);
  const seats = everything.players.map((player, seat): ShownSeat => {
    const locked = player.cards === 0 ? null : String(player.locked);
    if (player.cards === 0) return { cards: [], pile: player.pile.length, locked };
    const hole = { face: 'down', hole: true };
    if (perspective === 'all') {
      const hand = everything.hands[seat]!;
      return { cards: [...hand.seen.map((card) => ({ card, face: 'up', hole: false })), { card: hand.hole, ...hole }], pile: player.pile.length, locked };
    }
    // T4, T15: a seat knows its own seen cards, never a hole card, and nothing of another hand but its size
    const seen = seat === viewer ? own!.seen : [];
    const unseen = player.cards - seen.length - 1;
    return {
      cards: [...seen.map((card) => ({ card, face: 'up', hole: false })), ...Array.from({ length: unseen }, () => ({ card: null, face: 'down', hole: false })), { card: null, ...hole }],
      pile: (own ?? everything).players[seat]!.pile.length,
      locked,
    };
  });
  return { move: String(move), shoe: String(everything.shoe), seats };
}

async function goToMove(page: Page, move: number): Promise<void> {
  await page.evaluate(`location.hash = '#move=${move}'`);
  await page.locator(`[data-viewer][data-move="${move}"]`).waitFor();
}

async function choose(page: Page, perspective: string): Promise<void> {
  await page.locator(`button[data-perspective="${perspective}"]`).click();
  await page.locator(`[data-viewer][data-perspective="${perspective}"]`).waitFor();
}

describe('the 1923 table in the match viewer', () => {
  it('offers everything and each of the four seats’ views, and draws each move as the engine’s views say (T4, T15)', async () => {
    const page = await h.newPage('desktop');
    await page.goto(`/matches/${matchId}`);
    await page.locator('[data-game="1923"]').waitFor();
    expect(await page.locator('button[data-perspective]').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-perspective')))).toEqual(['all', 'seat-0', 'seat-1', 'seat-2', 'seat-3']);
    expect(await page.locator('[data-board] [data-seat]').count()).toBe(4);

    const last = replay.moves.length;
    // the deal, a move mid-round, the first move after a round's reveal, and one near the end
    const afterReveal = states.findIndex((s) => game.spectatorView(s).rounds.length === 1);
    expect(afterReveal).toBeGreaterThan(0);
    const moves = [0, 3, afterReveal, Math.floor(last / 2), last - 1];
    for (const move of moves) {
      await goToMove(page, move);
      for (const perspective of ['all', 'seat-1', 'seat-3']) {
        await choose(page, perspective);
        expect(await shown(page), `move ${move} as ${perspective}`).toEqual(expected(move, perspective));
      }
      await choose(page, 'all');
    }

    // a step with the button shows the next move
    await page.locator('[data-control="forward"]').click();
    await page.locator(`[data-viewer][data-move="${last}"]`).waitFor();
    expect(await shown(page)).toEqual(expected(last, 'all'));
    expect(h.pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('shows the last reveal with each hand’s value and the round’s winner, and at the end every seat’s place (T10, T13)', async () => {
    const page = await h.newPage('desktop');
    const afterReveal = states.findIndex((s) => game.spectatorView(s).rounds.length === 1);
    await page.goto(`/matches/${matchId}#move=${afterReveal}`);
    await page.locator('[data-reveal]').waitFor();
    const round = game.spectatorView(states[afterReveal]!).rounds[0]!;
    const revealed = async (): Promise<unknown> => page.locator('[data-reveal-seat]').evaluateAll((rows) => rows.map((row) => ({
      value: Number(row.getAttribute('data-value')),
      cards: [...row.querySelectorAll('[data-card]')].map((card) => card.getAttribute('data-card')),
      winner: row.classList.contains('nineteen-twenty-three-round-winner'),
    })));
    // seen as a seat too: the reveal is public (T15)
    for (const perspective of ['all', 'seat-2']) {
      await choose(page, perspective);
      expect(await page.locator('[data-reveal]').getAttribute('data-reveal')).toBe(String(round.round));
      expect(await revealed()).toEqual(round.hands.map((cards, seat) => ({ value: round.values[seat], cards, winner: seat === round.winner })));
    }

    // a round a tie-break decided says which and how (T9): this game has one by draw-off and one by the average
    expect(await page.locator('[data-decided-by]').count()).toBe(0); // round 1: the best total alone
    const decided = game.spectatorView(states.at(-1)!).rounds.filter((r) => roundDecision(r).by !== 'total');
    expect(decided.map((r) => roundDecision(r).by).sort()).toEqual(['average', 'draw-off']);
    for (const tied of decided) {
      const after = states.findIndex((s) => game.spectatorView(s).rounds.length === tied.round);
      await goToMove(page, after);
      const said = page.locator('[data-reveal] [data-decided-by]');
      expect(await said.getAttribute('data-decided-by')).toBe(roundDecision(tied).by);
      expect(await said.textContent()).toBe(describeDecision(tied, (seat) => NAMES[seat]!));
      await h.screenshot(page, `viewer-1923-${roundDecision(tied).by}`);
      expect(await h.accessibilityViolations(page)).toEqual([]);
    }

    await goToMove(page, replay.moves.length);
    const places = await page.locator('[data-place]').evaluateAll((tags) => tags.map((tag) => Number(tag.getAttribute('data-place'))));
    expect(places).toEqual(replay.result.ranks);
    const winners = replay.result.ranks!.flatMap((place, seat) => (place === 1 ? [NAMES[seat]!] : []));
    const result = await page.locator('[data-result]').textContent();
    for (const name of winners) expect(result).toContain(name);
    expect(result).toContain(replay.result.points.join('–'));
    expect(h.pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('shows a game in progress from its public views: every hand face down, no choice before its step resolves, no card of the shoe (T5, T15)', async () => {
    // the same game published live under a series of its own (nothing plays it: this test is its worker)
    const seriesId = await h.store.createSeries({ game: '1923', kind: 'challenge', rated: false, entrants, deals: 1, seed: SEED, requestedBy: 'admin' });
    const liveId = `${seriesId}.0`;
    const afterReveal = states.findIndex((s) => game.spectatorView(s).rounds.length === 1);
    const shownMove = afterReveal + 2;
    await h.store.publishLive(liveId, liveEventsOf(game, liveId, entrants, { replay, states }, shownMove), { game: game.id, tournament: null });

    const page = await h.newPage('phone');
    await page.goto(`/matches/${liveId}`);
    await page.locator(`[data-viewer][data-move="${shownMove}"] [data-game="1923"]`).waitFor();
    expect(await page.locator('button[data-perspective]').count()).toBe(0);
    expect(await shown(page)).toEqual(expected(shownMove, 'public'));
    const deal = game.spectatorView(states[shownMove]!);
    // some seats have chosen in this step: the choices stay hidden until it resolves (T5)
    expect(deal.pending.some((choice) => choice !== null)).toBe(true);
    expect(await page.locator('[data-pending]').count()).toBe(0);
    const secret = [...deal.hands.flatMap((hand) => [...hand.seen, ...(hand.hole === null ? [] : [hand.hole])]), ...deal.shoeCards];
    expect(secret.length).toBeGreaterThan(20);
    const onPage = await page.locator('[data-card]').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-card')));
    expect(onPage.filter((card) => secret.includes(card!))).toEqual([]);
    // the reveal of round 1 is public (T15): its cards are on the page
    expect(onPage).toEqual(expect.arrayContaining([...deal.rounds[0]!.hands.flat()]));
    expect(h.pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('draws a 9-seat table (three decks, T1) on a phone without a sideways scroll, with every seat’s view to switch to', async () => {
    const seats = 9;
    const { id } = await storeGame(Array.from({ length: seats }, (_, i) => `nine${i}`), SEED + 9);

    const page = await h.newPage('phone');
    await page.goto(`/matches/${id}#move=5`);
    await page.locator('[data-viewer][data-move="5"] [data-game="1923"]').waitFor();
    expect(await page.locator('[data-board] .nineteen-twenty-three-seat').count()).toBe(seats);
    expect(await page.locator('button[data-perspective]').count()).toBe(seats + 1);
    await choose(page, 'seat-8');
    // seat 8 sees its own seen cards and nobody else's (T15)
    const known = await page.locator('[data-board] .nineteen-twenty-three-seat').evaluateAll((panels) => panels.map((panel) => panel.querySelectorAll('[data-hand] [data-card]').length));
    expect(known.slice(0, 8).every((count) => count === 0)).toBe(true);
    expect(known[8]).toBeGreaterThan(0);
    expect(await h.overflowsSideways(page)).toBe(false);
    expect(h.pageErrors(page)).toEqual([]);
    await page.close();
  });

  it.each(['desktop', 'phone'] as const)('fits a %s screen (no sideways scroll) and is photographed', async (size) => {
    const page = await h.newPage(size);
    const move = states.findIndex((s) => game.spectatorView(s).rounds.length === 2) + 2;
    await page.goto(`/matches/${matchId}#move=${move}`);
    await page.locator('[data-game="1923"]').waitFor();
    await page.locator(`[data-viewer][data-move="${move}"]`).waitFor();
    expect(await h.overflowsSideways(page)).toBe(false);
    await h.expectCleanPage(page, 'viewer-1923');
    await page.close();
  });
});

describe('the 1923 table model', () => {
  it('drawn from a live game’s public view holds no card of any hand, and from a seat’s view no hole card (T4, T15)', () => {
    let hands = 0;
    for (const state of states) {
      const publicTable = nineteenTwentyThreeTableOf(game.publicView(state));
      for (const seat of publicTable.seats) {
        hands += seat.cards.length > 0 ? 1 : 0;
        expect(seat.cards.every((card) => card === null)).toBe(true);
        expect(seat.pending).toBeNull();
      }
      for (let viewer = 0; viewer < NAMES.length; viewer++) {
        const seatTable = nineteenTwentyThreeTableOf(game.view(state, viewer));
        for (const [seat, shownSeat] of seatTable.seats.entries()) {
          if (shownSeat.cards.length > 0) expect(shownSeat.cards.at(-1)).toBeNull();
          if (seat !== viewer) expect(shownSeat.cards.every((card) => card === null)).toBe(true);
        }
      }
    }
    expect(hands).toBeGreaterThan(0);
  });
});

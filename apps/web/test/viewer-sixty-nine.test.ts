/**
 * The match viewer's 69 table in Chromium: a 4-seat game of random legal moves (one entrant a
 * seat) with a Scramble rearrangement that leaves two sets open in one steal sequence (S12) is
 * stored and opened. At the Scramble's forming, at the steal chance after it and at the end, seen by
 * everyone and as seats saw it, the page is checked against the engine's views: every set with its
 * claimant, claim count and lock (S8, S9), whose chance it is and the sequence so far, the captured
 * piles, each hand as the perspective may know it (S17: a seat's own hand, the others' sizes; every
 * hand once the round is over), the totals and places (S15). A live game shows its public views
 * only. The table model is checked at every seat count (2–6) against what each view may know.
 * A 6-seat game in progress fits a phone. Screenshots: viewer-sixty-nine-{desktop,phone},
 * viewer-sixty-nine-scramble-desktop, viewer-sixty-nine-live-phone, viewer-sixty-nine-six-phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { findGame, type AnyGame, type SixtyNinePublicView, type SixtyNineSeatView, type SixtyNineSpectatorView } from '@xix/engine';
import { sixtyNineTableOf } from '../src/games/sixty-nine/table.ts';
import { openPagesHarness, type PagesHarness } from './harness.ts';
import { liveEventsOf, playRandomly, type Played } from './random-game.ts';

/** This seed's 4-seat game has a rearrangement that completes two sets at once (S12), at move 66–69. */
const SEED = 12;
const NAMES = ['ann-bot', 'bob-bot', 'cat-bot', 'dan-bot'];

const game: AnyGame = findGame('sixty-nine')!;
let h: PagesHarness;
let played: Played;
let matchId: string;
let entrants: { bot: string; version: number; name: string }[];

const spectator = (move: number): SixtyNineSpectatorView => game.spectatorView(played.states[move]) as SixtyNineSpectatorView;
const seatView = (move: number, seat: number): SixtyNineSeatView => game.view(played.states[move], seat) as SixtyNineSeatView;
/** The first move after which `test` holds of the spectator view. */
const moveWhere = (test: (view: SixtyNineSpectatorView) => boolean): number => played.states.findIndex((_, move) => test(spectator(move)));
/** Where the last play or Scramble opened the steal sequence in progress. */
const openerOf = (view: SixtyNinePublicView): number => view.events.findLastIndex((e) => e.type === 'play' || e.type === 'keep' || e.type === 'rearrange');

beforeAll(async () => {
  h = await openPagesHarness();
  played = playRandomly(game, SEED, 4);
  entrants = await Promise.all(NAMES.map(async (name, i) => {
    const put = await h.store.putVersion({ owner: `player${i}`, name, game: game.id, entry: 'bot.ts', files: { 'bot.ts': `// ${name}` }, bundle: `/* ${name} */`, bytes: 10, compileMs: 5, state: 'active' });
    if (!put.ok) throw new Error(`upload refused: ${put.reason}`);
    return { bot: put.bot, version: put.version, name };
  }));
  const series = await h.store.createSeries({ game: game.id, kind: 'challenge', rated: false, entrants, seats: 4, deals: 1, seed: SEED, requestedBy: 'admin' });
  matchId = `${series}.0`;
  await h.store.recordMatch({ id: matchId, seriesId: series, game: game.id, kind: 'challenge', rated: false, entrants, logs: entrants.map(() => ''), finishedAt: Date.now(), replay: played.replay });
  await h.store.setSeriesStatus(series, 'failed', 'only its first game is played'); // the series plays no more: this game's deal is public (deal publicity, issue 19)
}, 120_000);
afterAll(async () => h?.close());

async function goTo(page: Page, move: number, perspective: string): Promise<void> {
  await page.evaluate(`location.hash = '#move=${move}'`);
  await page.locator(`button[data-perspective="${perspective}"]`).click();
  await page.locator(`[data-viewer][data-move="${move}"][data-perspective="${perspective}"] [data-game="sixty-nine"]`).waitFor();
}

/** Each seat's hand as drawn: the card codes, null for a card drawn face down. */
const handsShown = (page: Page): Promise<(string | null)[][]> =>
  page.locator('[data-board] .sixty-nine-seat [data-hand]').evaluateAll((hands) => hands.map((hand) => [...hand.querySelectorAll('.sixty-nine-card')].map((card) => card.getAttribute('data-card'))));

/** What the hands must show at `move` through `perspective` (`all`, `seat-N`, or `public`: live) (S17). */
function handsExpected(move: number, perspective: string): (string | null)[][] {
  const everything = spectator(move);
  const viewer = perspective === 'all' ? null : perspective === 'public' ? -1 : Number(perspective.replace('seat-', ''));
  return everything.hands.map((cards, seat) => (viewer === null || viewer === seat ? [...cards] : cards.map(() => null)));
}

/** The table's sets as drawn: cards, claimant, claim count, lock. */
const setsShown = (page: Page) => page.locator('[data-board] [data-set]').evaluateAll((sets) => sets.map((set) => ({
  cards: [...set.querySelectorAll('[data-card]')].map((card) => card.getAttribute('data-card')),
  claimant: set.getAttribute('data-claimant') === null ? null : Number(set.getAttribute('data-claimant')),
  claimCount: set.getAttribute('data-claim-count') === null ? null : Number(set.getAttribute('data-claim-count')),
  locked: set.getAttribute('data-locked') === 'true',
})));

describe('the 69 table in the match viewer', () => {
  it('draws a Scramble being formed, then the steal sequence over the two sets it completed, every set with its claimant, claim count and lock, and each hand as each perspective may know it (S8, S9, S12, S17)', async () => {
    const page = await h.newPage('desktop');
    await page.goto(`/matches/${matchId}`);
    await page.locator('[data-game="sixty-nine"]').waitFor();
    expect(await page.locator('button[data-perspective]').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-perspective')))).toEqual(['all', 'seat-0', 'seat-1', 'seat-2', 'seat-3']);

    // S12: the rearrangement under way, then the chance on the sets it completed
    const forming = moveWhere((view) => view.scramble?.rearranging === true && view.scramble.formed.length > 0);
    const stealing = moveWhere((view) => view.chance !== null && view.events[openerOf(view)]?.type === 'rearrange' && view.table.filter((set) => set.claimant !== null).length >= 2);
    expect([forming, stealing].every((move) => move > 0), 'the game has a rearrangement completing two sets').toBe(true);
    const scrambler = spectator(forming).scramble!.seat;
    await goTo(page, forming, `seat-${(scrambler + 1) % 4}`);
    expect(await page.locator('[data-board] [data-scramble]').getAttribute('data-scramble')).toBe('rearranging');
    expect(await page.locator('[data-board] [data-forming] [data-card]').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-card')))).toEqual(spectator(forming).scramble!.forming);
    expect(await page.locator('[data-board] [data-formed]').count()).toBe(spectator(forming).scramble!.formed.length);

    const at = spectator(stealing);
    const chance = at.chance!;
    for (const perspective of ['all', `seat-${chance.seat}`, `seat-${(chance.seat + 1) % 4}`]) {
      await goTo(page, stealing, perspective);
      expect(await handsShown(page), `hands at move ${stealing} as ${perspective}`).toEqual(handsExpected(stealing, perspective));
      expect(await setsShown(page)).toEqual(at.table.map((set) => ({ cards: [...set.cards], claimant: set.claimant, claimCount: set.claimCount, locked: set.locked })));
      expect(await page.locator('[data-board] [data-chance]').getAttribute('data-chance')).toBe(`${chance.seat}:${chance.set}`);
      expect(await page.locator('[data-board] [data-at-chance="true"]').getAttribute('data-set')).toBe(String(chance.set));
      // the sequence so far: the rearrangement, then every capture and addition since
      expect(await page.locator('[data-board] [data-sequence] [data-event]').evaluateAll((items) => items.map((item) => item.getAttribute('data-event')))).toEqual(at.events.slice(openerOf(at)).map((e) => e.type));
      expect(await page.locator('[data-board] [data-captured]').evaluateAll((tags) => tags.map((tag) => Number(tag.getAttribute('data-captured'))))).toEqual(at.captured.map((pile) => pile.length));
    }
    await goTo(page, stealing, 'all');
    await h.expectCleanPage(page, 'viewer-sixty-nine-scramble');
    await page.close();
  });

  it('shows the totals, every round played and, at the end, every hand shown, the places and who reached 69 (S14, S15, S17)', async () => {
    const page = await h.newPage('desktop');
    const last = played.replay.moves.length;
    await page.goto(`/matches/${matchId}#move=${last}`);
    await page.locator(`[data-viewer][data-move="${last}"] [data-game="sixty-nine"]`).waitFor();
    const end = spectator(last);
    expect(await page.locator('[data-board] [data-total]').evaluateAll((tags) => tags.map((tag) => Number(tag.getAttribute('data-total'))))).toEqual(end.totals);
    const ranks = played.replay.result.ranks!;
    expect(await page.locator('[data-board] [data-place]').evaluateAll((tags) => tags.map((tag) => Number(tag.getAttribute('data-place'))))).toEqual(ranks);
    expect(await page.locator('[data-board] [data-round-record]').evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-round-record'))))).toEqual(end.rounds.map((r) => r.round).reverse().slice(0, 6));
    // S17: the last round's hands are laid down, for a seat's view too
    await goTo(page, last, 'seat-1');
    expect(await handsShown(page)).toEqual(end.rounds.at(-1)!.hands.map((hand) => [...hand]));
    const result = await page.locator('[data-board] [data-result]').innerText();
    expect(result).toContain(`${NAMES[ranks.indexOf(1)]} wins`);
    expect(h.pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('shows a game in progress from its public views: no card of any hand, the table and piles as they are (S17)', async () => {
    const seriesId = await h.store.createSeries({ game: game.id, kind: 'challenge', rated: false, entrants, seats: 4, deals: 1, seed: SEED, requestedBy: 'admin' });
    const liveId = `${seriesId}.0`;
    const shownMove = moveWhere((view) => view.chance !== null && view.events[openerOf(view)]?.type === 'rearrange') + 1;
    await h.store.publishLive(liveId, liveEventsOf(game, liveId, entrants, played, shownMove), { game: game.id, tournament: null });

    const page = await h.newPage('phone');
    await page.goto(`/matches/${liveId}`);
    await page.locator(`[data-viewer][data-move="${shownMove}"] [data-game="sixty-nine"]`).waitFor();
    expect(await page.locator('button[data-perspective]').count()).toBe(0);
    const everything = spectator(shownMove);
    const secret = [...everything.hands.flat(), ...everything.deck];
    const onPage = await page.locator('[data-card]').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-card')));
    expect(onPage.filter((card) => secret.includes(card!))).toEqual([]);
    expect(await handsShown(page)).toEqual(handsExpected(shownMove, 'public'));
    expect(await h.overflowsSideways(page)).toBe(false);
    await h.expectCleanPage(page, 'viewer-sixty-nine-live');
    await page.close();
  });

  it('draws a 6-seat game in progress on a phone without a sideways scroll, each hand its size (S17)', async () => {
    const six = playRandomly(game, SEED, 6);
    const shownMove = six.states.findIndex((state) => (game.publicView(state) as SixtyNinePublicView).table.length >= 6);
    const seriesId = await h.store.createSeries({ game: game.id, kind: 'challenge', rated: false, entrants: [...entrants, ...entrants].slice(0, 6), seats: 6, deals: 1, seed: SEED, requestedBy: 'admin' });
    const liveId = `${seriesId}.0`;
    const seats = [0, 1, 2, 3, 4, 5].map((seat) => entrants[seat % 4]!);
    await h.store.publishLive(liveId, liveEventsOf(game, liveId, seats, six, shownMove), { game: game.id, tournament: null });

    const page = await h.newPage('phone');
    await page.goto(`/matches/${liveId}`);
    await page.locator(`[data-viewer][data-move="${shownMove}"] [data-game="sixty-nine"]`).waitFor();
    const view = game.publicView(six.states[shownMove]) as SixtyNinePublicView;
    expect(await page.locator('[data-board] [data-hand]').evaluateAll((hands) => hands.map((hand) => Number(hand.getAttribute('data-hand'))))).toEqual(view.handSizes);
    expect(await page.locator('[data-board] [data-set]').count()).toBe(view.table.length);
    expect(await h.overflowsSideways(page)).toBe(false);
    await h.expectCleanPage(page, 'viewer-sixty-nine-six');
    await page.close();
  });

  it.each(['desktop', 'phone'] as const)('fits a %s screen (no sideways scroll) and is photographed', async (size) => {
    const page = await h.newPage(size);
    const move = moveWhere((view) => view.chance !== null && view.table.filter((set) => set.claimant !== null).length >= 2);
    await page.goto(`/matches/${matchId}#move=${move}`);
    await page.locator(`[data-viewer][data-move="${move}"] [data-game="sixty-nine"]`).waitFor();
    expect(await h.overflowsSideways(page)).toBe(false);
    await h.expectCleanPage(page, 'viewer-sixty-nine');
    await page.close();
  });
});

describe('the 69 table model', () => {
  it.each([2, 3, 4, 5, 6])('at %i seats holds no card its view may not know: other hands before the round ends, forced marks of other seats (S17, S18)', (seatCount) => {
    const { states } = playRandomly(game, SEED + seatCount, seatCount);
    for (const state of states) {
      const everything = game.spectatorView(state) as SixtyNineSpectatorView;
      const over = everything.phase === 'over';
      for (const viewer of [null, ...everything.hands.keys()]) {
        const table = sixtyNineTableOf(viewer === null ? game.publicView(state) : game.view(state, viewer));
        for (const [seat, shown] of table.seats.entries()) {
          if (seat === viewer) {
            expect(shown.hand).toEqual(over ? everything.rounds.at(-1)!.hands[seat] : everything.hands[seat]);
            continue;
          }
          const where = `seat ${seat} seen by ${viewer ?? 'the public'}`;
          if (over) expect(shown.hand, where).toEqual(everything.rounds.at(-1)!.hands[seat]);
          else {
            expect(shown.hand.filter((card) => card !== null), where).toEqual([]);
            expect(shown.hand.length, where).toBe(everything.handSizes[seat]);
          }
        }
        expect(table.events.filter((shown) => shown.forced && shown.event.seat !== viewer), `forced marks seen by ${viewer ?? 'the public'}`).toEqual([]);
      }
    }
  });
});

/**
 * The match viewer's Nineteen table in Chromium: a 4-seat partnership game (random legal moves,
 * two entrants each playing a side, N1) is stored and opened; at a move of the discard, one with a
 * flip card, one in a trick and the end, seen by everyone and as seats saw it, the cards of every
 * hand are checked against the engine's views (N21: a seat's own hand, flip cards, nothing else;
 * N6: hand sizes before the discard; N5: the kitty only as its bidder saw it; N22: forced cards
 * marked only for their seat), and the teams' pooled scores and places (N13, N17). A live game
 * shows its public views only, and a 6-seat one fits a phone. The table model is checked at every
 * seat count (2–6) against what each view may know. Screenshots: viewer-nineteen-{desktop,phone},
 * viewer-nineteen-bidder-discard-desktop, viewer-nineteen-live-phone, viewer-nineteen-six-phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { findGame, type AnyGame, type NineteenPublicView, type NineteenSeatView, type NineteenSpectatorView } from '@xix/engine';
import { nineteenTableOf } from '../src/games/nineteen/table.ts';
import { openPagesHarness, type PagesHarness } from './harness.ts';
import { liveEventsOf, playRandomly, type Pick, type Played } from './random-game.ts';

/**
 * Random legal moves, but a seat bids only one time in three: random bidders are set so often that
 * their games run to the cap (N16); this seed's game ends in 9 hands, one with a flip card (N7).
 */
const SEED = 1;
const mostlyPassing: Pick = (actions, random) => ((actions[0] as { type: string }).type === 'pass' && random.int(3) > 0 ? actions[0] : actions[random.int(actions.length)]);
const SIDE_NAMES = ['north-south', 'east-west'];

const game: AnyGame = findGame('nineteen')!;
let h: PagesHarness;
let played: Played;
let matchId: string;
let sides: { bot: string; version: number; name: string }[];
/** The entrant at each seat: a side's entrant plays both its seats (N1). */
let bySeat: typeof sides;

const spectator = (move: number): NineteenSpectatorView => game.spectatorView(played.states[move]) as NineteenSpectatorView;
const seatView = (move: number, seat: number): NineteenSeatView => game.view(played.states[move], seat) as NineteenSeatView;
const current = (view: NineteenPublicView) => view.hands.at(-1)!;
/** The first move after which `test` holds of the spectator view. */
const moveWhere = (test: (view: NineteenSpectatorView) => boolean): number => played.states.findIndex((_, move) => test(spectator(move)));

beforeAll(async () => {
  h = await openPagesHarness();
  played = playRandomly(game, SEED, 4, mostlyPassing);
  sides = await Promise.all(SIDE_NAMES.map(async (name, i) => {
    const put = await h.store.putVersion({ owner: `player${i}`, name, game: game.id, entry: 'bot.ts', files: { 'bot.ts': `// ${name}` }, bundle: `/* ${name} */`, bytes: 10, compileMs: 5, state: 'active' });
    if (!put.ok) throw new Error(`upload refused: ${put.reason}`);
    return { bot: put.bot, version: put.version, name };
  }));
  bySeat = [0, 1, 2, 3].map((seat) => sides[seat % 2]!);
  const series = await h.store.createSeries({ game: game.id, kind: 'challenge', rated: false, entrants: sides, seats: 4, deals: 1, seed: SEED, requestedBy: 'admin' });
  matchId = `${series}.0`;
  await h.store.recordMatch({ id: matchId, seriesId: series, game: game.id, kind: 'challenge', rated: false, entrants: bySeat, logs: bySeat.map(() => ''), finishedAt: Date.now(), replay: played.replay });
  await h.store.setSeriesStatus(series, 'failed', 'only its first game is played'); // the series plays no more: this game's deal is public (deal publicity, issue 19)
}, 120_000);
afterAll(async () => h?.close());

/** Each seat's hand as drawn: the card codes, null for a card drawn face down; and the flip cards. */
async function handsShown(page: Page): Promise<{ cards: (string | null)[]; flips: string[] }[]> {
  return page.locator('[data-board] .nineteen-seat').evaluateAll((panels) => panels.map((panel) => ({
    cards: [...panel.querySelectorAll('[data-hand] .nineteen-card')].map((card) => card.getAttribute('data-card')),
    flips: [...panel.querySelectorAll('[data-hand] [data-flip]')].map((card) => card.getAttribute('data-card')!),
  })));
}

/** What the hands must show at `move` through `perspective` (`all`, `seat-N`, or `public`: live) (N6, N7, N21). */
function handsExpected(move: number, perspective: string): { cards: (string | null)[]; flips: string[] }[] {
  const everything = spectator(move);
  const viewer = perspective === 'all' ? null : perspective === 'public' ? -1 : Number(perspective.replace('seat-', ''));
  const hand = current(everything);
  const playedCards = new Set(hand.tricks.flatMap((trick) => trick.cards));
  return everything.seatCards.map((cards, seat) => {
    const flips = hand.flips.filter((flip) => flip.seat === seat && !playedCards.has(flip.card)).map((flip) => flip.card);
    if (viewer === null) return { cards: [...cards], flips };
    if (viewer === seat) return { cards: [...seatView(move, seat).cards], flips };
    // N6: during the discard another seat's hand shows its size before discarding
    return { cards: [...flips, ...Array.from({ length: everything.handSizes[seat]! - flips.length }, () => null)], flips };
  });
}

async function goTo(page: Page, move: number, perspective: string): Promise<void> {
  await page.evaluate(`location.hash = '#move=${move}'`);
  await page.locator(`button[data-perspective="${perspective}"]`).click();
  await page.locator(`[data-viewer][data-move="${move}"][data-perspective="${perspective}"] [data-game="nineteen"]`).waitFor();
}

const cardsIn = (page: Page, selector: string): Promise<(string | null)[]> =>
  page.locator(`[data-board] ${selector} .nineteen-card`).evaluateAll((cards) => cards.map((card) => card.getAttribute('data-card')));

describe('the Nineteen table in the match viewer', () => {
  it('draws each seat’s hand, the kitty, the discard counts and forced cards as each perspective may know them (N5, N6, N7, N21, N22)', async () => {
    const page = await h.newPage('desktop');
    await page.goto(`/matches/${matchId}`);
    await page.locator('[data-game="nineteen"]').waitFor();
    expect(await page.locator('button[data-perspective]').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-perspective')))).toEqual(['all', 'seat-0', 'seat-1', 'seat-2', 'seat-3']);
    // teams: even seats against odd, each seat tagged with its team (N1)
    expect(await page.locator('[data-board] .nineteen-seat').evaluateAll((panels) => panels.map((panel) => panel.getAttribute('data-team')))).toEqual(['0', '1', '0', '1']);

    // the discard under way: some seats have discarded, not all (N6)
    const discarding = moveWhere((view) => view.phase === 'discard' && view.own.some((records) => records.at(-1)!.discarded !== null));
    const flipMove = moveWhere((view) => view.phase === 'play' && current(view).flips.length > 0);
    const inTrick = moveWhere((view) => view.phase === 'play' && (current(view).tricks.at(-1)?.cards.length ?? 0) >= 2 && current(view).tricks.at(-1)!.winner === null);
    expect([discarding, flipMove, inTrick].every((move) => move > 0), 'the game has a discard, a flip card and a trick').toBe(true);
    const bidder = current(spectator(discarding)).bidder!;
    const other = (bidder + 1) % 4;
    for (const move of [discarding, flipMove, inTrick]) {
      for (const perspective of ['all', `seat-${bidder}`, `seat-${other}`]) {
        await goTo(page, move, perspective);
        expect(await handsShown(page), `move ${move} as ${perspective}`).toEqual(handsExpected(move, perspective));
      }
    }

    // N5, N21: the kitty's cards for its bidder (and everything), its size alone for another seat
    const kitty = spectator(discarding).own[bidder]!.at(-1)!.kitty!;
    await goTo(page, discarding, `seat-${bidder}`);
    expect(await cardsIn(page, '[data-kitty]')).toEqual(kitty);
    await h.screenshot(page, 'viewer-nineteen-bidder-discard');
    expect(await h.accessibilityViolations(page)).toEqual([]);
    await goTo(page, discarding, `seat-${other}`);
    expect(await page.locator('[data-board] [data-kitty]').textContent()).toContain('3 cards');
    expect(await cardsIn(page, '[data-kitty]')).toEqual([]);
    // N6: no discard count is public before every seat has discarded; a seat knows its own
    const ownDiscard = seatView(discarding, other).own.at(-1)!.discarded;
    expect(await page.locator('[data-board] [data-discarded]').evaluateAll((tags) => tags.map((tag) => tag.closest('[data-seat]')!.getAttribute('data-seat')))).toEqual(ownDiscard === null ? [] : [String(other)]);
    await goTo(page, flipMove, `seat-${other}`);
    expect(await page.locator('[data-board] [data-discarded]').evaluateAll((tags) => tags.map((tag) => Number(tag.getAttribute('data-discarded'))))).toEqual(current(spectator(flipMove)).discards);

    // the trick in play: its cards in the order played, each with its seat
    const trick = current(spectator(inTrick)).tricks.at(-1)!;
    await goTo(page, inTrick, `seat-${other}`);
    expect(await page.locator('[data-board] [data-trick] [data-played-by]').evaluateAll((plays) => plays.map((play) => [Number(play.getAttribute('data-played-by')), play.querySelector('[data-card]')!.getAttribute('data-card')])))
      .toEqual(trick.cards.map((card, i) => [(trick.leader + i) % 4, card]));

    // N22: a forced card is marked only in its own seat's view and in everything. Every card of a
    // fifth trick is forced: the engine plays them with the fourth trick's last card, and the trick
    // stays on the table until the next hand's first bid.
    const dealt = moveWhere((view) => view.hand === 2 && current(view).bids.length === 0);
    for (const perspective of ['all', `seat-${other}`]) {
      await goTo(page, dealt, perspective);
      const view = perspective === 'all' ? spectator(dealt) : seatView(dealt, other);
      const before = view.hands.at(-2)!;
      const fifth = before.tricks[4]!;
      const marked = fifth.cards.map((_, i) => (fifth.leader + i) % 4).filter((seat) => view.forced.some((move) => move.hand === before.hand && move.seat === seat && move.trick === 5));
      expect(marked.length).toBe(perspective === 'all' ? 4 : 1);
      expect(await page.locator('[data-board] [data-trick="5"] [data-played-by]:has([data-forced])').evaluateAll((plays) => plays.map((play) => Number(play.getAttribute('data-played-by'))))).toEqual(marked);
    }
    expect(h.pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('shows the teams’ pooled scores, every finished hand and, at the end, the places by side (N13, N17)', async () => {
    const page = await h.newPage('desktop');
    const last = played.replay.moves.length;
    await page.goto(`/matches/${matchId}#move=${last}`);
    await page.locator(`[data-viewer][data-move="${last}"] [data-game="nineteen"]`).waitFor();
    const end = spectator(last);
    expect(await page.locator('[data-board] [data-score]').evaluateAll((tags) => tags.map((tag) => Number(tag.getAttribute('data-score'))))).toEqual(end.scores);
    expect(await page.locator('[data-board] [data-side] .nineteen-side-members').allInnerTexts()).toEqual([
      `${SIDE_NAMES[0]} (seat 0), ${SIDE_NAMES[0]} (seat 2)`, `${SIDE_NAMES[1]} (seat 1), ${SIDE_NAMES[1]} (seat 3)`,
    ]);
    const ranks = played.replay.result.ranks ?? [0, 1, 2, 3].map((seat) => (seat % 2 === played.replay.result.winner % 2 ? 1 : 2));
    expect(await page.locator('[data-board] [data-place]').evaluateAll((tags) => tags.map((tag) => Number(tag.getAttribute('data-place'))))).toEqual([ranks[0], ranks[1]]);
    const hands = await page.locator('[data-board] [data-hand-record]').evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-hand-record'))));
    expect(hands).toEqual(end.hands.map((hand) => hand.hand).reverse().slice(0, 5));
    // the newest line: its bid, made or set (N13), and the scores after it
    const lastHand = end.hands.at(-1)!;
    const newest = await page.locator('[data-board] [data-hand-record]').first().innerText();
    expect(newest).toContain(`${lastHand.bagged ? 'bagged at' : 'bid'} ${lastHand.bid}`);
    expect(newest).toContain(`Team A ${end.scores[0]} (`);
    expect(newest).toContain(`Team B ${end.scores[1]} (`);
    const result = await page.locator('[data-board] [data-result]').innerText();
    expect(result).toContain(`${ranks[0] === 1 ? 'Team A' : 'Team B'} wins`);
    expect(result).toContain(`(Team A ${end.scores[0]}, Team B ${end.scores[1]})`);
    expect(h.pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('shows a game in progress from its public views: no card of a hand but flip cards, no kitty card (N21)', async () => {
    const seriesId = await h.store.createSeries({ game: game.id, kind: 'challenge', rated: false, entrants: sides, seats: 4, deals: 1, seed: SEED, requestedBy: 'admin' });
    const liveId = `${seriesId}.0`;
    const shownMove = moveWhere((view) => view.phase === 'play' && current(view).flips.length > 0) + 1;
    await h.store.publishLive(liveId, liveEventsOf(game, liveId, bySeat, played, shownMove), { game: game.id, tournament: null });

    const page = await h.newPage('phone');
    await page.goto(`/matches/${liveId}`);
    await page.locator(`[data-viewer][data-move="${shownMove}"] [data-game="nineteen"]`).waitFor();
    expect(await page.locator('button[data-perspective]').count()).toBe(0);
    const everything = spectator(shownMove);
    const flips = current(everything).flips.map((flip) => flip.card);
    const secret = [...everything.seatCards.flat(), ...everything.kittyCards, ...everything.stockCards].filter((card) => !flips.includes(card));
    const onPage = await page.locator('[data-card]').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-card')));
    expect(onPage.filter((card) => secret.includes(card!))).toEqual([]);
    expect(await handsShown(page)).toEqual(handsExpected(shownMove, 'public'));
    expect(await h.overflowsSideways(page)).toBe(false);
    await h.expectCleanPage(page, 'viewer-nineteen-live');
    // the summary, and the Live page's list, name each side's entrant once (N1)
    expect(await page.locator('.viewer-summary').innerText()).toBe(`Live: ${SIDE_NAMES[0]} vs ${SIDE_NAMES[1]}`);
    await page.goto('/live');
    expect(await page.locator(`li[data-match="${liveId}"] .players`).innerText()).toBe(`${SIDE_NAMES[0]} vs ${SIDE_NAMES[1]}`);
    await page.close();
  });

  it('draws a 6-seat game in progress (teams of three, N1) on a phone without a sideways scroll', async () => {
    const six = playRandomly(game, SEED, 6, mostlyPassing);
    const shownMove = six.states.findIndex((state) => (game.publicView(state) as NineteenPublicView).phase === 'play') + 3;
    const seriesId = await h.store.createSeries({ game: game.id, kind: 'challenge', rated: false, entrants: sides, seats: 6, deals: 1, seed: SEED, requestedBy: 'admin' });
    const liveId = `${seriesId}.0`;
    const seats = [0, 1, 2, 3, 4, 5].map((seat) => sides[seat % 2]!);
    await h.store.publishLive(liveId, liveEventsOf(game, liveId, seats, six, shownMove), { game: game.id, tournament: null });

    const page = await h.newPage('phone');
    await page.goto(`/matches/${liveId}`);
    await page.locator(`[data-viewer][data-move="${shownMove}"] [data-game="nineteen"]`).waitFor();
    expect(await page.locator('[data-board] .nineteen-seat').evaluateAll((panels) => panels.map((panel) => panel.getAttribute('data-team')))).toEqual(['0', '1', '0', '1', '0', '1']);
    // N6: every discard count is public once the tricks have begun
    expect(await page.locator('[data-board] [data-discarded]').count()).toBe(6);
    expect(await h.overflowsSideways(page)).toBe(false);
    await h.expectCleanPage(page, 'viewer-nineteen-six');
    await page.close();
  });

  it.each(['desktop', 'phone'] as const)('fits a %s screen (no sideways scroll) and is photographed', async (size) => {
    const page = await h.newPage(size);
    const move = moveWhere((view) => view.phase === 'play' && (current(view).tricks.at(-1)?.cards.length ?? 0) >= 3);
    await page.goto(`/matches/${matchId}#move=${move}`);
    await page.locator(`[data-viewer][data-move="${move}"] [data-game="nineteen"]`).waitFor();
    expect(await h.overflowsSideways(page)).toBe(false);
    await h.expectCleanPage(page, 'viewer-nineteen');
    await page.close();
  });
});

describe('the Nineteen table model', () => {
  it.each([2, 3, 4, 5, 6])('at %i seats holds no card its view may not know: other hands but flip cards, the kitty but for its bidder, others’ discards, forced marks (N5, N6, N21, N22)', (seatCount) => {
    const { states } = playRandomly(game, SEED + seatCount, seatCount, mostlyPassing);
    let kittiesSeen = 0;
    for (const state of states) {
      const everything = game.spectatorView(state) as NineteenSpectatorView;
      const hand = current(everything);
      const flips = (seat: number): string[] => hand.flips.filter((flip) => flip.seat === seat).map((flip) => flip.card);
      for (const viewer of [null, ...everything.seatCards.keys()]) {
        const table = nineteenTableOf(viewer === null ? game.publicView(state) : game.view(state, viewer));
        for (const [seat, shown] of table.seats.entries()) {
          if (seat === viewer) continue;
          const where = `seat ${seat} seen by ${viewer ?? 'the public'}`;
          expect(shown.hand.filter((card) => card !== null && !flips(seat).includes(card)), where).toEqual([]);
          expect(shown.hand.length, where).toBe(everything.handSizes[seat]);
          expect(shown.discards, where).toEqual([]);
          if (everything.phase === 'discard') expect(shown.discarded, `${where}: no discard count before all have discarded`).toBeNull();
          expect(shown.bidForced, where).toBe(false);
        }
        const mayKnowKitty = viewer !== null && viewer === hand.bidder && hand.trump !== null;
        if (!mayKnowKitty) expect(table.kitty.filter((card) => card !== null), `the kitty seen by ${viewer ?? 'the public'}`).toEqual([]);
        else if (everything.phase === 'discard') kittiesSeen += table.kitty.length;
        const plays = [...(table.trick?.plays ?? []), ...(table.lastTrick?.plays ?? [])];
        expect(plays.filter((play) => play.forced && play.seat !== viewer)).toEqual([]);
      }
    }
    expect(kittiesSeen, 'the bidder sees its kitty during the discard').toBeGreaterThan(0);
  });
});

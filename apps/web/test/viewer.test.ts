/**
 * The match viewer in Chromium against a real server with real games: what the page shows at a
 * move (hands, strike row, points, the move number) is checked against the engine's own views of
 * the stored replay at that move, stepping with the buttons, the keyboard and the slider; the seat
 * switch hides the other seat's closed cards (R11); `#move=K` opens at move K; the owner of a bot
 * sees what it printed at that move. A game in progress shows its public views as they come (no
 * hidden card, R11) as the broadcast shows it (held on broadcast until its end is shown) and
 * follows the newest move unless the user stepped back. Screenshots:
 * viewer-desktop.png and viewer-phone.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { parseReplay, replayStates, xix, type Replay, type XixPublicView, type XixSeatView, type XixSpectatorView } from '@xix/engine';
import type { LiveEvent } from '@xix/store';
import { match as storedMatch } from '../../store/test/world.ts';
import { SCREENSHOTS, openWebHarness, type WebHarness } from './harness.ts';

/** A bot that says what it is deciding, so the viewer has something to show its owner. */
const TALKER = `import { defineXixBot } from '@xix/sdk';
export default defineXixBot({
  decide(view) {
    console.log(\`deciding in phase \${view.phase} among \${view.legalActions.length}\`);
    return view.legalActions[0]!;
  },
});
`;

interface States {
  readonly replay: Replay;
  /** The engine's state after each move (index = moves applied). */
  readonly states: readonly unknown[];
}

let h: WebHarness;
let seeded: States & { readonly id: string };
let talker: States & { readonly id: string; readonly seat: number };

beforeAll(async () => {
  h = await openWebHarness();
  const id = h.seeded.matches[0]!;
  seeded = { id, ...(await statesOf(id)) };
  const match = await talkerMatch();
  talker = { ...match, ...(await statesOf(match.id)) };
}, 180_000);
afterAll(async () => h?.close());

async function statesOf(id: string): Promise<States> {
  const replay = parseReplay(await h.api(`/api/matches/${id}/replay`));
  const states: unknown[] = [];
  const run = replayStates(xix, replay, { onStart: (s) => states.push(xix.clone(s as never)), onStep: ({ state }) => states.push(xix.clone(state as never)) });
  if (!run.ok) throw new Error(`replay of ${id} does not re-simulate: ${run.reason}`);
  return { replay, states };
}

/** Alice uploads the talker; one of its validation games against the house random bot. */
async function talkerMatch(): Promise<{ id: string; seat: number }> {
  const response = await fetch(`${h.baseUrl}/api/bots`, {
    method: 'POST',
    headers: { authorization: `Bearer ${h.seeded.alice.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ game: 'xix', name: 'talker', files: { 'bot.ts': TALKER } }),
  });
  const uploaded = (await response.json()) as { bot: string; validation: string[] };
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${JSON.stringify(uploaded)}`);
  for (;;) {
    const series = await Promise.all(uploaded.validation.map((s) => h.api<{ status: string; entrants: { bot: string }[]; matches: string[] }>(`/api/series/${s}`)));
    if (series.some((s) => s.status === 'failed')) throw new Error('the talker’s validation failed');
    const versusRandom = series.find((s) => s.entrants.some((e) => e.bot === h.seeded.house.random));
    if (versusRandom !== undefined && versusRandom.matches.length > 0) {
      const id = versusRandom.matches[0]!;
      const match = await h.api<{ entrants: { bot: string }[] }>(`/api/matches/${id}`);
      return { id, seat: match.entrants.findIndex((e) => e.bot === uploaded.bot) };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

type ShownCard = string | null;
interface ShownTable {
  readonly move: string | null;
  readonly seats: readonly { readonly closed: readonly ShownCard[]; readonly open: readonly ShownCard[]; readonly points: string | null }[];
  readonly row: readonly { readonly face: string | null; readonly card: ShownCard }[];
}

/** What the page draws: every card by its data-card (null: drawn face down, unknown). */
function shownTable(page: Page): Promise<ShownTable> {
  return page.locator('[data-viewer]').evaluate((viewer) => {
    const cards = (selector: string): (string | null)[] => [...viewer.querySelectorAll(`${selector} .xix-card`)].map((card) => card.getAttribute('data-card'));
    const seat = (s: number) => ({
      closed: cards(`[data-board] [data-seat="${s}"] [data-hand="closed"]`),
      open: cards(`[data-board] [data-seat="${s}"] [data-hand="open"]`),
      points: viewer.querySelector(`[data-board] [data-seat="${s}"] [data-points]`)?.getAttribute('data-points') ?? null,
    });
    return {
      move: viewer.getAttribute('data-move'),
      seats: [seat(0), seat(1)],
      row: [...viewer.querySelectorAll('[data-board] [data-slot]')].map((slot) => {
        const card = slot.querySelector('.xix-card');
        return { face: card?.getAttribute('data-face') ?? null, card: card?.getAttribute('data-card') ?? null };
      }),
    };
  });
}

/** Goes to a move the way a pasted link does: a new #move=K in the address. */
async function followLink(page: Page, move: number): Promise<void> {
  await page.evaluate(`location.hash = '#move=${move}'`);
}

const text = (cards: readonly number[]): string[] => cards.map(String);

/** The table as the spectator view has it after `move` moves: everything. */
function everything(states: States, move: number): ShownTable {
  const view = xix.spectatorView(states.states[move] as never) as XixSpectatorView;
  return {
    move: String(move),
    seats: view.hands.map((hand, s) => ({ closed: text(hand.closed), open: text(hand.open), points: String(view.points[s]) })),
    row: view.strikeRow.map((slot) => ({ face: slot.faceUp ? 'up' : 'down', card: String(slot.card) })),
  };
}

/** The table as `seat` saw it (R11): the other seat's closed cards unknown but those it followed. */
function asSeat(states: States, move: number, seat: number): ShownTable {
  const view = xix.view(states.states[move] as never, seat) as XixSeatView;
  const own = { closed: text(view.hand.closed), open: text(view.hand.open), points: String(view.points[seat]) };
  const hidden = Array.from({ length: view.opponent.closedCount - view.opponent.closedKnown.length }, () => null);
  const other = { closed: [...text(view.opponent.closedKnown), ...hidden], open: text(view.opponent.open), points: String(view.points[1 - seat]) };
  return {
    move: String(move),
    seats: seat === 0 ? [own, other] : [other, own],
    row: view.strikeRow.map((slot) => ({ face: slot.faceUp ? 'up' : 'down', card: slot.card === null ? null : String(slot.card) })),
  };
}

/** The table as everyone may see it (a live game): no closed card, no face-down strike card. */
function publicly(states: States, move: number): ShownTable {
  const view = xix.publicView(states.states[move] as never) as XixPublicView;
  return {
    move: String(move),
    seats: view.hands.map((hand, s) => ({ closed: Array.from({ length: hand.closedCount }, () => null), open: text(hand.open), points: String(view.points[s]) })),
    row: view.strikeRow.map((slot) => ({ face: slot.faceUp ? 'up' : 'down', card: slot.card === null ? null : String(slot.card) })),
  };
}

async function openViewer(path: string, token?: string): Promise<Page> {
  const page = await h.newPage('desktop', token === undefined ? {} : { token });
  await page.goto(path);
  await page.locator('[data-viewer][data-move] [data-board] .xix-table').waitFor();
  return page;
}

async function expectShown(page: Page, expected: ShownTable): Promise<void> {
  // the page draws on its next animation frame; a burst of live events may take it a while
  await expect.poll(() => shownTable(page), { timeout: 10_000 }).toEqual(expected);
  expect(new URL(page.url()).hash).toBe(`#move=${expected.move}`);
}

/** Is part of the seat to move on the screen, under the viewer's controls? */
function seatToMoveCovered(page: Page): Promise<boolean> {
  return page.evaluate<boolean>(`(() => {
    const seat = document.querySelector('[data-board] [data-to-move="true"]')?.getBoundingClientRect();
    const controls = document.querySelector('.viewer-controls').getBoundingClientRect();
    return seat !== undefined && seat.bottom > controls.top && seat.top < Math.min(controls.bottom, innerHeight);
  })()`);
}

describe('match viewer', () => {
  it('steps through a stored match with the buttons, the keyboard and the slider, showing the engine’s view at each move', async () => {
    const { id, replay } = seeded;
    const last = replay.moves.length;
    expect(last).toBeGreaterThan(10);
    const page = await openViewer(`/matches/${id}`);
    await expectShown(page, everything(seeded, 0));
    await expect.poll(() => page.locator('[data-board] [data-seat][data-to-move="true"]').getAttribute('data-seat')).toBe(String(replay.moves[0]!.seat));

    for (let i = 0; i < 3; i++) await page.click('[data-control="forward"]');
    await expectShown(page, everything(seeded, 3));
    await page.click('[data-control="back"]');
    await expectShown(page, everything(seeded, 2));

    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expectShown(page, everything(seeded, 4));
    await page.keyboard.press('End');
    await expectShown(page, everything(seeded, last));
    // the result at the end, as the replay records it
    await expect.poll(() => page.locator('[data-board] [data-result]').getAttribute('data-result')).toBe(String(replay.result.winner));
    await page.keyboard.press('ArrowRight'); // nothing after the end
    await expectShown(page, everything(seeded, last));
    await page.keyboard.press('Home');
    await expectShown(page, everything(seeded, 0));
    await page.keyboard.press('ArrowLeft'); // nothing before the deal
    await expectShown(page, everything(seeded, 0));

    const middle = Math.floor(last / 2);
    await page.locator('[data-control="slider"]').evaluate((slider, value) => {
      Object.assign(slider, { value: String(value) });
      slider.dispatchEvent(new Event('input', { bubbles: true }));
    }, middle);
    await expectShown(page, everything(seeded, middle));

    // speed: ] faster, [ slower, shown in the controls; the help line names the keys
    const speed = page.locator('[data-speed]');
    expect(await speed.getAttribute('data-speed')).toBe('1');
    await page.keyboard.press(']');
    await expect.poll(() => speed.getAttribute('data-speed')).toBe('2');
    await page.keyboard.press('[');
    await page.keyboard.press('[');
    await expect.poll(() => speed.getAttribute('data-speed')).toBe('0.5');
    expect(await page.locator('[data-help]').textContent()).toMatch(/Space.*←.*→.*Home.*End.*\[.*\]/);

    // Space plays (the moves go by on their own) and pauses; a focused button does not click twice
    await page.keyboard.press(']');
    await page.keyboard.press(']');
    await page.keyboard.press(']');
    await page.focus('[data-control="back"]');
    await page.keyboard.press('Space');
    await expect.poll(() => page.locator('[data-control="play"]').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(async () => Number(await page.locator('[data-viewer]').getAttribute('data-move')), { timeout: 10_000 }).toBeGreaterThan(middle + 1);
    await page.keyboard.press('Space');
    await expect.poll(() => page.locator('[data-control="play"]').getAttribute('aria-pressed')).toBe('false');
    const paused = Number(await page.locator('[data-viewer]').getAttribute('data-move'));
    await expectShown(page, everything(seeded, paused));
    expect(h.pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('shows the game as either seat saw it: the other seat’s closed cards face down, unknown (R11)', async () => {
    const { id, replay } = seeded;
    const moves = [1, Math.floor(replay.moves.length / 3), replay.moves.length - 1];
    const page = await openViewer(`/matches/${id}#move=${moves[0]}`);
    let hiddenChecked = 0;
    for (const move of moves) {
      await followLink(page, move);
      for (const seat of [0, 1]) {
        await page.click(`[data-perspective="seat-${seat}"]`);
        await expectShown(page, asSeat(seeded, move, seat));
        // no card hidden from that seat is anywhere on the board
        const deal = xix.spectatorView(seeded.states[move] as never) as XixSpectatorView;
        const known = (xix.view(seeded.states[move] as never, seat) as XixSeatView).opponent.closedKnown;
        const hidden = deal.hands[1 - seat]!.closed.filter((card) => !known.includes(card));
        hiddenChecked += hidden.length;
        for (const card of hidden) expect(await page.locator(`[data-board] [data-card="${card}"]`).count()).toBe(0);
        expect(await page.locator(`[data-board] [data-seat="${1 - seat}"] [data-hand="closed"] .xix-card[data-face="down"]:not([data-card])`).count()).toBe(hidden.length);
      }
      await page.click('[data-perspective="all"]');
      await expectShown(page, everything(seeded, move));
    }
    expect(hiddenChecked).toBeGreaterThan(0);
    expect(h.pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('opens at move K from a #move=K link, and follows a changed #move', async () => {
    const { id, replay } = seeded;
    const k = Math.min(17, replay.moves.length);
    const page = await openViewer(`/matches/${id}#move=${k}`);
    await expectShown(page, everything(seeded, k));
    expect(await page.locator('[data-control="link"]').getAttribute('href')).toBe(`#move=${k}`);
    // "Last moves" numbers each event by the move that made it (a forced abandon comes with the move that finished the trick)
    const events = await page.locator('.xix-events li').evaluateAll((items) => items.map((item) => ({ number: Number(item.getAttribute('value')), type: item.getAttribute('data-event') })));
    expect(events[0]!.number).toBe(k);
    for (const { number, type } of events) {
      const made = (replay.moves[number - 1]!.action as { type: string }).type;
      expect(type === made || (type === 'abandon' && made === 'play'), `move ${number}: ${type} shown, ${made} played`).toBe(true);
    }
    await followLink(page, 5);
    await expectShown(page, everything(seeded, 5));
    // an anchor that names no move is put right: the move shown, or the nearest end
    await page.evaluate(`location.hash = '#move=abc'`);
    await expect.poll(() => new URL(page.url()).hash).toBe('#move=5');
    await page.evaluate(`location.hash = '#move=99999'`);
    await expect.poll(() => new URL(page.url()).hash).toBe(`#move=${replay.moves.length}`);
    await page.close();
    for (const [anchor, move] of [['abc', 0], ['-2', 0], ['3.5', 0], ['99999', replay.moves.length]] as const) {
      const opened = await openViewer(`/matches/${id}#move=${anchor}`);
      await expectShown(opened, everything(seeded, move));
      await opened.close();
    }
  });

  it('shows its owner what the bot printed at each move, and nobody else', async () => {
    const { id, replay, states, seat } = talker;
    const moves = replay.moves.flatMap((move, i) => (move.seat === seat ? [i + 1] : [])).filter((_, i) => i % 7 === 0).slice(0, 4);
    expect(moves.length).toBeGreaterThan(1);
    const page = await openViewer(`/matches/${id}#move=${moves[0]}`, h.seeded.alice.token);
    for (const move of moves) {
      await followLink(page, move);
      // printed while deciding move K: from the view before it
      const before = xix.view(states[move - 1] as never, seat) as XixSeatView;
      await expect.poll(() => page.locator(`[data-logs] [data-log-move="${move}"][data-log-seat="${seat}"] pre`).textContent())
        .toBe(`deciding in phase ${before.phase} among ${before.legalActions.length}\n`);
    }
    const other = replay.moves.findIndex((move) => move.seat !== seat) + 1;
    await followLink(page, other);
    await expect.poll(() => page.locator('[data-logs] [data-log-empty]').count()).toBe(1);
    await page.close();

    const stranger = await openViewer(`/matches/${id}#move=${moves[0]}`);
    await expectShown(stranger, everything(talker, moves[0]!));
    expect(await stranger.locator('[data-logs]').isHidden()).toBe(true);
    await stranger.close();
  });

  it('shows a game in progress as its public views come, following the newest move unless stepped back, then its replay', async () => {
    const { replay, states } = seeded;
    const last = replay.moves.length;
    // a series of its own whose first game is played live (nothing plays it: this test is its worker)
    const entrants = [{ bot: h.seeded.house.random, version: 1, name: 'random' }, { bot: h.seeded.house.heuristic, version: 1, name: 'heuristic' }];
    const seriesId = await h.store.createSeries({ game: 'xix', kind: 'challenge', rated: false, entrants, deals: 1, seed: 1, requestedBy: 'alice' });
    const liveId = `${seriesId}.0`;
    const move = (k: number): LiveEvent => ({ type: 'move', move: k, seat: replay.moves[k - 1]!.seat, view: xix.publicView(states[k] as never) });
    const publish = (events: LiveEvent[]): Promise<void> => h.store.publishLive(liveId, events, { game: 'xix', tournament: null });
    await publish([{ type: 'start', match: liveId, game: 'xix', seats: entrants, view: xix.publicView(states[0] as never) }, ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(move)]);

    const page = await openViewer(`/matches/${liveId}`);
    await expectShown(page, publicly(seeded, 10));
    expect(await page.locator('[data-board] [data-seat="0"] .xix-name').textContent()).toMatch(/^random/);
    expect(await page.locator('button[data-perspective]').count()).toBe(0); // nothing but the public view while live
    expect(await page.locator('[data-live]').isVisible()).toBe(true);
    const current = page.locator('nav[aria-label="Main"] [aria-current="page"]');
    expect(await current.allTextContents()).toEqual(['Live']); // a game in progress is Live's
    // R11: no closed card and no face-down strike card of the deal is anywhere on the page
    const deal = xix.spectatorView(states[10] as never) as XixSpectatorView;
    const secret = [...deal.hands.flatMap((hand) => hand.closed), ...deal.strikeRow.filter((slot) => !slot.faceUp).map((slot) => slot.card), deal.discard];
    expect(secret.length).toBeGreaterThan(5);
    for (const card of secret) expect(await page.locator(`[data-card="${card}"]`).count()).toBe(0);

    await publish([move(11), move(12)]);
    await expectShown(page, publicly(seeded, 12));
    await page.keyboard.press('ArrowLeft');
    await expectShown(page, publicly(seeded, 11));
    await publish([move(13)]);
    await expect.poll(() => page.locator('[data-control="slider"]').getAttribute('max')).toBe('13'); // move 13 came
    expect(await shownTable(page)).toEqual(publicly(seeded, 11)); // and the page stayed where the user went
    await page.keyboard.press('End');
    await expectShown(page, publicly(seeded, 13));

    // the end (published once the match is stored, as the worker does): the whole deal and the result,
    // then the stored replay with the switch to either seat's view
    const rest = Array.from({ length: last - 13 }, (_, i) => move(14 + i));
    await publish(rest);
    await expectShown(page, publicly(seeded, last));
    // the series plays no more: no other game of this deal (deal publicity, issue 19); but the page
    // follows the game, so it is on broadcast: held, its deal secret, until the page has shown its end
    await h.store.setSeriesStatus(seriesId, 'failed', 'only its first game is played');
    expect(await h.store.onBroadcast([liveId])).toEqual(new Set([liveId]));
    expect(await h.store.unpublishedMatches([liveId])).toEqual(new Set([liveId]));
    await h.store.recordMatch(storedMatch(seriesId, 0, entrants, replay, { rated: false }));
    const ranks = replay.result.points.map((_, seat) => (seat === replay.result.winner ? 0 : 1));
    await publish([{ type: 'end', moves: last, ranks, reason: replay.result.reason, view: xix.spectatorView(states[last] as never) }]);
    await expectShown(page, everything(seeded, last));
    await expect.poll(() => page.locator('[data-board] [data-result]').getAttribute('data-result')).toBe(String(replay.result.winner));
    await expect.poll(() => page.locator('button[data-perspective]').count(), { timeout: 10_000 }).toBe(3);
    expect(await page.locator('[data-live]').isHidden()).toBe(true);
    expect(await current.count()).toBe(0); // a finished one is not
    await page.click('[data-perspective="seat-1"]');
    await expectShown(page, asSeat(seeded, last, 1));
    expect(h.pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('highlights no item of the navigation for a finished match (it is not Live’s)', async () => {
    const page = await openViewer(`/matches/${seeded.id}`);
    expect(await page.locator('nav[aria-label="Main"] [aria-current="page"]').count()).toBe(0);
    await page.close();
  });

  it('says so for a match that is neither stored nor live', async () => {
    const page = await h.newPage('desktop');
    await page.goto('/matches/s424242.7');
    await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 10_000 }).toMatch(/s424242\.7/);
    expect(await page.locator('[data-viewer]').count()).toBe(0);
    expect(h.pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('says a match whose replay expired (retention, issue 24) has none, and shows its result', async () => {
    const entrants = await Promise.all([h.seeded.house.random, h.seeded.house.heuristic].map(async (bot) => {
      const found = (await h.store.getBot(bot))!;
      return { bot, version: found.active!, name: found.name };
    }));
    const series = await h.store.createSeries({ game: 'xix', kind: 'challenge', rated: false, entrants, deals: 1, seed: 1, requestedBy: 'alice' });
    // a game of 1970 (world.ts match): today's retention pass deletes its replay
    await h.store.recordMatch(storedMatch(series, 0, entrants, seeded.replay as never, { rated: false }));
    await h.store.setSeriesStatus(series, 'failed', 'only its first game is played'); // the series plays no more: this game's deal is public (deal publicity, issue 19)
    expect((await h.store.expireReplays({ owner: 'viewer-test', maxAgeMs: 30 * 86_400_000 })).deleted).toEqual(['games/challenge/1970-01-01']);
    const page = await h.newPage('desktop');
    await page.goto(`/matches/${series}.0`);
    await expect.poll(() => page.getByRole('status').textContent(), { timeout: 10_000 }).toMatch(new RegExp(`^The replay of match ${series}\\.0 has expired: .*its result still counts\\.$`));
    const stored = (await h.store.getMatch(`${series}.0`))!;
    expect(await page.locator('[data-result]').textContent()).toBe(`Result: ${entrants.map((e, seat) => `${e.name}: place ${stored.ranks[seat]}, ${stored.points[seat]} points`).join('; ')} (${stored.reason}).`);
    expect(await page.locator('[data-viewer]').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'replay JSON' }).count()).toBe(0);
    expect(h.pageErrors(page)).toEqual([]);
    await page.close();
  });

  it.each(['desktop', 'phone'] as const)('screenshot at %s size', async (size) => {
    const page = await h.newPage(size);
    await page.goto(`/matches/${seeded.id}#move=${Math.floor(seeded.replay.moves.length / 2)}`);
    await page.locator('[data-board] .xix-table').waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth > window.innerWidth')).toBe(false);
    // the screen as it is (not the whole page): the controls stay at the bottom of a phone's screen
    await page.screenshot({ path: `${SCREENSHOTS}viewer-${size}.png` });
    expect(await h.accessibilityViolations(page)).toEqual([]);
    // the controls (sticky at the bottom of a phone's screen) never cover the seat to move, move after move
    for (let step = 0; step < 6; step++) {
      expect(await seatToMoveCovered(page), `move ${await page.locator('[data-viewer]').getAttribute('data-move')}`).toBe(false);
      const move = Number(await page.locator('[data-viewer]').getAttribute('data-move'));
      await page.locator('[data-control="forward"]').click();
      await page.locator(`[data-viewer][data-move="${move + 1}"]`).waitFor();
    }
    expect(h.pageErrors(page)).toEqual([]);
    await page.close();
  });
});

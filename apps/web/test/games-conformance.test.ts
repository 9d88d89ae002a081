/**
 * The web layer's conformance test: every game of the engine's registry (the fixture game nim too,
 * under the test-only switch) is drawn by the match viewer — with its own renderer or the generic
 * one — at every move of a game of random legal moves, through every perspective the viewer offers
 * and as a live game's public views, without throwing; and no drawing shows a value of the deal
 * that its view does not hold (a live game: no hidden card). A failure names the game and what is
 * wrong. Drawn in Chromium from a bundle of the viewer's own pieces (conformance/page.ts), with no
 * server. Also: the web registry lists only games of the engine's registry.
 *
 * What a drawing shows: each text a node holds alone, and each card named by data-card (both
 * renderers draw a value as its own text, or a card with data-card); the test checks that it can
 * see the hidden values this way by finding some of them in the drawings of everything.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { GAMES, type AnyGame, type GameResult } from '@xix/engine';
import { webBundleOptions } from '../build.ts';
import { ALL, seatPerspective } from '../src/viewer/frames.ts';
import type { Drawing } from './conformance/drawing.ts';
import { CHROMIUM_OPTIONS } from './harness.ts';
import { playRandomly, type Played } from './random-game.ts';

const PAGE_ENTRY = fileURLToPath(new URL('conformance/page.ts', import.meta.url));
const SEED = 16;

/** A finished game's outcome as the match page hands it to the renderer of the last frame. */
type Outcome = GameResult & { readonly forfeit: null };

/** The page's functions (conformance/page.ts), called with JSON. */
type PageCall = 'ownRenderers' | 'webGames' | 'replay' | 'live';

/** Every string and number a view holds, as text. */
function values(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) into.add(String(value));
  else if (Array.isArray(value)) for (const item of value) values(item, into);
  else if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) values(item, into);
  return into;
}

/** What the deal holds and `view` does not (a game's end, `outcome`, is no secret). */
function hiddenFrom(game: AnyGame, state: unknown, view: unknown, outcome: Outcome | null): Set<string> {
  const seen = values(outcome, values(view));
  return new Set([...values(game.spectatorView(state))].filter((value) => !seen.has(value)));
}

function viewOf(game: AnyGame, state: unknown, perspective: string): unknown {
  if (perspective === ALL) return game.spectatorView(state);
  const seat = Number(perspective.slice(seatPerspective(0).length - 1));
  if (perspective !== seatPerspective(seat)) throw new Error(`game ${game.id}: the viewer offers an unknown perspective "${perspective}"`);
  return game.view(state, seat);
}

/** The drawings' failures, in words naming the game: a throw, or values their views do not hold. */
function failures(game: AnyGame, played: Played, drawings: readonly Drawing[], outcome: Outcome | null): string[] {
  const last = played.states.length - 1;
  return drawings.flatMap((drawing) => {
    const where = `game ${game.id}, move ${drawing.move} ${drawing.perspective === 'public' ? 'live (the public view)' : `as ${drawing.perspective}`}`;
    if (drawing.error !== null) return [`${where}: the ${drawing.generic ? 'generic renderer' : 'renderer'} threw: ${drawing.error}`];
    const state = played.states[drawing.move];
    const view = drawing.perspective === 'public' ? game.publicView(state) : viewOf(game, state, drawing.perspective);
    const hidden = hiddenFrom(game, state, view, drawing.move === last ? outcome : null);
    const leaked = drawing.shown.filter((shown) => hidden.has(shown));
    return leaked.length === 0 ? [] : [`${where}: shows ${leaked.join(', ')}, which its view does not hold`];
  });
}

let browser: Browser;
let page: Page;
let bundleDir: string;
/** The web registry's games, and those with a renderer of their own (the rest: the generic renderer). */
let webGames: string[];
let ownRenderers: string[];

beforeAll(async () => {
  bundleDir = await mkdtemp(join(tmpdir(), 'xix-web-conformance-'));
  // the viewer's pieces as the pages' build makes them, with the fixture games
  const bundled = await build({ entryPoints: [PAGE_ENTRY], define: webBundleOptions(true).define, bundle: true, format: 'esm', target: ['es2022'], outdir: bundleDir, write: false, logLevel: 'silent' });
  const script = bundled.outputFiles.find((file) => file.path.endsWith('.js'))!.text;
  browser = await chromium.launch(CHROMIUM_OPTIONS);
  page = await browser.newPage();
  await page.setContent('<!doctype html><html lang="en"><body></body></html>');
  await page.addScriptTag({ type: 'module', content: script });
  await page.waitForFunction(() => 'conformance' in globalThis);
  webGames = await call<string[]>('webGames');
  ownRenderers = await call<string[]>('ownRenderers');
});
afterAll(async () => {
  await browser?.close();
  await rm(bundleDir, { recursive: true, force: true });
});

function call<T>(name: PageCall, ...args: unknown[]): Promise<T> {
  return page.evaluate(([fn, given]) => (globalThis as unknown as { conformance: Record<string, (...a: unknown[]) => unknown> }).conformance[fn]!(...given), [name, args] as const) as Promise<T>;
}

describe('every game in the match viewer', () => {
  it('covers the fixture game (the test-only switch is on), which has no renderer of its own', () => {
    expect([...GAMES.keys()]).toContain('nim');
    expect(ownRenderers).not.toContain('nim');
  });

  it('lists in the web registry only games of the engine’s registry', () => {
    expect(webGames.length).toBeGreaterThan(0);
    const unknown = webGames.filter((id) => !GAMES.has(id));
    expect(unknown.map((id) => `apps/web/src/games/registry.ts lists ${id}, which the engine's registry does not know`)).toEqual([]);
  });

  it.each([...GAMES.keys()])('draws every move of a game of %s, through every perspective, live with no hidden card', async (id) => {
    const game = GAMES.get(id)!;
    const played = playRandomly(game, SEED);
    const outcome: Outcome = { ...played.replay.result, forfeit: null };
    const generic = !ownRenderers.includes(id);

    const drawn = await call<Drawing[] | string>('replay', played.replay, played.seats, outcome);
    if (typeof drawn === 'string') expect.fail(`game ${id}: the viewer cannot re-simulate its replay: ${drawn}`);
    const perspectives = [ALL, ...played.seats.map((_, seat) => seatPerspective(seat))];
    expect(drawn.length, `game ${id}: the viewer draws every move through every perspective`).toBe(played.states.length * perspectives.length);
    expect(drawn.filter((drawing) => drawing.generic !== generic).map((d) => `game ${id}, move ${d.move}: drawn by the ${d.generic ? 'generic renderer' : 'a renderer of its own'}`)).toEqual([]);
    expect(failures(game, played, drawn, outcome)).toEqual([]);

    const live = await call<Drawing[]>('live', id, played.states.map((state) => game.publicView(state)), played.seats);
    expect(failures(game, played, live, null)).toEqual([]);

    // the test sees hidden values where they are drawn: the drawings of everything show some that the public view hides
    const seenHidden = drawn.filter((drawing) => drawing.perspective === ALL).flatMap((drawing) => {
      const state = played.states[drawing.move];
      const hidden = hiddenFrom(game, state, game.publicView(state), null);
      return drawing.shown.filter((shown) => hidden.has(shown));
    });
    expect(seenHidden.length, `game ${id}: no drawing of everything shows a value its public view hides, so this test could not see one drawn live`).toBeGreaterThan(0);
  });
});

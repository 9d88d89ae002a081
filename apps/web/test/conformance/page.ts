/**
 * The page side of the web layer's conformance test (../games-conformance.test.ts), bundled by the
 * test with the fixture games and run in Chromium: it draws views with the viewer's own pieces (the
 * renderer the registry gives a game, the frames of a replay as the match page makes them) and
 * answers what each drawing shows, for the test to compare with the engine's views. Type-checked
 * with the pages' sources (apps/web/src/tsconfig.json: it needs the DOM).
 */
import { loadFixtureGames } from '@xix/engine';
import { WEB_GAMES, rendererOf } from '../../src/games/registry.ts';
import { genericRenderer } from '../../src/viewer/generic-renderer.ts';
import { replayFrames } from '../../src/viewer/frames.ts';
import type { Outcome, SeatInfo } from '../../src/viewer/renderer.ts';
import type { Drawing } from './drawing.ts';

await loadFixtureGames();

function draw(game: string, view: unknown, move: number, seats: readonly SeatInfo[], outcome: Outcome | null): Omit<Drawing, 'move' | 'perspective'> {
  const renderer = rendererOf(game);
  const root = document.createElement('div');
  try {
    renderer.render(root, view, { game, seats, move, outcome });
  } catch (error) {
    return { shown: [], error: (error as Error).message, generic: renderer === genericRenderer };
  }
  const shown = new Set<string>();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? '';
    if (text !== '') shown.add(text);
  }
  for (const card of root.querySelectorAll('[data-card]')) shown.add(card.getAttribute('data-card')!);
  return { shown: [...shown], error: null, generic: renderer === genericRenderer };
}

const api = {
  /** The games with a renderer of their own. */
  ownRenderers(): string[] {
    return [...WEB_GAMES.values()].flatMap((game) => (game.renderer === undefined ? [] : [game.id]));
  },
  /** The games of the web registry. */
  webGames(): string[] {
    return [...WEB_GAMES.keys()];
  },
  /** Every frame of a stored game's replay, through every perspective the viewer offers. */
  replay(replay: unknown, seats: readonly SeatInfo[], outcome: Outcome): Drawing[] | string {
    let frames;
    try {
      frames = replayFrames(replay);
    } catch (error) {
      return (error as Error).message;
    }
    const { replay: parsed, frames: all } = frames;
    return all.flatMap((frame, i) => Object.entries(frame.views).map(([perspective, view]) => ({
      move: frame.move, perspective, ...draw(parsed.game.id, view, frame.move, seats, i === all.length - 1 ? outcome : null),
    })));
  },
  /** A live game's frames: the public view after each move. */
  live(game: string, views: readonly unknown[], seats: readonly SeatInfo[]): Drawing[] {
    return views.map((view, move) => ({ move, perspective: 'public', ...draw(game, view, move, seats, null) }));
  },
};

(globalThis as { conformance?: typeof api }).conformance = api;

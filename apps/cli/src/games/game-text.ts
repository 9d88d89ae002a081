/**
 * A game's text for the terminal: how `xix replay show` prints its replays, and how `replay show
 * --seat` and `replay rerun` print a seat's view, its history and an action. Every piece is
 * optional; a game without one gets the generic fallback below (JSON, move by move), which works
 * for any game. A game's own text lives in its folder, apps/cli/src/games/<id>/, and is listed in
 * registry.ts.
 */
import type { AnyGame, Replay, Seat } from '@xix/engine';
import { simulate, type Simulation } from '../replay/simulate.ts';

export type Out = (line: string) => void;

/** An event of a seat view's public history, as text. */
export interface SeatEvent {
  readonly seat: Seat;
  readonly text: string;
  /** A decision of that seat (shown as its move) rather than one the rules made for it. */
  readonly decided: boolean;
}

export interface GameText {
  /** The game's id (its folder's name). */
  readonly id: string;
  /** The whole game, re-simulated, as `xix replay show` prints it. */
  readonly replay?: (replay: Replay, out: Out) => Simulation;
  /** What a seat knows when it decides (its view), one or more lines. */
  readonly situation?: (view: unknown) => string;
  /** The events of a seat view's public history, in order (what the seat learned of the others). */
  readonly history?: (view: unknown) => readonly SeatEvent[];
  /** An action, short. */
  readonly action?: (action: unknown) => string;
}

export type FullGameText = Required<GameText>;

/** The fallbacks: the replay move by move, a view and an action as JSON, no history beyond the view's own. */
export function genericText(game: AnyGame): FullGameText {
  return {
    id: game.id,
    replay: (replay, out) => renderMoves(game, replay, out),
    situation: (view) => JSON.stringify(view),
    history: () => [],
    action: (action) => JSON.stringify(action) ?? String(action),
  };
}

/** One line per move, then the result. */
function renderMoves(game: AnyGame, replay: Replay, out: Out): Simulation {
  out(`${replay.game.id} ${replay.game.version}: ${replay.seats.map((s, i) => `${s.name} (seat ${i})`).join(' vs ')}${replay.seed === undefined ? '' : `, seed ${replay.seed}`}`);
  out(`setup: ${JSON.stringify(replay.setup)}`);
  const simulation = simulate(game, replay, ({ index, move }) => out(`  ${index + 1}. ${replay.seats[move.seat]?.name}: ${JSON.stringify(move.action)}`), () => {});
  if (simulation.ok) out(`result: ${JSON.stringify(replay.result)}${replay.forfeit ? `; forfeit ${JSON.stringify(replay.forfeit)}` : ''}`);
  return simulation;
}

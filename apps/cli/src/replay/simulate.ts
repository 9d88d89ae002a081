/**
 * Steps through a replay with the engine's `replayStates`, one recorded move at a time, stopping
 * at the first move that is not the right seat's or not legal, with a message for the terminal.
 */
import { replayStates, type AnyGame, type Replay, type ReplayMove } from '@xix/engine';

export type Step = { readonly index: number; readonly move: ReplayMove; readonly state: unknown };
export type Simulation = { readonly ok: true } | { readonly ok: false; readonly message: string };

export function simulate(game: AnyGame, replay: Replay, onStep: (step: Step) => void, onStart: (state: unknown) => void): Simulation {
  const run = replayStates(game, replay, { onStart, onStep });
  if (run.ok) return { ok: true };
  return { ok: false, message: run.step === null ? run.reason : `move ${run.step}: ${run.reason}` };
}

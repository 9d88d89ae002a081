/**
 * 1923 seat views as strings for a sandboxed bot (see `ViewCodec` in game.ts): JSON, except that
 * the finished rounds, the one part that grows, are sent once. A code is the JSON of
 * `[from, newRounds, view with rounds null]`: the decoder keeps its first `from` rounds and
 * appends the new ones. Nothing is filtered here: views.ts did that.
 */
import { GameError, type ViewCodec } from '../../game.ts';
import type { RoundRecord, NineteenTwentyThreeSeatView } from './views.ts';

export const nineteenTwentyThreeViewCodec: ViewCodec<NineteenTwentyThreeSeatView> = { createEncoder, createDecoder };

function createEncoder(): (view: NineteenTwentyThreeSeatView) => string {
  let sent = 0;
  let lastSent: RoundRecord | undefined;
  return (view) => {
    const rounds = view.rounds;
    // Records are shared frozen objects, so identity says the view continues the last one; any
    // other view (a new game, a copy) gets every round again.
    const from = sent <= rounds.length && (sent === 0 || rounds[sent - 1] === lastSent) ? sent : 0;
    sent = rounds.length;
    lastSent = rounds[sent - 1];
    return JSON.stringify([from, rounds.slice(from), { ...view, rounds: null }]);
  };
}

function createDecoder(): (code: string) => NineteenTwentyThreeSeatView {
  let held: RoundRecord[] = [];
  return (code) => {
    const [from, fresh, view] = JSON.parse(code) as [number, RoundRecord[], Record<string, unknown>];
    if (!Number.isInteger(from) || from > held.length || !Array.isArray(fresh)) throw new GameError(`1923 view code: the decoder holds ${held.length} rounds, the code continues from ${String(from)}`);
    held = held.slice(0, from).concat(fresh);
    view.rounds = held.slice();
    return view as unknown as NineteenTwentyThreeSeatView;
  };
}
export { nineteenTwentyThreeViewCodec as viewCodec };

/**
 * Nineteen seat views as strings for a sandboxed bot (see `ViewCodec` in game.ts): JSON, except
 * that the finished hands, the part that grows for up to 100 hands (N16), are sent once. A view's
 * `hands` and `own` lists are finished records (frozen, shared between views of one game) followed
 * by the hand in play's record. A code is the JSON of `[fromHands, hands, fromOwn, own, view]`:
 * the decoder keeps its first `fromHands` (`fromOwn`) finished records, appends the ones sent, and
 * the view comes with both lists null. Nothing is filtered here: views.ts did that.
 */
import { GameError, type ViewCodec } from '../../game.ts';
import type { HandRecord, NineteenSeatView, OwnHandRecord } from './views.ts';

export const nineteenViewCodec: ViewCodec<NineteenSeatView> = { createEncoder, createDecoder };

/** Sends a growing list whose finished prefix is frozen, each finished record once. */
function listEncoder<T extends object>(): (list: readonly T[]) => [number, readonly T[]] {
  let sent = 0;
  let lastSent: T | undefined;
  return (list) => {
    let finished = 0;
    while (finished < list.length && Object.isFrozen(list[finished])) finished++;
    // Identity says the list continues the one last sent; any other (a new game, a copy) starts over.
    const from = sent <= finished && (sent === 0 || list[sent - 1] === lastSent) ? sent : 0;
    sent = finished;
    lastSent = list[finished - 1];
    return [from, list.slice(from)];
  };
}

function createEncoder(): (view: NineteenSeatView) => string {
  const hands = listEncoder<HandRecord>();
  const own = listEncoder<OwnHandRecord>();
  return (view) => JSON.stringify([...hands(view.hands), ...own(view.own), { ...view, hands: null, own: null }]);
}

function createDecoder(): (code: string) => NineteenSeatView {
  let heldHands: HandRecord[] = [];
  let heldOwn: OwnHandRecord[] = [];
  return (code) => {
    const parsed = JSON.parse(code) as unknown;
    if (!Array.isArray(parsed) || parsed.length !== 5) throw new GameError('Nineteen view code: expected [fromHands, hands, fromOwn, own, view]');
    const [fromHands, hands, fromOwn, own, view] = parsed as [number, HandRecord[], number, OwnHandRecord[], Record<string, unknown>];
    heldHands = continued(heldHands, fromHands, hands, 'hands');
    heldOwn = continued(heldOwn, fromOwn, own, 'own records');
    view.hands = heldHands.slice();
    view.own = heldOwn.slice();
    return view as unknown as NineteenSeatView;
  };
}

/**
 * The decoder's list after a code: the first `from` records it holds, then the ones sent. The last
 * record sent may be the hand in play's, so it is kept only as long as the next code says.
 */
function continued<T>(held: T[], from: unknown, fresh: unknown, what: string): T[] {
  if (!Number.isInteger(from) || (from as number) < 0 || (from as number) > held.length || !Array.isArray(fresh)) {
    throw new GameError(`Nineteen view code: the decoder holds ${held.length} ${what}, the code continues from ${String(from)}`);
  }
  return held.slice(0, from as number).concat(fresh as T[]);
}

export { nineteenViewCodec as viewCodec };

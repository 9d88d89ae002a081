/**
 * XIX seat views as short strings, for a sandboxed bot (see `ViewCodec` in game.ts). Every field
 * is a small integer carried as one UTF-16 code unit, so encoding is a `fromCharCode` and decoding
 * a `charCodeAt` per field: no JSON on either side. Layout, in order:
 *
 *   from, n, n × (event head, event body)      history: the decoder keeps the first `from` events
 *   phase, toMove+1|0, exchange, trick, leader, led|0, strikes×2, stakes, points×2, winner+1|0
 *   pool list, seat, closed list, open list, opponent open list, closedCount, closedKnown list
 *   slots, slots × (faceUp | card<<1), legal list of action ids, then 0 (no result) or
 *   1 followed by the result's JSON to the end of the string.
 *
 * A list is its length, then its values. Null cards are 0 (cards are 1..18). Filtering is not done
 * here: the encoder reads a view that views.ts already filtered, and writes only what it holds.
 */
import { GameError, type GameResult, type Seat, type ViewCodec } from '../../game.ts';
import { ACTIONS, canonicalId, type XixAction } from './actions.ts';
import { PHASE_NAMES } from './state.ts';
import type { HistoryEvent, StrikeSlot, XixSeatView } from './views.ts';

const EVENT_KINDS = ['play', 'raise', 'abandon', 'pick', 'trade'] as const;
/** Code units stay below the surrogates, so every code is a well-formed string. */
const MAX_UNIT = 0xd7ff;

export const xixViewCodec: ViewCodec<XixSeatView> = { createEncoder, createDecoder };

function createEncoder(): (view: XixSeatView) => string {
  /** How many events the decoder holds, for which seat, and the last of them as sent. */
  let sent = 0;
  let sentSeat = -1;
  let lastHead = -1;
  let lastBody = -1;
  return (view) => {
    const units: number[] = [];
    const list = (values: readonly number[]): void => {
      units.push(values.length);
      for (let i = 0; i < values.length; i++) units.push(values[i]!);
    };

    // The history only grows during a game, so only new events are sent. An encoder serves one
    // seat over one game; as a safety net, the history is sent whole when the seat changes (its
    // history is redacted differently: R11), when it is shorter than what was sent, or when its
    // last sent event differs (a new game).
    const history = view.history;
    let from = sent;
    if (from > history.length || view.seat !== sentSeat) from = 0;
    if (from > 0 && (eventHead(history[from - 1]!) !== lastHead || eventBody(history[from - 1]!) !== lastBody)) from = 0;
    units.push(from, history.length - from);
    for (let i = from; i < history.length; i++) {
      lastHead = eventHead(history[i]!);
      lastBody = eventBody(history[i]!);
      units.push(lastHead, lastBody);
    }
    sent = history.length;
    sentSeat = view.seat;

    units.push(
      PHASE_NAMES.indexOf(view.phase),
      view.toMove === null ? 0 : view.toMove + 1,
      view.exchange,
      view.trick,
      view.leader,
      view.led ?? 0,
      view.strikes[0]!,
      view.strikes[1]!,
      view.stakes,
      view.points[0]!,
      view.points[1]!,
      view.exchangeWinner === null ? 0 : view.exchangeWinner + 1,
    );
    list(view.pool);
    units.push(view.seat);
    list(view.hand.closed);
    list(view.hand.open);
    list(view.opponent.open);
    units.push(view.opponent.closedCount);
    list(view.opponent.closedKnown);
    units.push(view.strikeRow.length);
    for (const slot of view.strikeRow) units.push((slot.faceUp ? 1 : 0) | ((slot.card ?? 0) << 1));
    units.push(view.legalActions.length);
    for (const action of view.legalActions) units.push(actionId(action));
    units.push(view.result === null ? 0 : 1);
    // One check for every field: a value the code cannot carry is an engine bug, never truncated.
    for (let i = 0; i < units.length; i++) {
      const unit = units[i]!;
      if (!(unit >= 0 && unit <= MAX_UNIT && Math.floor(unit) === unit)) {
        throw new GameError(`the view holds ${String(unit)}, which its code cannot carry`);
      }
    }
    const code = String.fromCharCode.apply(null, units);
    return view.result === null ? code : code + JSON.stringify(view.result);
  };
}

function createDecoder(): (code: string) => XixSeatView {
  /** The events decoded so far, frozen: later views share them. */
  let history: HistoryEvent[] = [];
  return (code) => {
    let at = 0;
    const next = (): number => code.charCodeAt(at++);
    const list = (): number[] => {
      const values: number[] = [];
      for (let n = next(); n > 0; n--) values.push(next());
      return values;
    };
    const orNull = (unit: number, offset: number): number | null => (unit === 0 ? null : unit - offset);

    const from = next();
    const count = next();
    if (from > history.length) throw new GameError(`a view code continues a history of ${from} events, the decoder has ${history.length}`);
    if (from < history.length) history = history.slice(0, from);
    for (let i = 0; i < count; i++) {
      const head = next();
      history.push(decodeEvent(head, next()));
    }

    const phase = PHASE_NAMES[next()];
    const toMove = orNull(next(), 1) as Seat | null;
    const exchange = next();
    const trick = next();
    const leader = next();
    const led = orNull(next(), 0);
    const strikes = [next(), next()];
    const stakes = next();
    const points = [next(), next()];
    const exchangeWinner = orNull(next(), 1) as Seat | null;
    const pool = list();
    const seat = next();
    const closed = list();
    const open = list();
    const opponentOpen = list();
    const closedCount = next();
    const closedKnown = list();
    const strikeRow: StrikeSlot[] = [];
    for (let n = next(); n > 0; n--) {
      const unit = next();
      strikeRow.push({ faceUp: (unit & 1) === 1, card: orNull(unit >>> 1, 0) });
    }
    const legalActions: XixAction[] = [];
    for (let n = next(); n > 0; n--) legalActions.push(ACTIONS[next()]!);
    const hasResult = next();
    if (phase === undefined || !(at <= code.length) || (hasResult !== 0 && hasResult !== 1)) {
      throw new GameError('a view code is malformed');
    }
    const result = hasResult === 1 ? (JSON.parse(code.slice(at)) as GameResult) : null;
    // Keys in the order views.ts writes them, so a decoded view serialises like the original.
    return {
      game: 'xix',
      phase,
      toMove,
      exchange,
      trick,
      leader,
      led,
      strikes,
      stakes,
      points,
      exchangeWinner,
      pool,
      history: history.slice(),
      result,
      seat,
      hand: { closed, open },
      opponent: { open: opponentOpen, closedCount, closedKnown },
      strikeRow,
      legalActions,
    };
  };
}

/** kind | seat<<3 | flag<<4 | slot<<5; the flag is `forced` for an abandon, `from closed` for a trade. */
function eventHead(event: HistoryEvent): number {
  const kind = EVENT_KINDS.indexOf(event.type);
  const flag = event.type === 'abandon' ? event.forced : event.type === 'trade' && event.from === 'closed';
  const slot = event.type === 'trade' ? event.slot : 0;
  return kind | (event.seat << 3) | ((flag ? 1 : 0) << 4) | (slot << 5);
}

/** card | took<<5, 0 for an unknown card. */
function eventBody(event: HistoryEvent): number {
  if (event.type === 'play' || event.type === 'pick') return event.card;
  if (event.type === 'trade') return (event.card ?? 0) | ((event.took ?? 0) << 5);
  return 0;
}

function decodeEvent(head: number, body: number): HistoryEvent {
  const type = EVENT_KINDS[head & 7];
  const seat = (head >>> 3) & 1;
  const flag = ((head >>> 4) & 1) === 1;
  switch (type) {
    case 'play':
    case 'pick':
      return Object.freeze({ type, seat, card: body });
    case 'raise':
      return Object.freeze({ type, seat });
    case 'abandon':
      return Object.freeze({ type, seat, forced: flag });
    case 'trade': {
      const card = body & 31;
      const took = body >>> 5;
      return Object.freeze({ type, seat, slot: head >>> 5, from: flag ? 'closed' : 'open', card: card === 0 ? null : card, took: took === 0 ? null : took });
    }
    default:
      throw new GameError(`a view code holds an unknown event kind ${head & 7}`);
  }
}

function actionId(action: XixAction): number {
  const id = canonicalId(action);
  if (id < 0) throw new GameError(`the view's legal action ${JSON.stringify(action)} is not one of the game's actions`);
  return id;
}
export { xixViewCodec as viewCodec };

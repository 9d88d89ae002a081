/**
 * Live spectating, the worker's side: each game of a series goes to its match's live stream while
 * it is played (docs/api.md "Streams"). The sandbox pool reports the moves of the game in play at
 * its watchdog ticks; the worker re-simulates them with the engine from the game's setup and sends
 * the engine's PUBLIC view after them (R11: never a card hidden from a seat). A game's record
 * brings the moves no tick saw, and once the store has the game, its `end`: with the whole deal if
 * the deal is public by then, else with the public view (a twin of the deal is still to be played
 * or on broadcast, issue 19: the stored replay shows the deal once it is public).
 *
 * Move events are numbered by engine move, as the stored replay's broadcast numbers them
 * (broadcast-tape.ts). A game with forced moves (N22, S18; `Game.forcedMoves`) gets one `move`
 * event per engine move: the engine makes a forced move at once, inside the decision before it, so
 * an event a report, bundling the moves a tick brought, would never start with a forced move while
 * a slow bot's chosen moves each start one, and the table would learn who had no choice. Other
 * games get one event a report (a 50 ms tick), with the view after all the moves it brought. A
 * view holds the whole public history (a 6-seat Nineteen game would send some
 * 130 MB of them), so a move is sent as its delta from the view before it (json-delta.ts, some 20
 * to 200 times smaller), or whole when the event before it may have missed the stream (a failed
 * round trip).
 *
 * Publishing must never slow the games or fail a series: events wait in a bounded outbox per
 * match, one round trip (publishLive) at a time per match carries all that waits, and a Redis
 * error is logged and the events dropped. Moves are dropped first when the backlog is full: the
 * next move's delta is taken from the last view sent, so a spectator just jumps over them.
 */
import { findGame, type AnyGame, type Replay } from '@xix/engine';
import type { GameProgress, HostGame } from '@xix/sandbox';
import { matchId, ranksOf, type LiveEvent, type LobbyEvent, type WholeLiveEvent } from '@xix/store';
import { jsonDelta } from '@xix/store/json-delta';
import type { Logger } from 'pino';
import type { CachedBot } from './bundle-cache.ts';
import { seatsOf, seriesSetup, tableOf } from './match-input.ts';
import type { StoredSeries } from './store-port.ts';

/** The part of the store live publishing uses (@xix/store's live.ts and tournaments). */
export interface LiveStore {
  publishLive(matchId: string, events: readonly LiveEvent[], context: { readonly game: string; readonly tournament: string | null }): Promise<void>;
  publishLobby(event: LobbyEvent): Promise<void>;
  /** Of these games, those whose deal is not public yet (a twin unplayed or on broadcast): deal publicity. */
  unpublishedMatches(matchIds: readonly string[]): Promise<Set<string>>;
  /** Reads the series only, never the matches: it runs as often as once a second per tournament. */
  tournamentProgress(id: string): Promise<{ readonly status: string; readonly progress: { readonly games: number; readonly gamesDone: number } } | null>;
}

export interface LiveOptions {
  /** Events waiting to be sent, all matches together, past which moves are dropped; default 5000. */
  readonly maxBacklog?: number;
  /** At most one `tournament` lobby event per tournament this often; default 1000 ms. */
  readonly tournamentEveryMs?: number;
}

export interface LivePublisher {
  /** The live games of one run of a series whose first game to play is `firstIndex`. */
  series(series: StoredSeries, bots: readonly CachedBot[], firstIndex: number): SeriesLive;
  /** A game of the tournament was stored or its status changed: a `tournament` lobby event soon. */
  tournamentChanged(id: string): void;
  /** Events dropped so far (backlog full or Redis errors). */
  readonly dropped: number;
  /** Waits (up to `timeoutMs`) for the events already queued, and stops the tournament timers. */
  close(timeoutMs?: number): Promise<void>;
}

/** The pool's callbacks for one series run, by the index of the game in the pool's job. */
export interface SeriesLive {
  /** onProgress: moves of the game in play. */
  progress(progress: GameProgress): void;
  /** onGame: the game's record, with the moves no tick saw. */
  played(game: HostGame): void;
  /** The store has the game: its end. */
  stored(game: HostGame): void;
}

/** A game being published: the engine's state after `applied` of its actions. */
interface LiveGame {
  readonly match: string;
  /** The pool's run of it (-1: seen first in its record); another run plays it anew. */
  readonly run: number;
  state: unknown;
  applied: number;
  /** Engine moves so far, forced ones included: the number of the last `move` event. */
  moves: number;
  /** The live moves stopped agreeing with the engine: only the end is still sent. */
  broken: boolean;
}

/** What a move's delta is taken from: nothing, when the stream may lack the event before it. */
const NO_BASE = Symbol('no base');

interface Outbox {
  readonly context: { readonly game: string; readonly tournament: string | null };
  /** send() turns their moves into deltas. */
  pending: WholeLiveEvent[];
  /** The view of the last start or move sent, or NO_BASE. */
  base: unknown;
  sending: boolean;
  /** The `end` is queued: the outbox goes once it is empty. */
  ended: boolean;
}

const LOG_EVERY_MS = 5000;

export function createLivePublisher(store: LiveStore, log: Logger, options: LiveOptions = {}): LivePublisher {
  const maxBacklog = options.maxBacklog ?? 5000;
  const tournamentEveryMs = options.tournamentEveryMs ?? 1000;
  const outboxes = new Map<string, Outbox>();
  let backlog = 0;
  let inFlight = 0;
  let dropped = 0;
  let flushQueued = false;
  /** Ends waiting for their deal's publicity (which view they carry). */
  let endsChecking = 0;
  let closed = false;
  let lastWarning = 0;
  const idle: (() => void)[] = [];

  /** Logs at most once every few seconds: a Redis that is away fails every round trip. */
  const warn = (fields: Record<string, unknown>, message: string): void => {
    const now = Date.now();
    if (now - lastWarning < LOG_EVERY_MS) return;
    lastWarning = now;
    log.warn({ ...fields, dropped }, message);
  };

  const settleIdle = (): void => {
    if (inFlight === 0 && backlog === 0 && endsChecking === 0) for (const resolve of idle.splice(0)) resolve();
  };

  /** The event as the stream gets it: a move as the delta from the view sent before it, if any. */
  const encode = (outbox: Outbox, event: WholeLiveEvent): LiveEvent => {
    if (event.type === 'end') return event;
    const base = outbox.base;
    outbox.base = event.view;
    return event.type === 'start' || base === NO_BASE ? event : { type: 'move', move: event.move, seat: event.seat, delta: jsonDelta(base, event.view) ?? null };
  };

  const send = (match: string, outbox: Outbox): void => {
    const events = outbox.pending.map((event) => encode(outbox, event));
    outbox.pending = [];
    outbox.sending = true;
    inFlight++;
    store
      .publishLive(match, events, outbox.context)
      .catch((error: unknown) => {
        outbox.base = NO_BASE;
        dropped += events.length;
        warn({ match, err: error instanceof Error ? error.message : String(error) }, 'live events not published');
      })
      .finally(() => {
        backlog -= events.length;
        inFlight--;
        outbox.sending = false;
        if (outbox.pending.length > 0) send(match, outbox);
        else if (outbox.ended) outboxes.delete(match);
        settleIdle();
      });
  };

  // One flush per turn of the event loop: what a tick (or a record) queued goes in one round trip.
  const flush = (): void => {
    flushQueued = false;
    for (const [match, outbox] of outboxes) if (!outbox.sending && outbox.pending.length > 0) send(match, outbox);
  };

  const queue = (match: string, context: Outbox['context'], event: WholeLiveEvent): void => {
    if (event.type === 'move' && backlog >= maxBacklog) {
      dropped++;
      warn({ match, backlog }, 'live backlog full: moves dropped');
      return;
    }
    let outbox = outboxes.get(match);
    if (outbox === undefined) {
      outbox = { context, pending: [], base: NO_BASE, sending: false, ended: false };
      outboxes.set(match, outbox);
    }
    outbox.pending.push(event);
    if (event.type === 'end') outbox.ended = true;
    backlog++;
    if (!flushQueued) {
      flushQueued = true;
      setImmediate(flush);
    }
  };

  const tournaments = new Map<string, { last: number; timer: NodeJS.Timeout | null }>();
  const publishTournament = async (id: string): Promise<void> => {
    const report = await store.tournamentProgress(id);
    if (report === null) return;
    await store.publishLobby({ type: 'tournament', tournament: id, status: report.status, games: report.progress.games, gamesDone: report.progress.gamesDone });
  };

  return {
    get dropped() {
      return dropped;
    },

    series(series, bots, firstIndex) {
      const game = findGame(series.game);
      const table = game === undefined ? undefined : tableOf(game, series);
      const context = { game: series.game, tournament: series.tournament };
      const games = new Map<number, LiveGame>();
      /** Games below this have their record: late progress reports of them are stale. */
      let recorded = 0;

      /** Queues the `move` event of the engine move that `seat` just made. */
      const moved = (engine: AnyGame, live: LiveGame, state: unknown, seat: number): void => {
        queue(live.match, context, { type: 'move', move: ++live.moves, seat, view: engine.publicView(state) });
      };

      const begin = (index: number, run: number, setup: unknown): LiveGame | null => {
        if (game === undefined || table === undefined) return null;
        const live: LiveGame = { match: matchId(series.id, firstIndex + index), run, state: null, applied: 0, moves: 0, broken: false };
        games.set(index, live);
        const seats = seatsOf(table, series, bots, firstIndex + index);
        live.state = game.startEachMove(
          setup,
          (dealt) => queue(live.match, context, { type: 'start', match: live.match, game: series.game, seats, view: game.publicView(dealt) }),
          (state, seat) => moved(game, live, state, seat),
        );
        return live;
      };

      /**
       * Applies the actions not applied yet, each with the forced moves after it: a `move` event each
       * in a game with forced moves, else one for all the report brought (a view and its delta cost
       * the worker ~20 µs a move: ~2.5 ms an XIX game, a third of what its bots take).
       */
      const advance = (engine: AnyGame, live: LiveGame, actions: readonly unknown[], parse: (action: unknown) => unknown): void => {
        let lastSeat = -1;
        const onMove = engine.forcedMoves
          ? (state: unknown, seat: number) => moved(engine, live, state, seat)
          : (_: unknown, seat: number) => {
              live.moves++;
              lastSeat = seat;
            };
        while (live.applied < actions.length && !live.broken) {
          const check = engine.checkAction(live.state, parse(actions[live.applied]));
          const toMove = engine.toMove(live.state);
          if (!check.ok || toMove === null) {
            live.broken = true;
            warn({ match: live.match, move: live.applied + 1 }, 'live moves disagree with the engine');
            break;
          }
          engine.applyEachMove(live.state, check.action, onMove);
          live.applied++;
        }
        if (lastSeat >= 0) queue(live.match, context, { type: 'move', move: live.moves, seat: lastSeat, view: engine.publicView(live.state) });
      };

      return {
        progress({ game: index, run, actions }) {
          if (game === undefined || closed || index < recorded) return;
          const known = games.get(index);
          const live = known !== undefined && known.run === run ? known : begin(index, run, seriesSetup(game, table!, series, firstIndex + index));
          if (live !== null) advance(game, live, actions, (json) => JSON.parse(json as string));
        },

        played(hostGame) {
          recorded = Math.max(recorded, hostGame.index + 1);
          if (game === undefined || closed) return;
          const replay: Replay = hostGame.record.replay;
          const live = games.get(hostGame.index) ?? begin(hostGame.index, -1, game.parseSetup(replay.setup));
          if (live !== null) advance(game, live, replay.moves.map((move) => move.action), (action) => action);
        },

        stored(hostGame) {
          const live = games.get(hostGame.index);
          if (game === undefined || live === undefined) return;
          games.delete(hostGame.index);
          const replay = hostGame.record.replay;
          const end = (view: unknown): void => queue(live.match, context, { type: 'end', moves: live.moves, ranks: ranksOf(replay, replay.seats.length), reason: replay.result.reason, view });
          // the whole deal only once the deal is public: a twin of it may be unplayed or on
          // broadcast (issue 19); unsure (Redis failed), the public view: the replay shows all later
          endsChecking++;
          store.unpublishedMatches([live.match])
            .then((hidden) => (hidden.has(live.match) ? game.publicView(live.state) : game.spectatorView(live.state)), () => game.publicView(live.state))
            .then((view) => {
              endsChecking--;
              end(view);
              settleIdle();
            });
        },
      };
    },

    tournamentChanged(id) {
      if (closed) return;
      let entry = tournaments.get(id);
      if (entry === undefined) tournaments.set(id, (entry = { last: 0, timer: null }));
      if (entry.timer !== null) return;
      const throttled = entry;
      throttled.timer = setTimeout(() => {
        throttled.timer = null;
        throttled.last = Date.now();
        publishTournament(id).catch((error: unknown) => warn({ tournament: id, err: error instanceof Error ? error.message : String(error) }, 'tournament progress not published'));
      }, Math.max(0, throttled.last + tournamentEveryMs - Date.now()));
      throttled.timer.unref();
    },

    async close(timeoutMs = 2000) {
      closed = true;
      // A tournament's last change (its end, often) is told now rather than lost.
      const told: Promise<void>[] = [];
      for (const [id, entry] of tournaments) {
        if (entry.timer === null) continue;
        clearTimeout(entry.timer);
        told.push(publishTournament(id).catch(() => undefined));
      }
      if (flushQueued) flush();
      const sent = new Promise<void>((resolve) => {
        idle.push(resolve);
        settleIdle();
      });
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all([sent, ...told]), new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
      clearTimeout(timer);
    },
  };
}

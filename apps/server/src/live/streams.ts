/**
 * What each websocket endpoint streams (docs/api.md "Streams"): a match's events (its stored
 * replay once its deal is public; while it is in progress, its broadcast: the follow stream of
 * `match:<id>`), a channel's follow stream, and the lobby's events.
 */
import { LOBBY_STREAM_MAX, MATCH_ID, keysFor, type Store } from '@xix/store';
import { type Broadcasts, channelName, parseChannel, parseFollowAfter, REFUSED, REFUSED_SHOWING, type ChannelSpec } from './channels.ts';
import { CLOSE } from './frames.ts';
import type { StreamHub, StreamSpec } from './hub.ts';
import type { ReplayEvents } from './replay-events.ts';
import { parseLobbyAfter, parseMatchAfter } from './stream-ids.ts';
import type { Subscriber } from './subscriber.ts';

export class Streams {
  readonly #store: Store;
  readonly #hub: StreamHub;
  readonly #replays: ReplayEvents;
  readonly #broadcasts: Broadcasts;
  readonly lobby: StreamSpec;

  constructor(store: Store, hub: StreamHub, replays: ReplayEvents, broadcasts: Broadcasts) {
    this.#store = store;
    this.#hub = hub;
    this.#replays = replays;
    this.#broadcasts = broadcasts;
    this.lobby = { key: keysFor(store.prefix).lobby(), read: (after) => store.readLobby(after, LOBBY_STREAM_MAX) };
  }

  /**
   * A stored match whose deal is public: its replay at once (from `after=r<K>`). Otherwise (in
   * progress, or stored while its deal is still secret) its broadcast, the follow stream of
   * `match:<id>` (from `after=<id>:<k>`): one way to watch a game in progress, at the broadcast's
   * pace and held while shown (docs/architecture.md "Broadcast").
   */
  async match(subscriber: Subscriber, id: string, afterValue: unknown): Promise<void> {
    if (!MATCH_ID.test(id)) return subscriber.fail(`no match ${JSON.stringify(id.slice(0, 40))}: match ids are <series>.<index>`, CLOSE.notFound);
    const after = parseMatchAfter(id, afterValue);
    if (typeof after === 'string') return subscriber.fail(after, CLOSE.badRequest);
    if (after.kind !== 'follow') {
      // a stored game whose deal is not public yet (a twin unplayed or on broadcast) is answered
      // for as a game in progress: never its replay (the whole deal)
      const isPublic = !(await this.#store.unpublishedMatches([id])).has(id);
      const frames = isPublic ? await this.#replays.frames(id) : null;
      if (frames !== null) return subscriber.sendAll(frames.slice(after.kind === 'replay' ? after.index + 1 : 0), CLOSE.done, 'the replay is over');
      if (after.kind === 'replay') return subscriber.fail(`no finished public match ${id}: while it is in progress, follow it without after= or with after=${id}:<k>`, CLOSE.notFound);
    }
    if (subscriber.closing) return;
    const unshown = await this.#unshown({ kind: 'match', id });
    if (unshown !== null) return subscriber.fail(unshown.reason, unshown.code);
    this.#follow(subscriber, { kind: 'match', id }, after.kind === 'follow' ? after : null);
  }

  /**
   * A channel's follow stream (docs/api.md "Follow stream"): its games, one after another, on one
   * socket. A channel that names nothing (no such bot, tournament or match) is refused at open: it
   * would otherwise stay open with nothing to show, its channel polling the store meanwhile.
   */
  async follow(subscriber: Subscriber, name: string, afterValue: unknown): Promise<void> {
    const spec = parseChannel(name);
    if (typeof spec === 'string') return subscriber.fail(spec, CLOSE.notFound);
    const after = parseFollowAfter(afterValue);
    if (typeof after === 'string') return subscriber.fail(after, CLOSE.badRequest);
    // a match's channel only ever shows that match: another's cursor is never one of its events
    if (spec.kind === 'match' && after !== null && after.match !== spec.id) {
      return subscriber.fail(`query.after ${after.match}:${after.k} is another match's event: match:${spec.id} resumes from ${spec.id}:<k>`, CLOSE.badRequest);
    }
    const unshown = await this.#unshown(spec);
    if (unshown !== null) return subscriber.fail(unshown.reason, unshown.code);
    this.#follow(subscriber, spec, after);
  }

  /**
   * Why the channel cannot be followed (the reason and close code), or null when it can: its bot,
   * tournament or match exists, and a match's showing has begun here (not refused: REFUSED_SHOWING).
   */
  async #unshown(spec: ChannelSpec): Promise<{ readonly reason: string; readonly code: number } | null> {
    switch (spec.kind) {
      case 'featured': return null;
      case 'bot': return (await this.#store.getBot(spec.id)) === null ? { reason: `no bot ${spec.id}`, code: CLOSE.notFound } : null;
      case 'tournament': return (await this.#store.tournamentStatus(spec.id)) === null ? { reason: `no tournament ${spec.id}`, code: CLOSE.notFound } : null;
      case 'match': {
        const game = await this.#broadcasts.game(spec.id);
        if (game === null) return { reason: `no match ${spec.id}, live or finished`, code: CLOSE.notFound };
        return game === REFUSED ? { reason: REFUSED_SHOWING, code: CLOSE.conflict } : null;
      }
    }
  }

  #follow(subscriber: Subscriber, spec: ChannelSpec, after: { readonly match: string; readonly k: number } | null): void {
    if (subscriber.closing) return;
    subscriber.send(Buffer.from(`{"type":"hello","channel":${JSON.stringify(channelName(spec))}}`));
    const stop = this.#broadcasts.follow(spec, {
      send: (shown) => {
        subscriber.checkBound();
        subscriber.sendWire(shown.wire);
      },
      finish: () => subscriber.close(CLOSE.done, 'the game is over'),
      refuse: (reason) => subscriber.fail(reason, CLOSE.conflict),
    }, after);
    subscriber.onClose(stop);
  }

  /** The lobby's events after `after=<id>`, or from now. */
  async lobbyEvents(subscriber: Subscriber, afterValue: unknown): Promise<void> {
    const after = parseLobbyAfter(afterValue);
    if (after !== null && typeof after === 'object') return subscriber.fail(after.error, CLOSE.badRequest);
    await this.#hub.join(this.lobby, subscriber, after);
  }
}

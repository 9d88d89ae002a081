/**
 * What each websocket endpoint streams (docs/api.md "Streams"): a match's events (its stored
 * replay, or its live stream) and the lobby's.
 */
import { LIVE_STREAM_MAX, LOBBY_STREAM_MAX, MATCH_ID, keysFor, type LiveEvent, type Store } from '@xix/store';
import { CLOSE } from './frames.ts';
import type { StreamHub, StreamSpec } from './hub.ts';
import type { ReplayEvents } from './replay-events.ts';
import { parseAfter } from './stream-ids.ts';
import type { Subscriber } from './subscriber.ts';

const isEnd = (event: unknown): boolean => (event as LiveEvent | null)?.type === 'end';

export class Streams {
  readonly #store: Store;
  readonly #hub: StreamHub;
  readonly #replays: ReplayEvents;
  readonly #keys: ReturnType<typeof keysFor>;
  readonly lobby: StreamSpec;

  constructor(store: Store, hub: StreamHub, replays: ReplayEvents) {
    this.#store = store;
    this.#hub = hub;
    this.#replays = replays;
    this.#keys = keysFor(store.prefix);
    this.lobby = { key: this.#keys.lobby(), read: (after) => store.readLobby(after, LOBBY_STREAM_MAX), isFinal: () => false, keep: 0 };
  }

  /**
   * A stored match: its replay (from `after=r<K>`), once its deal is public. Otherwise its live stream (from `after=<id>`),
   * up to its end. A client that resumes a live game with a stream id after its stream expired gets
   * the replay from the start.
   */
  async match(subscriber: Subscriber, id: string, afterValue: unknown): Promise<void> {
    if (!MATCH_ID.test(id)) return subscriber.fail(`no match ${JSON.stringify(id.slice(0, 40))}: match ids are <series>.<index>`, CLOSE.notFound);
    const after = parseAfter(afterValue);
    if (typeof after === 'string') return subscriber.fail(after, CLOSE.badRequest);
    const store = this.#store;
    // a stored game whose deal is not public yet (a twin unplayed or on broadcast) is answered for
    // as a game in progress: its live stream if it is still there, never its replay (the whole deal)
    const replayFrames = async (): Promise<readonly Buffer[] | null> => ((await store.unpublishedMatches([id])).has(id) ? null : this.#replays.frames(id));
    const live: StreamSpec = { key: this.#keys.live(id), read: (from) => store.readLive(id, from), isFinal: isEnd, keep: LIVE_STREAM_MAX };
    // a game followed live here: its spectators follow it to its end, no need to look for a replay
    if (after.kind === 'replay' || (after.kind === 'none' && !this.#hub.isLive(live.key))) {
      const frames = await replayFrames();
      if (frames !== null) return subscriber.sendAll(frames.slice(after.kind === 'replay' ? after.index + 1 : 0), CLOSE.done, 'the replay is over');
      if (after.kind === 'replay') return subscriber.fail(`no finished match ${id}`, CLOSE.notFound);
    }
    const joined = await this.#hub.join(live, subscriber, after.kind === 'stream' ? after.id : '0', true);
    if (joined !== 'absent') return;
    const frames = after.kind === 'stream' ? await replayFrames() : null;
    if (frames !== null) return subscriber.sendAll(frames, CLOSE.done, 'the replay is over');
    subscriber.fail(`no match ${id}, live or finished`, CLOSE.notFound);
  }

  /** The lobby's events after `after=<id>`, or from now. */
  async lobbyEvents(subscriber: Subscriber, afterValue: unknown): Promise<void> {
    const after = parseAfter(afterValue);
    if (typeof after === 'string') return subscriber.fail(after, CLOSE.badRequest);
    if (after.kind === 'replay') return subscriber.fail('query.after: the lobby\'s event ids are <ms>-<seq>', CLOSE.badRequest);
    await this.#hub.join(this.lobby, subscriber, after.kind === 'stream' ? after.id : null, false);
  }
}

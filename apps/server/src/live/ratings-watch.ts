/**
 * The lobby's `ratings` events, computed by each server for its own lobby clients: when games end,
 * the game's leaderboard is read again (at most once per interval, a whole interval after the
 * first end: the worker stores a game before it publishes its end) and each bot that played one of
 * the ended games gets its Elo now and the change those games made (from the ratings history).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { LobbyEvent, Store } from '@xix/store';
import type { ChannelObserver } from './hub.ts';

const RATINGS_INTERVAL_MS = 2000;

type RatingChange = { bot: string; elo: number; delta: number };

export class RatingsWatch implements ChannelObserver {
  readonly #store: Store;
  readonly #send: (event: LobbyEvent) => void;
  readonly #log: FastifyBaseLogger;
  /** By game: the matches that ended since the last read. */
  readonly #ended = new Map<string, Set<string>>();
  #timer: NodeJS.Timeout | null = null;
  #open = false;

  constructor(store: Store, send: (event: LobbyEvent) => void, log: FastifyBaseLogger) {
    this.#store = store;
    this.#send = send;
    this.#log = log;
  }

  /** The lobby has clients here. */
  open(): void {
    this.#open = true;
  }

  close(): void {
    this.#open = false;
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    this.#ended.clear();
  }

  event(event: unknown): void {
    const lobby = event as LobbyEvent | null;
    if (!this.#open || lobby?.type !== 'game-end' || typeof lobby.game !== 'string' || typeof lobby.match !== 'string') return;
    const matches = this.#ended.get(lobby.game) ?? new Set<string>();
    matches.add(lobby.match);
    this.#ended.set(lobby.game, matches);
    this.#timer ??= setTimeout(() => void this.#update(), RATINGS_INTERVAL_MS);
  }

  async #update(): Promise<void> {
    const ended = [...this.#ended];
    this.#ended.clear();
    for (const [game, matches] of ended) {
      try {
        const changes = await this.#changes(game, matches);
        if (changes.length > 0 && this.#open) this.#send({ type: 'ratings', game, changes });
      } catch (error) {
        this.#log.warn({ err: error, game }, 'cannot read the ratings for the lobby');
      }
    }
    this.#timer = null;
    if (this.#ended.size > 0 && this.#open) this.#timer = setTimeout(() => void this.#update(), RATINGS_INTERVAL_MS);
  }

  /** The bots on the leaderboard that played one of `matches`, rated: their Elo and its change. */
  async #changes(game: string, matches: ReadonlySet<string>): Promise<RatingChange[]> {
    const [rows, ratings] = await Promise.all([this.#store.leaderboard(game), this.#store.ratings(game)]);
    const changes: RatingChange[] = [];
    for (const row of rows) {
      if (row.elo === null) continue;
      const points = (ratings.history.get(row.bot) ?? []).filter((point) => matches.has(point.match));
      if (points.length > 0) changes.push({ bot: row.bot, elo: row.elo, delta: points.reduce((sum, point) => sum + point.change, 0) });
    }
    return changes;
  }
}

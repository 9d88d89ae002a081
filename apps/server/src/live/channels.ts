/**
 * Broadcast channels (docs/api.md "Follow stream"): a channel shows one game after another, and a
 * socket that follows it stays open from game to game. `featured` (every game) and
 * `featured:<game>` always have a game: the most interesting recent one by its seats' ratings (a
 * tournament's table first), or, when the ladder is idle, a recent one again; `tournament:<id>`
 * shows the tournament's current table, `bot:<id>` the bot's newest game, `match:<id>` one game.
 *
 * The games shown are BroadcastGames shared by every channel of this process (a game on two
 * channels is shown once, at one pace); each stays in memory a while after its end, for resumes
 * and for the live page's "just finished".
 */
import { findGame, GAMES } from '@xix/engine';
import { BOT_ID, MATCH_ID, TOURNAMENT_ID, type Store } from '@xix/store';
import type { FastifyBaseLogger } from 'fastify';
import { BroadcastGame, FOLLOW_ID, type BroadcastHolds, type BroadcastSummary, type BroadcastTiming, type Shown } from './broadcast.ts';
import type { TapeSource } from './broadcast-tape.ts';
import { gamesInProgress } from './games-in-progress.ts';

/** An ended game's showing is kept this long (resumes, the live page's "just finished"). */
const KEEP_ENDED_MS = 10 * 60_000;
/** Games a channel remembers having shown, not shown again while others are there. */
const RECENT_SHOWN = 30;
/** Stored matches looked at when choosing (newest first). */
const RECENT_STORED = 20;
/** A channel with nothing to show looks again this often. */
const RETRY_MS = 2000;

export type ChannelSpec =
  | { readonly kind: 'featured'; readonly game: string | null }
  | { readonly kind: 'tournament'; readonly id: string }
  | { readonly kind: 'bot'; readonly id: string }
  | { readonly kind: 'match'; readonly id: string };


/** Parses a channel's name; an error message for a name that is none. */
export function parseChannel(name: string): ChannelSpec | string {
  if (name === 'featured') return { kind: 'featured', game: null };
  const colon = name.indexOf(':');
  const kind = colon < 0 ? name : name.slice(0, colon);
  const id = colon < 0 ? '' : name.slice(colon + 1);
  if (kind === 'featured' && findGame(id) !== undefined) return { kind: 'featured', game: id };
  if (kind === 'tournament' && TOURNAMENT_ID.test(id)) return { kind: 'tournament', id };
  if (kind === 'bot' && BOT_ID.test(id)) return { kind: 'bot', id };
  if (kind === 'match' && MATCH_ID.test(id)) return { kind: 'match', id };
  return `no channel ${JSON.stringify(name.slice(0, 60))}: channels are featured, featured:<game>, tournament:<id>, bot:<id>, match:<id>`;
}

export function channelName(spec: ChannelSpec): string {
  return spec.kind === 'featured' ? (spec.game === null ? 'featured' : `featured:${spec.game}`) : `${spec.kind}:${spec.id}`;
}

/** Parses `after=<match>:<k>` of a follow stream. */
export function parseFollowAfter(value: unknown): { readonly match: string; readonly k: number } | null | string {
  if (value === undefined) return null;
  const found = typeof value === 'string' ? FOLLOW_ID.exec(value) : null;
  if (found === null) return 'query.after must be an event id of the follow stream, <match>:<k>';
  return { match: found[1]!, k: Number(found[2]) };
}

/** Who follows a channel: a socket (Subscriber), or a test's listener. */
export interface Follower {
  send(shown: Shown): void;
  /** The channel has nothing more (match:<id> after its end). */
  finish(): void;
  /** match:<id> of a game that may not go on broadcast now (REFUSED_SHOWING says why). */
  refuse(reason: string): void;
}

/** Why a game's showing is refused (BroadcastGame.refused): its follow stream closes 4409 with it. */
export const REFUSED_SHOWING = 'a game of this deal is on broadcast, or the deal is still being played: follow this game once its deal is public (its replay)';

/** Broadcasts.game's answer for a game that may not go on broadcast now. */
export const REFUSED = 'refused';

interface Candidate {
  readonly match: string;
  readonly game: string;
  readonly bots: readonly string[];
  readonly tournament: string | null;
  /** In progress now (else stored). */
  readonly live: boolean;
}

class Channel {
  readonly spec: ChannelSpec;
  readonly name: string;
  readonly followers = new Set<Follower>();
  /**
   * Followers that resumed a game (`after=`) before the channel chose one: the match and the last
   * k each has of it; if the channel then shows that game, they get the rest from there, not its snapshot.
   */
  readonly resumed = new Map<Follower, { readonly match: string; readonly k: number }>();
  readonly recent: string[] = [];
  game: BroadcastGame | null = null;
  #unlisten: (() => void) | null = null;
  #timer: NodeJS.Timeout | null = null;
  #closed = false;
  readonly #broadcasts: Broadcasts;

  constructor(spec: ChannelSpec, broadcasts: Broadcasts) {
    this.spec = spec;
    this.name = channelName(spec);
    this.#broadcasts = broadcasts;
  }

  start(): void {
    void this.#next();
  }

  close(): void {
    this.#closed = true;
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#unlisten?.();
    this.#unlisten = null;
  }

  #later(ms: number): void {
    if (this.#closed) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.#next();
    }, ms);
  }

  async #next(): Promise<void> {
    if (this.#closed) return;
    let game: BroadcastGame | typeof REFUSED | null = null;
    try {
      const match = await this.#broadcasts.choose(this);
      game = match === null ? null : await this.#broadcasts.game(match);
    } catch (error) {
      this.#broadcasts.log.warn({ err: error, channel: this.name }, 'a broadcast channel cannot choose its next game');
    }
    if (this.#closed) return;
    if (game === REFUSED && this.spec.kind === 'match') return this.#refuse();
    if (game === null || game === REFUSED) {
      if (this.spec.kind === 'match') return this.#finish();
      return this.#later(RETRY_MS);
    }
    this.#show(game);
  }

  #show(game: BroadcastGame): void {
    this.#unlisten?.();
    this.game = game;
    this.recent.unshift(game.match);
    this.recent.length = Math.min(this.recent.length, RECENT_SHOWN);
    // a game this channel joins midway: its followers start from its snapshot
    const snapshot = game.snapshot();
    for (const follower of this.followers) {
      const resumed = this.resumed.get(follower);
      // events shown since its resume would be lost, and a snapshot would repeat it: the rest from its k
      const rest = resumed?.match === game.match ? game.after(resumed.k) : null;
      for (const shown of rest ?? snapshot) follower.send(shown);
    }
    this.resumed.clear();
    if (snapshot.at(-1)?.final === true) return this.#ended();
    this.#unlisten = game.listen((shown) => {
      for (const follower of this.followers) follower.send(shown);
      if (shown.final) this.#ended();
    });
  }

  #ended(): void {
    if (this.spec.kind === 'match') return this.#finish();
    this.#later(this.#broadcasts.timing.pauseMs);
  }

  #finish(): void {
    for (const follower of this.followers) follower.finish();
    this.close();
  }

  #refuse(): void {
    for (const follower of this.followers) follower.refuse(REFUSED_SHOWING);
    this.close();
  }
}

export class Broadcasts {
  readonly #store: Store;
  readonly #source: TapeSource;
  readonly #holds: BroadcastHolds;
  readonly timing: BroadcastTiming;
  readonly log: FastifyBaseLogger;
  /** Every showing of this process, by match: current, and ended ones for a while. */
  readonly #games = new Map<string, BroadcastGame>();
  readonly #channels = new Map<string, Channel>();
  /** Channels that run with no follower (the featured ones, when always on). */
  readonly #pinned = new Set<string>();
  readonly #sweep: NodeJS.Timeout;
  #closed = false;

  constructor(store: Store, source: TapeSource, holds: BroadcastHolds, timing: BroadcastTiming, log: FastifyBaseLogger) {
    this.#store = store;
    this.#source = source;
    this.#holds = holds;
    this.timing = timing;
    this.log = log;
    this.#sweep = setInterval(() => this.#forgetOld(), 30_000).unref();
  }

  /** Runs the featured channels (every game's, and each game's) whether followed or not. */
  pinFeatured(): void {
    for (const spec of [{ kind: 'featured', game: null } as const, ...[...GAMES.keys()].map((id) => ({ kind: 'featured', game: id }) as const)]) {
      const name = channelName(spec);
      this.#pinned.add(name);
      this.#channel(spec);
    }
  }

  /**
   * `follower` follows a channel from now, or resumes after `after` (the last event it got):
   * the rest of that game's events if `after` is an event of this process's showing of it (no gap,
   * no repeat), then the channel's game from its snapshot. A cursor that is not (from another
   * process, whose showing differs, or past what this one has shown) gets the snapshot even of its
   * own game: a delta is only ever sent after its base. Answers the function that stops following.
   */
  follow(spec: ChannelSpec, follower: Follower, after: { readonly match: string; readonly k: number } | null): () => void {
    const channel = this.#channel(spec);
    const current = channel.game;
    let resumedCurrent = false;
    let resumedAt: { readonly match: string; readonly k: number } | null = null;
    if (after !== null) {
      const resumed = this.#settled(after.match);
      const rest = resumed?.after(after.k) ?? null;
      if (rest !== null) {
        for (const shown of rest) follower.send(shown);
        resumedCurrent = resumed === current;
        resumedAt = { match: after.match, k: rest.at(-1)?.k ?? after.k };
      }
    }
    if (!resumedCurrent && current !== null) for (const shown of current.snapshot()) follower.send(shown);
    channel.followers.add(follower);
    // the channel's game is not chosen yet: once it is, one this follower resumed goes on from where it is
    if (current === null && resumedAt !== null) channel.resumed.set(follower, resumedAt);
    if (spec.kind === 'match' && current?.ended === true) follower.finish();
    return () => {
      channel.followers.delete(follower);
      channel.resumed.delete(follower);
      if (channel.followers.size === 0 && !this.#pinned.has(channel.name)) {
        channel.close();
        this.#channels.delete(channel.name);
      }
    };
  }

  /**
   * What is on broadcast (being shown, or its end shown on a channel until the channel's next game:
   * the list does not empty between two games) and what was shown before, newest first.
   */
  summaries(): { readonly on: BroadcastSummary[]; readonly finished: BroadcastSummary[]; readonly channels: Record<string, string | null> } {
    const on: BroadcastSummary[] = [];
    const finished: BroadcastSummary[] = [];
    const onChannels = new Set([...this.#channels.values()].map((channel) => channel.game));
    for (const settled of this.#settledGames()) {
      const summary = settled.summary();
      if (summary === null || (settled.stopped && !settled.ended)) continue;
      (onChannels.has(settled) || !summary.ended ? on : finished).push(summary);
    }
    on.sort((a, b) => b.startedAt - a.startedAt);
    finished.sort((a, b) => b.endedAt! - a.endedAt!);
    const channels: Record<string, string | null> = {};
    for (const [name, channel] of this.#channels) channels[name] = channel.game?.match ?? null;
    return { on, finished, channels };
  }

  close(): void {
    this.#closed = true;
    clearInterval(this.#sweep);
    for (const channel of this.#channels.values()) channel.close();
    for (const game of this.#settledGames()) game.stop();
  }

  /**
   * The showing of `match` in this process, begun if new (or stopped); null when the match is
   * nowhere, REFUSED when it may not go on broadcast now (store startBroadcast).
   */
  async game(match: string): Promise<BroadcastGame | typeof REFUSED | null> {
    const known = this.#games.get(match);
    if (known !== undefined && !known.stopped) return (await known.begun) ? known : known.refused ? REFUSED : null;
    const game = new BroadcastGame(match, this.#source, this.#holds, this.timing, (error) => this.log.warn({ err: error, match }, 'broadcast: a store call failed'));
    game.begun = game.begin();
    this.#games.set(match, game);
    const found = await game.begun.catch(() => false);
    if (found && !this.#closed) return game;
    if (this.#games.get(match) === game) this.#games.delete(match);
    return game.refused ? REFUSED : null;
  }

  /** Whether this process shows the game now (its showing began, held, not stopped). */
  #showing(match: string): boolean {
    const known = this.#games.get(match);
    return known !== undefined && !known.stopped && !known.refused;
  }

  #settled(match: string): BroadcastGame | null {
    return this.#games.get(match) ?? null;
  }

  #settledGames(): BroadcastGame[] {
    return [...this.#games.values()];
  }

  #channel(spec: ChannelSpec): Channel {
    const name = channelName(spec);
    let channel = this.#channels.get(name);
    if (channel === undefined) {
      channel = new Channel(spec, this);
      this.#channels.set(name, channel);
      channel.start();
    }
    return channel;
  }

  /** Ended showings kept past their time, and games nobody shows, go. */
  #forgetOld(): void {
    const shownNow = new Set([...this.#channels.values()].map((channel) => channel.game));
    for (const [match, game] of this.#games) {
      const old = game.ended ? Date.now() - game.endedAt! > KEEP_ENDED_MS : game.listeners === 0 && !shownNow.has(game);
      if (!old) continue;
      game.stop();
      this.#games.delete(match);
    }
  }

  /** The channel's next game: null when there is none to show now. */
  async choose(channel: Channel): Promise<string | null> {
    const { spec } = channel;
    if (spec.kind === 'match') return channel.recent.length === 0 ? spec.id : null;
    const candidates = await this.#candidates(spec);
    if (candidates.length === 0) return null;
    const fresh = candidates.filter((candidate) => !channel.recent.includes(candidate.match));
    if (spec.kind !== 'featured') {
      // a tournament's current table, a bot's newest game: the newest not shown yet
      return fresh.find((candidate) => candidate.live)?.match ?? fresh[0]?.match ?? null;
    }
    const scored = await this.#byInterest(fresh.length > 0 ? fresh : candidates.filter((candidate) => !candidate.live && candidate.match !== channel.recent[0]));
    return scored[0] ?? candidates[0]!.match;
  }

  async #candidates(spec: Exclude<ChannelSpec, { kind: 'match' }>): Promise<Candidate[]> {
    const live = (await gamesInProgress(this.#store)).map((game): Candidate => ({ match: game.match, game: game.game, bots: game.seats.map((seat) => seat.bot), tournament: game.tournament, live: true }));
    const query = spec.kind === 'featured' ? { limit: RECENT_STORED, ...(spec.game !== null && { game: spec.game }) } : spec.kind === 'bot' ? { limit: RECENT_STORED, bot: spec.id } : { limit: RECENT_STORED };
    const stored = (await this.#store.listMatches(query)).matches.map((match): Candidate => ({ match: match.id, game: match.game, bots: match.entrants.map((entrant) => entrant.bot), tournament: null, live: false }));
    const every = [...live, ...stored.filter((candidate) => !live.some((other) => other.match === candidate.match))];
    // only games that may go on broadcast now (a game shown here already goes on)
    const may = await this.#store.mayShow(every.filter((candidate) => !this.#showing(candidate.match)).map((candidate) => candidate.match));
    const all = every.filter((candidate) => may.has(candidate.match) || this.#showing(candidate.match));
    if (spec.kind === 'featured') return spec.game === null ? all : all.filter((candidate) => candidate.game === spec.game);
    if (spec.kind === 'bot') return all.filter((candidate) => candidate.bots.includes(spec.id));
    return all.filter((candidate) => candidate.live && candidate.tournament === spec.id);
  }

  /** Most interesting first: a tournament's table, then by the mean Elo of the seats, then the newest. */
  async #byInterest(candidates: readonly Candidate[]): Promise<string[]> {
    const boards = new Map<string, Map<string, number>>();
    for (const game of new Set(candidates.map((candidate) => candidate.game))) {
      const rows = await this.#store.leaderboard(game);
      boards.set(game, new Map(rows.filter((row) => row.elo !== null).map((row) => [row.bot, row.elo!])));
    }
    const interest = (candidate: Candidate): number => {
      const elos = candidate.bots.map((bot) => boards.get(candidate.game)?.get(bot) ?? 0);
      return (candidate.tournament !== null ? 100_000 : 0) + (candidate.live ? 50_000 : 0) + elos.reduce((sum, elo) => sum + elo, 0) / Math.max(1, elos.length);
    };
    return candidates.map((candidate, order) => ({ match: candidate.match, score: interest(candidate), order }))
      .sort((a, b) => b.score - a.score || a.order - b.order)
      .map((candidate) => candidate.match);
  }
}

/**
 * The game-agnostic contract every game in `engine/` implements. The runner, the sandbox and the
 * platform only ever talk to a game through this interface, so adding a game is adding a folder
 * `games/<id>/` whose index declares it with `defineGame` (define-game.ts) and a line in
 * `games/registry.ts`.
 *
 * State is mutable and owned by the caller: `apply` changes it in place (as OpenSpiel's
 * ApplyAction does) so that simulations allocate little; `clone` gives an independent copy for
 * search. Everything is deterministic: a game is a pure function of its setup and its actions.
 */

/** A seat index, 0-based. */
export type Seat = number;

/** How a finished game came out. Points are indexed by seat. */
export interface GameResult {
  /**
   * A seat placed first. When several share first place (a shared win, e.g. 1923's T13) it is the
   * lowest of them: read `ranks` to see the tie.
   */
  readonly winner: Seat;
  /**
   * By seat. Where one entrant plays several seats (a partnership, `seating`), each of them holds
   * the side's pooled points: the platform counts an entrant's points once, from its first seat.
   */
  readonly points: readonly number[];
  /** Why the game ended, in the game's own words (e.g. XIX's `exactly-19`). */
  readonly reason: string;
  /**
   * Each seat's place, 1 = first, in standard competition ranking (tied seats share a place, the
   * next place skips as many as shared: 1, 1, 3), a forfeiting seat last (R12). Games for more
   * than two seats, or with shared wins, give it; without it the winner is first and the other
   * seat second (XIX).
   */
  readonly ranks?: readonly number[];
}

/**
 * Called right after each move by `startEachMove` and `applyEachMove`, with the state as it is then
 * (live: copy what you keep) and the seat that made the move.
 */
export type OnMove<State> = (state: State, seat: Seat) => void;

/** The answer of `checkAction` for an untrusted value. Illegal is a result, not an exception. */
export type ActionCheck<Action> =
  | { readonly ok: true; readonly action: Action }
  | { readonly ok: false; readonly reason: string };

export interface Game<State, Action, Setup, SeatView, SpectatorView, PublicView> {
  /** Stable identifier, used in replays and the registry. */
  readonly id: string;
  /** Rules version; a replay names it so it can be re-simulated with the same rules. */
  readonly version: string;
  readonly seats: { readonly min: number; readonly max: number };
  /**
   * The game's options (its variants of the rules, e.g. 1923's `decks`), by name; `{}` for none.
   * `resolveOptions` (options.ts) checks given options against them and fills in the defaults.
   */
  readonly options: OptionSpecs;
  /** The default of an option whose spec has none: one that depends on the table size. */
  defaultOption(name: string, seatCount: number): OptionValue | undefined;
  /** Checks resolved options that depend on each other or on the table size; throws GameError. */
  checkOptions(options: GameOptions, seatCount: number): void;
  /**
   * Which leaderboard a game at this table size with these options counts on: games of different
   * variants are rated apart. `DEFAULT_VARIANT` for a game with one board. It names the board in
   * store keys and addresses: lowercase letters, digits and hyphens, at most 40 characters.
   */
  variant(seatCount: number, options: GameOptions): string;
  /**
   * How entrants sit at a table of `seatCount` seats in the first rotation: one list of seats per
   * entrant (one seat each for most games; a partnership plays every seat of its side). Every
   * seat appears once.
   */
  seating(seatCount: number): readonly (readonly Seat[])[];

  /**
   * A random setup (the deal, who leads, ...) drawn deterministically from `seed`, for resolved
   * `options` (the defaults of the table when omitted). The setup records what the options change,
   * so a replay re-simulates from its setup alone.
   */
  randomSetup(seed: number, seatCount: number, options?: GameOptions): Setup;
  /** Checks an untrusted setup value (e.g. from a replay file); throws GameError saying why. */
  parseSetup(value: unknown): Setup;
  /** The initial state for a setup. */
  start(setup: Setup): State;
  /**
   * The setup that re-simulates the game up to `state` from itself alone: the one it started
   * from, plus anything the game drew while playing (1923's lots, T9). A replay records it.
   */
  setupOf(state: State): Setup;
  clone(state: State): State;

  /**
   * The seat that must decide now, or null when the game is over. One seat at a time: a game
   * whose rules make decisions simultaneous (1923's draw steps, T5) asks the seats in a fixed
   * order, and no view shows a seat's choice to anyone else (spectator view aside) until every
   * seat of the step has chosen, so each decides on the state as it was when the step began.
   */
  toMove(state: State): Seat | null;
  /**
   * Every legal action for the seat to move: sorted in a fixed order, JSON-serialisable, never
   * empty while the game is running. Action objects are shared and frozen: do not mutate them.
   */
  legalActions(state: State): readonly Action[];
  /** Validates an untrusted value (a bot's answer) against the legal actions. */
  checkAction(state: State, value: unknown): ActionCheck<Action>;
  /** Applies a legal action in place; throws IllegalActionError saying why for anything else. */
  apply(state: State, action: Action): void;
  /**
   * Whether the engine makes moves for seats (their only legal action: Nineteen's N22, 69's S18).
   * Then whoever shows a game a step at a time shows each engine move on its own (applyEachMove);
   * a game without them may show several moves as one step.
   */
  readonly forcedMoves: boolean;
  /**
   * `start` move by move, for whoever shows a game a step at a time: `onStart` gets the state as
   * dealt, then `onMove` follows each forced move the engine makes before the first decision (69's
   * S18). A game without forced moves just starts.
   */
  startEachMove(setup: Setup, onStart: (state: State) => void, onMove: OnMove<State>): State;
  /**
   * `apply` move by move: `onMove` follows the action, then each forced move the engine makes after
   * it (Nineteen's N22, 69's S18). A step that bundled a forced move with the move before it would
   * tell the table that its seat had no choice, which only that seat and the replay may know.
   */
  applyEachMove(state: State, action: Action, onMove: OnMove<State>): void;

  /**
   * What `seat` may know and nothing more: never a card hidden from that seat, and nothing from
   * which one could be derived beyond the public history. Two states that differ only in cards
   * hidden from `seat` give identical views.
   */
  view(state: State, seat: Seat): SeatView;
  /**
   * What everyone may know: what live spectators see of a running game. Never a card hidden from
   * some seat, nor anything from which one could be derived beyond the public history: two states
   * that differ only in cards hidden from a seat (so, too, in cards hidden from every seat) give
   * identical public views. Each seat's view holds at least as much.
   */
  publicView(state: State): PublicView;
  /** Everything, for spectators of finished games, replays and debugging. */
  spectatorView(state: State): SpectatorView;
  /** Seat views as short strings: how a sandboxed bot gets them (see ViewCodec). */
  readonly viewCodec: ViewCodec<SeatView>;
  /**
   * The module that exports `viewCodec` (a file URL), which the sandbox bundles into each bot's
   * isolate without the rules; null for the generic codec (generic-view-codec.ts).
   */
  readonly viewCodecModule: string | null;
  /** The result once the game is over, else null. */
  result(state: State): GameResult | null;
  /** The result when `seat` forfeits a running game (R12: a platform rule, not a game rule). */
  forfeitResult(state: State, seat: Seat): GameResult;
}

/**
 * Carries one seat's views, in order over one game, across a boundary as short strings: a
 * sandboxed bot's views are encoded on the host and decoded inside its isolate, where JSON would
 * cost more than the bot's own decision. Both ends keep state (the history only grows, so a code
 * carries only the events the decoder lacks); a new game needs a new encoder and decoder. For every
 * view `v` of a game, in order, `decode(encode(v))` deep-equals `v`.
 */
export interface ViewCodec<SeatView> {
  createEncoder(): (view: SeatView) => string;
  createDecoder(): (code: string) => SeatView;
}

/** An option's value: options are small scalars (a number of decks, a rule on or off). */
export type OptionValue = number | boolean | string;
/** Resolved options of a table: every option of the game, by name. */
export type GameOptions = Readonly<Record<string, OptionValue>>;

/** One option, as JSON Schema says it (the HTTP API publishes it as such). */
export type OptionSpec =
  | { readonly type: 'integer'; readonly minimum: number; readonly maximum: number; readonly default?: number; readonly description: string }
  | { readonly type: 'boolean'; readonly default?: boolean; readonly description: string }
  | { readonly type: 'string'; readonly enum: readonly string[]; readonly default?: string; readonly description: string };
export type OptionSpecs = Readonly<Record<string, OptionSpec>>;

/** The variant of a game that has one leaderboard; data stored before variants existed is on it. */
export const DEFAULT_VARIANT = 'default';

/** A game whose type parameters are unknown to the caller (registry, runner, replays). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGame = Game<any, any, any, any, any, any>;

/** Rejected input: a malformed setup or an action that is not legal now. */
export class GameError extends Error {
  override name = 'GameError';
}

export class IllegalActionError extends GameError {
  override name = 'IllegalActionError';
}

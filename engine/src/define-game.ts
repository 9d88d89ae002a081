/**
 * `defineGame`: a game module's rules plus the optional pieces, with the generic fallback for each
 * piece it leaves out (no options, one leaderboard, one seat per entrant, no forced moves, the
 * generic view codec).
 */
import { DEFAULT_VARIANT, type Game, type GameOptions, type OptionSpecs, type OptionValue, type Seat, type ViewCodec } from './game.ts';
import { genericViewCodec } from './generic-view-codec.ts';

type Optional = 'options' | 'defaultOption' | 'checkOptions' | 'variant' | 'seating' | 'forcedMoves' | 'startEachMove' | 'applyEachMove' | 'viewCodec' | 'viewCodecModule';

/** What a game module writes: everything of `Game`, the optional pieces only where it has its own. */
export type GameDefinition<State, Action, Setup, SeatView, SpectatorView, PublicView> =
  Omit<Game<State, Action, Setup, SeatView, SpectatorView, PublicView>, Optional> & {
    readonly options?: OptionSpecs;
    readonly defaultOption?: (name: string, seatCount: number) => OptionValue | undefined;
    readonly checkOptions?: (options: GameOptions, seatCount: number) => void;
    readonly variant?: (seatCount: number, options: GameOptions) => string;
    readonly seating?: (seatCount: number) => readonly (readonly Seat[])[];
    /** A game that makes forced moves (its seats' only legal actions) steps through them itself: it has `forcedMoves`. */
    readonly startEachMove?: Game<State, Action, Setup, SeatView, SpectatorView, PublicView>['startEachMove'];
    readonly applyEachMove?: Game<State, Action, Setup, SeatView, SpectatorView, PublicView>['applyEachMove'];
    /** The game's own view codec, for speed, and the module (file URL) that exports it as `viewCodec`. */
    readonly ownViewCodec?: { readonly codec: ViewCodec<SeatView>; readonly module: string };
  };

/**
 * The URL of `file` in the folder of the module whose `import.meta` is `meta`: string work only,
 * since a game module also runs inside bundles (a bot's isolate) where `URL` is absent and
 * `import.meta.url` is undefined (there the result is never read). It takes `import.meta` rather
 * than `import.meta.url` so that a bot's folder type-checks without Node's types.
 */
export function moduleBeside(meta: { readonly url?: string }, file: string): string {
  const url = meta.url;
  return url === undefined ? '' : url.slice(0, url.lastIndexOf('/') + 1) + file;
}

/** One entrant a seat, in seat order: the seating of every game without partnerships. */
export function seatPerEntrant(seatCount: number): readonly (readonly Seat[])[] {
  return Array.from({ length: seatCount }, (_, seat) => [seat]);
}

/**
 * A game module calls it as `/* @__PURE__ *\/ defineGame({...})`, with every call in the
 * definition marked so too: a bot's bundler (esbuild) keeps a top-level call it cannot prove free
 * of side effects, and with it the game's rules, in every bot that uses one of the game's helpers.
 */
export function defineGame<State, Action, Setup, SeatView, SpectatorView, PublicView>(
  definition: GameDefinition<State, Action, Setup, SeatView, SpectatorView, PublicView>,
): Game<State, Action, Setup, SeatView, SpectatorView, PublicView> {
  const { ownViewCodec, ...rest } = definition;
  return {
    options: {},
    defaultOption: () => undefined,
    checkOptions: () => {},
    variant: () => DEFAULT_VARIANT,
    seating: seatPerEntrant,
    startEachMove: (setup, onStart) => {
      const state = rest.start(setup);
      onStart(state);
      return state;
    },
    applyEachMove: (state, action, onMove) => {
      const seat = rest.toMove(state);
      rest.apply(state, action);
      onMove(state, seat!); // `apply` threw if the game was over
    },
    ...rest,
    forcedMoves: definition.applyEachMove !== undefined,
    viewCodec: ownViewCodec?.codec ?? (genericViewCodec as ViewCodec<SeatView>),
    viewCodecModule: ownViewCodec?.module ?? null,
  };
}

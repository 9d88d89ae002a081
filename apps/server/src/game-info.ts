/**
 * What the API says about each registered game (GET /api/games): its table sizes and how many
 * entrants each seats, its options, its variants (one leaderboard each) and its house bots. The
 * web pages and the CLI read it instead of knowing any game.
 */
import { GAMES, entrantCounts, entrantsAt, optionsJsonSchema, resolveOptions, tableSizes, type AnyGame, type OptionSpec, type OptionValue } from '@xix/engine';
import { validationTableSizes } from '@xix/referee';
import { houseBotFiles } from '@xix/sdk/files';
import { houseBotName } from './house-bots.ts';

/** More option combinations than this are not enumerated: the game's variants are then not listed. */
const MAX_COMBINATIONS = 10_000;

export interface GameInfo {
  readonly id: string;
  readonly version: string;
  readonly seats: { readonly min: number; readonly max: number };
  /** Each table size, the entrants it seats and its variant at the default options. */
  readonly tables: readonly { readonly seats: number; readonly entrants: number; readonly variant: string }[];
  /** The entrant counts a challenge or tournament table may have (two or more). */
  readonly entrantCounts: readonly number[];
  /** The options object's JSON Schema (each option: its type, range or values, default, description). */
  readonly options: Readonly<Record<string, unknown>>;
  /** Every variant some table and options make, sorted; null when there are too many option combinations to list. */
  readonly variants: readonly string[] | null;
  /** The leaderboard GET /api/leaderboard/<id> shows: the variant of the smallest table for two or more entrants at the default options. */
  readonly mainVariant: string;
  /** The game's house bots (user `house`), by name, with the example each comes from. */
  readonly houseBots: readonly { readonly name: string; readonly example: string }[];
}

function valuesOf(spec: OptionSpec): readonly OptionValue[] {
  switch (spec.type) {
    case 'integer':
      return Array.from({ length: spec.maximum - spec.minimum + 1 }, (_, i) => spec.minimum + i);
    case 'boolean':
      return [false, true];
    case 'string':
      return spec.enum;
  }
}

const variantsCache = new WeakMap<AnyGame, string[] | null>();

/** Every variant of a game (each table size with every valid option combination), or null when too many to try. */
export function variantsOf(game: AnyGame): string[] | null {
  if (!variantsCache.has(game)) variantsCache.set(game, enumerateVariants(game));
  return variantsCache.get(game)!;
}

function enumerateVariants(game: AnyGame): string[] | null {
  const names = Object.keys(game.options);
  const values = names.map((name) => valuesOf(game.options[name]!));
  const combinations = values.reduce((product, list) => product * list.length, 1);
  if (combinations * tableSizes(game).length > MAX_COMBINATIONS) return null;
  const variants = new Set<string>();
  for (const seats of tableSizes(game)) {
    for (let k = 0; k < combinations; k++) {
      let rest = k;
      const given: Record<string, OptionValue> = {};
      names.forEach((name, i) => {
        const list = values[i]!;
        given[name] = list[rest % list.length]!;
        rest = Math.floor(rest / list.length);
      });
      try {
        variants.add(game.variant(seats, resolveOptions(game, seats, given)));
      } catch {
        // not a valid combination at this size (e.g. 1923's decks beyond ⌈seats/3⌉)
      }
    }
  }
  return [...variants].sort();
}

/** The variant GET /api/leaderboard/<game> shows (and the ladder keeps moving). */
export function mainVariant(game: AnyGame): string {
  const seats = validationTableSizes(game)[0]!;
  return game.variant(seats, resolveOptions(game, seats));
}

export function gameInfo(game: AnyGame): GameInfo {
  return {
    id: game.id,
    version: game.version,
    seats: game.seats,
    tables: tableSizes(game).map((seats) => {
      let variant: string;
      try {
        variant = game.variant(seats, resolveOptions(game, seats));
      } catch {
        variant = '';
      }
      return { seats, entrants: entrantsAt(game, seats), variant };
    }),
    entrantCounts: entrantCounts(game),
    options: optionsJsonSchema(game),
    variants: variantsOf(game),
    mainVariant: mainVariant(game),
    houseBots: houseBotFiles(game.id).map(({ name: example }) => ({ name: houseBotName(game.id, example), example })),
  };
}

/** Every registered game, in the registry's order (the default game first). */
export function gameInfos(): GameInfo[] {
  return [...GAMES.values()].map(gameInfo);
}

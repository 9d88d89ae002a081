/**
 * Game options, checked the same way at every entry (the CLI's `--option name=value`, HTTP bodies,
 * tournaments, the ladder): unknown names and wrong values are a GameError naming the option and
 * what it takes; omitted options get their default for the table size.
 */
import { GameError, type AnyGame, type GameOptions, type OptionSpec, type OptionValue } from './game.ts';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What an option takes, in words, for error messages and `--help`. */
export function describeOption(spec: OptionSpec): string {
  switch (spec.type) {
    case 'integer':
      return `a whole number from ${spec.minimum} to ${spec.maximum}`;
    case 'boolean':
      return 'true or false';
    case 'string':
      return `one of ${spec.enum.join(', ')}`;
  }
}

function checkValue(game: AnyGame, name: string, spec: OptionSpec, value: unknown): OptionValue {
  const ok =
    spec.type === 'integer' ? Number.isSafeInteger(value) && (value as number) >= spec.minimum && (value as number) <= spec.maximum
    : spec.type === 'boolean' ? typeof value === 'boolean'
    : typeof value === 'string' && spec.enum.includes(value);
  if (!ok) throw new GameError(`option ${name} of ${game.id} takes ${describeOption(spec)}, not ${JSON.stringify(value) ?? String(value)}`);
  return value as OptionValue;
}

/**
 * The options of a table of `seatCount` seats: `given` (untrusted) checked against the game's
 * specs, every omitted option at its default, then the game's own checks across options.
 */
export function resolveOptions(game: AnyGame, seatCount: number, given: unknown = {}): GameOptions {
  if (!isRecord(given)) throw new GameError(`the options of ${game.id} must be an object of name: value`);
  const names = Object.keys(game.options);
  for (const name of Object.keys(given)) {
    if (!Object.hasOwn(game.options, name)) {
      throw new GameError(names.length === 0 ? `${game.id} has no options, got ${name}` : `${game.id} has no option ${name}; its options: ${names.join(', ')}`);
    }
  }
  const resolved: Record<string, OptionValue> = {};
  for (const name of names) {
    const spec = game.options[name]!;
    const value = Object.hasOwn(given, name) ? given[name] : (spec.default ?? game.defaultOption(name, seatCount));
    if (value === undefined) throw new GameError(`option ${name} of ${game.id} has no default at ${seatCount} seats: give it`);
    resolved[name] = checkValue(game, name, spec, value);
  }
  game.checkOptions(resolved, seatCount);
  return resolved;
}

/** `name=value` texts (the CLI's `--option`) as untrusted options, each value read by its spec's type. */
export function parseOptionTexts(game: AnyGame, texts: readonly string[]): Record<string, unknown> {
  const given: Record<string, unknown> = {};
  for (const text of texts) {
    const at = text.indexOf('=');
    if (at <= 0) throw new GameError(`an option is name=value, got ${JSON.stringify(text)}`);
    const name = text.slice(0, at);
    const raw = text.slice(at + 1);
    const spec = game.options[name];
    if (spec === undefined) resolveOptions(game, game.seats.min, { [name]: raw }); // throws: no such option
    if (Object.hasOwn(given, name)) throw new GameError(`option ${name} is given twice`);
    given[name] = spec!.type === 'integer' ? (/^-?\d+$/.test(raw) ? Number(raw) : raw) : spec!.type === 'boolean' ? (raw === 'true' ? true : raw === 'false' ? false : raw) : raw;
  }
  return given;
}

/** The JSON Schema of a game's options object, for the HTTP routes. */
export function optionsJsonSchema(game: AnyGame): Record<string, unknown> {
  return { type: 'object', additionalProperties: false, properties: game.options };
}

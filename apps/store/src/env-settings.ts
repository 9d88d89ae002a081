/**
 * Settings read from the environment, the same way in every process (server, worker): whole
 * numbers in decimal digits within a range, and on/off switches. A wrong value throws a
 * ConfigError naming the variable; the process says that in one line and exits 2.
 */

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const SWITCH: ReadonlyMap<string, boolean> = new Map([['on', true], ['off', false], ['true', true], ['false', false], ['1', true], ['0', false]]);

/** `env[name]` as a whole number from `min` to `max` (digits only: no sign, exponent, hex or spaces); unset or empty: `fallback`. */
export function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${text}"`);
  return value;
}

/** `env[name]` as a switch: on/off, true/false, 1/0 (any case); unset or empty: `fallback`. */
export function onOff(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = SWITCH.get(text.toLowerCase());
  if (value === undefined) throw new ConfigError(`${name} must be on or off, got "${text}"`);
  return value;
}

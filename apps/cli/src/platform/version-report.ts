/**
 * A version's state in words, for `xix upload` (following its own) and `xix bots --mine`: what it
 * is doing, or why it was rejected: a type-check's errors as file:line:column, as `xix check`
 * shows them, or a forfeit's verdict, message and failing game.
 */
import type { BotVersion, Diagnostic } from './api-types.ts';

/** Type errors shown before "… and N more". */
const SHOWN = 10;

const STATES: Readonly<Record<string, string>> = {
  checking: 'is being type-checked',
  validating: 'is playing its validation games',
  active: 'is active',
  rejected: 'was rejected',
};

/** `xix check`'s format: `file:line:col error TSnnnn: message`. */
export function diagnosticLine(d: Diagnostic): string {
  return d.line === 0 ? `${d.file === '' ? '' : `${d.file}: `}error ${d.text}` : `${d.file}:${d.line}:${d.column} error ${d.text}`;
}

/** One line for the version, then its type errors (indented), or the failing game to fetch. */
export function versionReport(bot: string, version: BotVersion, url: string): string[] {
  const state = STATES[version.state] ?? `is ${version.state}`;
  const head = `${bot} version ${version.version} ${state}`;
  if (version.state !== 'rejected') return [head];
  const diagnostics = version.diagnostics ?? [];
  if (version.verdict === 'type_error' && diagnostics.length > 0) {
    const more = diagnostics.length > SHOWN ? [`  … and ${diagnostics.length - SHOWN} more`] : [];
    return [`${head}: ${diagnostics.length} type error${diagnostics.length === 1 ? '' : 's'} (as xix check shows them; it was never played):`, ...diagnostics.slice(0, SHOWN).map((d) => `  ${diagnosticLine(d)}`), ...more];
  }
  const lines = [`${head}${version.verdict ? ` (${version.verdict})` : ''}: ${version.message ?? 'no reason given'}`];
  if (version.failingMatch) {
    lines.push(`  failing game: ${url}/api/matches/${version.failingMatch}/replay`, `  download it with: xix fetch ${version.failingMatch}`);
  }
  return lines;
}

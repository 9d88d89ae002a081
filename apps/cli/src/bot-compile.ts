/**
 * Compiles a TypeScript bot into one self-contained ES module with esbuild: the bot plus the
 * `@xix/sdk` of this repository (and the engine values it re-exports), nothing from Node. The
 * sandbox loads the same kind of bundle, so a bot that compiles here runs there.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { build, type Message } from 'esbuild';
import { NODE_MODULES } from './repo.ts';

export type Compiled = { readonly ok: true; readonly code: string } | { readonly ok: false; readonly message: string };

export async function compileBot(file: string): Promise<Compiled> {
  const info = await stat(file).catch(() => null);
  if (info === null) return { ok: false, message: `no such file: ${file}` };
  if (!info.isFile()) return { ok: false, message: `not a file: ${file}` };
  try {
    const out = await build({
      entryPoints: [file],
      bundle: true,
      write: false,
      format: 'esm',
      // neutral: no Node built-ins, as in the sandbox.
      platform: 'neutral',
      target: 'es2024',
      // Resolves `@xix/sdk` from this repository, wherever the bot file lives.
      nodePaths: [NODE_MODULES],
      sourcemap: 'inline',
      logLevel: 'silent',
    });
    const code = out.outputFiles[0]?.text;
    return code === undefined ? { ok: false, message: `esbuild produced no output for ${file}` } : { ok: true, code };
  } catch (error) {
    const errors = (error as { errors?: Message[] }).errors;
    if (!Array.isArray(errors) || errors.length === 0) return { ok: false, message: `cannot compile ${file}: ${(error as Error).message}` };
    const first = errors[0]!;
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more error${errors.length > 2 ? 's' : ''})` : '';
    return { ok: false, message: `${formatMessage(first, file)}${more}` };
  }
}

/** `file:line:column: error: text`, the form editors and terminals link to. */
function formatMessage(message: Message, entry: string): string {
  const at = message.location;
  const where = at === null ? entry : `${shownPath(at.file, entry)}:${at.line}:${at.column + 1}`;
  const hint = message.text.startsWith('Could not resolve') ? ' (a bot may import only @xix/sdk)' : '';
  return `${where}: error: ${message.text}${hint}`;
}

/** The bot file as the user named it; another file relative to here unless that climbs out. */
function shownPath(file: string, entry: string): string {
  const absolute = path.resolve(file);
  if (absolute === path.resolve(entry)) return entry;
  const relative = path.relative(process.cwd(), absolute);
  return relative.startsWith('..') ? absolute : relative;
}

/**
 * Compiles an untrusted TypeScript bot into one script for an isolate: esbuild bundles the bot's
 * own files with the SDK of this repository. The bot may import `@xix/sdk` and its own files next
 * to its entry, nothing else: no Node built-ins, no npm packages, no files outside its folder.
 * Errors name file:line:column where there is one. Compiling is bounded: a file nesting brackets
 * deeper than MAX_NESTING is refused before esbuild sees it (nesting.ts), and a compile over its
 * time limit is stopped (bundler.ts).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Message } from 'esbuild';
import { DEFAULT_COMPILE_TIMEOUT_MS, ENTRY, SDK_ENTRY, SDK_NAME, bundle, type BotHandlers } from './bundler.ts';
import { MAX_NESTING, deepestNesting } from './nesting.ts';

export const DEFAULT_MAX_SOURCE_BYTES = 1024 * 1024;

/** The bot's files: read from disk, or given in memory (e.g. an upload) keyed by relative path. */
export interface BotSource {
  /** The entry file: a path on disk, or a key of `files`. */
  readonly entry: string;
  readonly files?: ReadonlyMap<string, string>;
  /** Total bytes of the bot's own files (the SDK does not count). */
  readonly maxBytes?: number;
  /** How long compiling may take (ms): past it the compile is stopped and fails. */
  readonly timeoutMs?: number;
}

export type CompiledBot =
  | {
      readonly ok: true;
      readonly code: string;
      readonly bytes: number;
      /**
       * The games whose own code the bot's bundle holds (from its `sdk/src/games/<id>/` and
       * `engine/src/games/<id>/` files), sorted: the game(s) its source was written for, or []
       * for a bot that uses nothing game-specific.
       */
      readonly games: readonly string[];
    }
  | { readonly ok: false; readonly message: string };

/** A file of a game's own folder in the SDK or the engine: its id. */
const GAME_FOLDER = /(?:^|[/\\])(?:sdk|engine)[/\\]src[/\\]games[/\\]([^/\\]+)[/\\]/;

/** The games whose folders the files belong to (the bot's own files never count: they are in the 'bot' namespace). */
export function gamesOfInputs(inputs: readonly string[]): string[] {
  const games = new Set<string>();
  for (const file of inputs) {
    if (file.startsWith('bot:')) continue;
    const id = GAME_FOLDER.exec(file)?.[1];
    if (id !== undefined) games.add(id);
  }
  return [...games].sort();
}

const MEMORY_ROOT = path.resolve('/xix-bot');
const EXTENSIONS = ['', '.ts', '.js', '.mts', '.mjs', '/index.ts', '/index.js'];

export async function compileBot(source: BotSource): Promise<CompiledBot> {
  const maxBytes = source.maxBytes ?? DEFAULT_MAX_SOURCE_BYTES;
  const inMemory = source.files !== undefined;
  const entry = inMemory ? path.resolve(MEMORY_ROOT, source.entry) : path.resolve(source.entry);
  const root = path.dirname(entry);
  const read = async (file: string): Promise<string | undefined> => {
    if (source.files !== undefined) return source.files.get(path.relative(MEMORY_ROOT, file).split(path.sep).join('/'));
    return readFile(file, 'utf8').catch(() => undefined);
  };
  if ((await read(entry)) === undefined) return { ok: false, message: `no such file: ${source.entry}` };

  let bytes = 0;
  const handlers: BotHandlers = {
    async resolve(args) {
      if (args.path === ENTRY) return { path: entry, namespace: 'bot' };
      if (args.path === SDK_NAME) return { path: SDK_ENTRY, namespace: 'file' };
      if (args.path.startsWith('./') || args.path.startsWith('../')) {
        const target = path.resolve(path.dirname(args.importer), args.path);
        if (target !== root && !target.startsWith(root + path.sep)) {
          return { errors: [{ text: `"${args.path}" is outside the bot's folder (a bot may import only @xix/sdk and files in its own folder)` }] };
        }
        for (const ext of EXTENSIONS) {
          if ((await read(target + ext)) !== undefined) return { path: target + ext, namespace: 'bot' };
        }
        return { errors: [{ text: `cannot find "${args.path}"` }] };
      }
      return { errors: [{ text: `Could not resolve "${args.path}" (a bot may import only @xix/sdk)` }] };
    },
    async load(args) {
      const contents = (await read(args.path)) ?? '';
      bytes += Buffer.byteLength(contents);
      if (bytes > maxBytes) return { errors: [{ text: `the bot's source is over the size limit of ${maxBytes} bytes` }] };
      const nesting = deepestNesting(contents, MAX_NESTING);
      if (nesting.depth > MAX_NESTING) {
        return { errors: [{ text: `brackets nested more than ${MAX_NESTING} deep: refused before compiling`, location: { file: args.path, namespace: 'bot', line: nesting.line, column: nesting.column } }] };
      }
      return { contents, loader: /\.m?js$/.test(args.path) ? 'js' : 'ts', resolveDir: path.dirname(args.path) };
    },
  };

  try {
    const { code, inputs } = await bundle(handlers, source.timeoutMs ?? DEFAULT_COMPILE_TIMEOUT_MS);
    return { ok: true, code, bytes, games: gamesOfInputs(inputs) };
  } catch (error) {
    return { ok: false, message: describeBuildFailure(error, source.entry, inMemory ? MEMORY_ROOT : '') };
  }
}

function describeBuildFailure(error: unknown, entry: string, memoryRoot: string): string {
  const errors = (error as { errors?: Message[] }).errors;
  if (!Array.isArray(errors) || errors.length === 0) return `cannot compile ${entry}: ${(error as Error).message}`;
  const first = errors[0]!;
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more error${errors.length > 2 ? 's' : ''})` : '';
  const at = first.location;
  const file = at === null ? entry : memoryRoot === '' ? asNamed(at.file.replace(/^bot:/, '')) : path.relative(memoryRoot, at.file.replace(/^bot:/, ''));
  const where = at === null ? file : `${file}:${at.line}:${at.column + 1}`;
  return `${where}: error: ${first.text}${more}`;
}

/** A file as the user would name it: relative to the working directory unless that climbs out. */
function asNamed(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}

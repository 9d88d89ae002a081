/**
 * The files of a bot to upload: its entry and, transitively, the files it imports with relative
 * paths. Keys are paths relative to the entry's folder with '/' separators, as the server's
 * compiler expects. Imports that leave the folder are refused here already, as the compiler would.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as TypeScript from 'typescript';

// require, not import: importing this 9 MB CommonJS module makes Node scan it for named exports,
// about a third of a second of every `xix` command's start.
const ts = createRequire(import.meta.url)('typescript') as typeof TypeScript;

export type BotFiles =
  | { readonly ok: true; readonly entry: string; readonly files: Readonly<Record<string, string>>; readonly bytes: number }
  | { readonly ok: false; readonly message: string };

/** The same resolution order as the compiler (apps/sandbox/src/compile.ts). */
const EXTENSIONS = ['', '.ts', '.js', '.mts', '.mjs', '/index.ts', '/index.js'];

export async function collectBotFiles(entryFile: string): Promise<BotFiles> {
  const entry = path.resolve(entryFile);
  const root = path.dirname(entry);
  const files: Record<string, string> = {};
  let bytes = 0;
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    const key = path.relative(root, file).split(path.sep).join('/');
    if (key in files) continue;
    const text = await readText(file);
    if (text === undefined) return { ok: false, message: file === entry ? `no such file: ${entryFile}` : `cannot read ${file}` };
    files[key] = text;
    bytes += Buffer.byteLength(text);
    for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
      if (!fileName.startsWith('./') && !fileName.startsWith('../')) continue;
      const target = path.resolve(path.dirname(file), fileName);
      if (target !== root && !target.startsWith(root + path.sep)) {
        return { ok: false, message: `${path.relative(process.cwd(), file) || file} imports "${fileName}", outside the bot's folder (a bot may import only @xix/sdk and files in its own folder)` };
      }
      const found = await resolve(target);
      if (found === undefined) return { ok: false, message: `${path.relative(process.cwd(), file) || file}: cannot find "${fileName}"` };
      pending.push(found);
    }
  }
  return { ok: true, entry: path.basename(entry), files, bytes };
}

async function resolve(target: string): Promise<string | undefined> {
  for (const ext of EXTENSIONS) if ((await readText(target + ext)) !== undefined) return target + ext;
  return undefined;
}

async function readText(file: string): Promise<string | undefined> {
  return readFile(file, 'utf8').catch(() => undefined);
}

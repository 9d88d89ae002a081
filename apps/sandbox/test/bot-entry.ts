/** Sandbox tests' bots: a file compiled as the platform does, named for the series. */
import { fileURLToPath } from 'node:url';
import { compileBot, type BotEntry } from '../src/index.ts';

/** Compiles `file` (relative to apps/sandbox/test/) into a bot entry named `name`; throws on a compile error. */
export async function entry(file: string, name: string): Promise<BotEntry> {
  const compiled = await compileBot({ entry: fileURLToPath(new URL(file, import.meta.url)) });
  if (!compiled.ok) throw new Error(compiled.message);
  return { name, code: compiled.code };
}

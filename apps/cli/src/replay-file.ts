/** Reads a replay file: JSON, then the replay format's own shape check. */
import { readFile } from 'node:fs/promises';
import { parseReplay, type Replay } from '@xix/engine';

export type ReadReplay = { readonly ok: true; readonly replay: Replay } | { readonly ok: false; readonly message: string };

export async function readReplayFile(file: string): Promise<ReadReplay> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, message: code === 'ENOENT' ? `no such file: ${file}` : `cannot read ${file}: ${(error as Error).message}` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `${file} is not JSON: ${(error as Error).message}` };
  }
  try {
    return { ok: true, replay: parseReplay(value) };
  } catch (error) {
    return { ok: false, message: `${file} is ${(error as Error).message}` };
  }
}

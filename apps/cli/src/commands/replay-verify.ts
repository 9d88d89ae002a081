/** `xix replay verify FILE...`: re-simulates each replay; any failure makes the exit code 1. */
import { verifyReplay } from '@xix/engine';
import { CliError } from '../cli-error.ts';
import { readReplayFile } from '../replay-file.ts';

export async function replayVerify(files: readonly string[]): Promise<void> {
  let failed = 0;
  for (const file of files) {
    const problem = await check(file);
    if (problem === null) {
      if (files.length === 1) console.log(`${file}: ok`);
    } else {
      failed++;
      console.log(`FAILED ${problem}`);
    }
  }
  const summary = `verified ${files.length} replay${files.length === 1 ? '' : 's'}: ${files.length - failed} ok, ${failed} failed`;
  if (failed > 0) throw new CliError(summary);
  if (files.length > 1) console.log(summary);
}

/** What is wrong with the replay in `file` (a line naming the file), or null. */
async function check(file: string): Promise<string | null> {
  const read = await readReplayFile(file);
  if (!read.ok) return read.message;
  const verdict = verifyReplay(read.replay);
  if (verdict.ok) return null;
  return `${file}: ${verdict.step === null ? verdict.reason : `move ${verdict.step}: ${verdict.reason}`}`;
}

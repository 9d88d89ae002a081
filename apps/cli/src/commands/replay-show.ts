/**
 * `xix replay show FILE [--seat N]`: a replay as readable text, re-simulated with the engine;
 * with --seat, only what seat N saw, beside what its bot printed.
 */
import { statSync } from 'node:fs';
import { findGame, verifyReplay, type AnyGame, type Replay } from '@xix/engine';
import { fail, orFail } from '../cli-error.ts';
import { textOf } from '../games/registry.ts';
import { readReplayFile } from '../replay-file.ts';
import { readBotLogs } from '../replay/bot-log.ts';
import { renderSeat } from '../replay/render-seat.ts';

export interface ShowOptions {
  readonly seat?: string;
}

export async function replayShow(file: string, options: ShowOptions = {}): Promise<void> {
  const { replay, game } = await loadReplay(file);
  const seat = options.seat === undefined ? null : parseSeat(options.seat, replay);
  const lines: string[] = [];
  const out = (line: string): void => void lines.push(line);
  const shown = seat !== null ? renderSeat(replay, seat, readBotLogs(file), out) : textOf(game).replay(replay, out);
  console.log(lines.join('\n'));
  if (!shown.ok) fail(`${file}: ${shown.message}`);
  const verdict = verifyReplay(replay);
  if (!verdict.ok) fail(`${file} does not verify: ${verdict.step === null ? '' : `at move ${verdict.step}: `}${verdict.reason}`);
}

/** A replay file whose game this engine knows and whose setup it accepts; else one line. */
export async function loadReplay(file: string): Promise<{ replay: Replay; game: AnyGame }> {
  let folder = false;
  try {
    folder = statSync(file).isDirectory();
  } catch {
    // Missing or unreadable: readReplayFile says which.
  }
  if (folder) fail(`${file} is a folder: give one replay file in it (e.g. ${file.replace(/\/$/, '')}/game-1.json)`);
  const { replay } = orFail(await readReplayFile(file));
  const game = findGame(replay.game.id);
  if (game === undefined) fail(`${file} is a replay of "${replay.game.id}", a game this engine does not know`);
  try {
    game.parseSetup(replay.setup);
  } catch (error) {
    fail(`${file} has a bad setup: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { replay, game };
}

function parseSeat(text: string, replay: Replay): number {
  const seat = Number(text);
  if (!/^\d+$/.test(text) || seat >= replay.seats.length) fail(`--seat must be a seat of this game: 0 to ${replay.seats.length - 1}, got ${text}`);
  return seat;
}

/** `xix replay show FILE`: a replay as readable text, re-simulated with the engine. */
import { findGame, verifyReplay, type Replay } from '@xix/engine';
import { fail, orFail } from '../cli-error.ts';
import { readReplayFile } from '../replay-file.ts';
import { renderXix } from '../replay/render-xix.ts';
import { simulate, type Simulation } from '../replay/simulate.ts';

export async function replayShow(file: string): Promise<void> {
  const { replay } = orFail(await readReplayFile(file));
  const game = findGame(replay.game.id);
  if (game === undefined) fail(`${file} is a replay of "${replay.game.id}", a game this engine does not know`);
  try {
    game.parseSetup(replay.setup);
  } catch (error) {
    fail(`${file} has a bad setup: ${error instanceof Error ? error.message : String(error)}`);
  }
  const lines: string[] = [];
  const out = (line: string): void => void lines.push(line);
  const shown = game.id === 'xix' ? renderXix(replay, out) : renderMoves(replay, out);
  console.log(lines.join('\n'));
  if (!shown.ok) fail(`${file}: ${shown.message}`);
  const verdict = verifyReplay(replay);
  if (!verdict.ok) fail(`${file} does not verify: ${verdict.step === null ? '' : `at move ${verdict.step}: `}${verdict.reason}`);
}

/** Any other game: one line per move, until a game-specific renderer exists. */
function renderMoves(replay: Replay, out: (line: string) => void): Simulation {
  out(`${replay.game.id} ${replay.game.version}: ${replay.seats.map((s, i) => `${s.name} (seat ${i})`).join(' vs ')}`);
  const game = findGame(replay.game.id)!;
  const simulation = simulate(game, replay, ({ index, move }) => out(`  ${index + 1}. ${replay.seats[move.seat]?.name}: ${JSON.stringify(move.action)}`), () => {});
  if (simulation.ok) out(`result: ${JSON.stringify(replay.result)}${replay.forfeit ? `; forfeit ${JSON.stringify(replay.forfeit)}` : ''}`);
  return simulation;
}

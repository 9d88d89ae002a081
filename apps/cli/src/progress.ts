/**
 * Progress of a long run on stderr. On a terminal, a bar. Elsewhere (pipes, CI logs) a line now
 * and then: at every tenth of a series of at least 100 games, and every 30 s whatever the size,
 * so a log shows the run is alive without a line per game, and short runs print nothing.
 */
import cliProgress from 'cli-progress';

export interface Progress {
  /** One more game done; `status` says how it stands (beside the bar, or in the lines off a terminal). */
  tick(status: () => string): void;
  stop(): void;
}

const LINE_EVERY_MS = 30_000;
const MIN_GAMES_FOR_TENTHS = 100;

export function progressBar(total: number, label: string): Progress {
  if (!process.stderr.isTTY) return progressLines(total, label);
  const bar = new cliProgress.SingleBar(
    { stream: process.stderr, format: `${label} [{bar}] {value}/{total} games, eta {eta_formatted}, {status}`, clearOnComplete: true },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0, { status: '' });
  return { tick: (status) => bar.increment(1, { status: status() }), stop: () => bar.stop() };
}

function progressLines(total: number, label: string): Progress {
  let done = 0;
  let lastLine = Date.now();
  return {
    tick(status) {
      done++;
      const tenth = total >= MIN_GAMES_FOR_TENTHS && Math.floor((10 * done) / total) > Math.floor((10 * (done - 1)) / total);
      if (done < total && (tenth || Date.now() - lastLine >= LINE_EVERY_MS)) {
        lastLine = Date.now();
        process.stderr.write(`${label}: ${done}/${total} games, ${status()}\n`);
      }
    },
    stop: () => {},
  };
}

/** A progress bar on stderr for long runs, only when stderr is a terminal (never in pipes or CI). */
import cliProgress from 'cli-progress';

export interface Progress {
  tick(): void;
  stop(): void;
}

export function progressBar(total: number, label: string): Progress {
  if (!process.stderr.isTTY) return { tick: () => {}, stop: () => {} };
  const bar = new cliProgress.SingleBar(
    { stream: process.stderr, format: `${label} [{bar}] {value}/{total} games, eta {eta_formatted}`, clearOnComplete: true },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0);
  return { tick: () => bar.increment(), stop: () => bar.stop() };
}

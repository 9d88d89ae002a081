/**
 * `npm run bench:sprt`: does the pentanomial SPRT (src/sprt.ts) keep its promised error rates?
 * Simulated runs, no engine: each game pair's outcome is drawn from a pentanomial model with known
 * probabilities whose mean score is exactly L(elo0) (H0 true) or L(elo1) (H1 true), and each run
 * plays pairs, with no cap, until the LLR crosses one of Wald's bounds. Prints for each true Elo
 * the share of runs that reached the wrong verdict with its standard error (it must be at most
 * alpha, or beta, plus three standard errors) and the games the runs needed.
 * Options: --runs N (default 1000 per true Elo), --elo0, --elo1 (default 0 and 10), --seed S.
 *
 * The model: a base pentanomial distribution of a mirrored card game between equals (mostly split
 * pairs, since the deal's luck favours the same seat twice; few draws), tilted exponentially,
 * p_i ∝ base_i · e^(λ a_i), to the wanted mean: a different family from the MLE the test fits,
 * so the test is not checked against its own assumptions.
 */
import { parseArgs } from 'node:util';
import { createRandom, type Random } from '@xix/engine';
import { logisticScore, pentanomialLlr, sprtBounds, sprtVerdict, type Pentanomial, type SprtBounds } from '../src/index.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '1000' }, elo0: { type: 'string', default: '0' }, elo1: { type: 'string', default: '10' }, seed: { type: 'string', default: '1' } } });
const RUNS = Number(values.runs);
const ELO0 = Number(values.elo0);
const ELO1 = Number(values.elo1);
const ALPHA = 0.05;
const BETA = 0.05;
/** Pairs scoring 0, ½, 1, 1½, 2 between equals: mean ½ per game. */
const BASE = [0.15, 0.03, 0.64, 0.03, 0.15];
const VALUES = [0, 0.25, 0.5, 0.75, 1];

/** The base distribution tilted to mean `score` (bisection on λ: the mean grows with λ). */
function tilted(score: number): number[] {
  const at = (lambda: number): number[] => {
    const weights = BASE.map((p, i) => p * Math.exp(lambda * VALUES[i]!));
    const total = weights.reduce((a, b) => a + b, 0);
    return weights.map((w) => w / total);
  };
  let low = -50;
  let high = 50;
  for (let i = 0; i < 200; i++) {
    const mid = (low + high) / 2;
    const mean = at(mid).reduce((sum, p, j) => sum + p * VALUES[j]!, 0);
    if (mean < score) low = mid;
    else high = mid;
  }
  return at((low + high) / 2);
}

/** One run until a verdict: whether it accepted H1, and the games it played. */
function run(probabilities: readonly number[], bounds: SprtBounds, random: Random): { h1: boolean; games: number } {
  const counts = [0, 0, 0, 0, 0];
  for (;;) {
    let u = random.next();
    let outcome = 0;
    while (outcome < 4 && u >= probabilities[outcome]!) u -= probabilities[outcome++]!;
    counts[outcome]!++;
    const verdict = sprtVerdict(pentanomialLlr(counts as unknown as Pentanomial, ELO0, ELO1), bounds);
    if (verdict !== 'continue') return { h1: verdict === 'H1', games: 2 * counts.reduce((a, b) => a + b, 0) };
  }
}

const bounds = sprtBounds(ALPHA, BETA);
const random = createRandom(Number(values.seed));
console.log(`pentanomial SPRT, logistic Elo, H0 ${ELO0} vs H1 ${ELO1}, alpha ${ALPHA}, beta ${BETA}, bounds ${bounds.lower.toFixed(3)}, ${bounds.upper.toFixed(3)}; ${RUNS} runs per true Elo, no cap, seed ${values.seed}`);
console.log(`model: base pentanomial ${BASE.join(', ')} tilted to each true mean score`);
console.log('');
console.log('true Elo | pentanomial probabilities       | wrong verdicts (± s.e.) | limit (+3 s.e.) | ok | games: mean, median, 95th pct, max | seconds');
for (const [trueElo, wrongIsH1, allowed] of [[ELO0, true, ALPHA], [ELO1, false, BETA]] as const) {
  const probabilities = tilted(logisticScore(trueElo));
  const started = performance.now();
  const games: number[] = [];
  let wrong = 0;
  for (let r = 0; r < RUNS; r++) {
    const result = run(probabilities, bounds, random);
    if (result.h1 === wrongIsH1) wrong++;
    games.push(result.games);
  }
  const rate = wrong / RUNS;
  const standardError = Math.sqrt((rate * (1 - rate)) / RUNS);
  games.sort((a, b) => a - b);
  const mean = games.reduce((a, b) => a + b, 0) / RUNS;
  const ok = rate <= allowed + 3 * standardError;
  console.log(
    `${String(trueElo).padStart(8)} | ${probabilities.map((p) => p.toFixed(4)).join(' ')} | ${(100 * rate).toFixed(1).padStart(5)}% ± ${(100 * standardError).toFixed(1)}% (${wrongIsH1 ? 'H1' : 'H0'}) | ≤ ${(100 * (allowed + 3 * standardError)).toFixed(1)}% | ${ok ? 'yes' : 'NO'} | ${Math.round(mean)}, ${games[Math.floor(RUNS / 2)]}, ${games[Math.floor(0.95 * RUNS)]}, ${games[RUNS - 1]} | ${((performance.now() - started) / 1000).toFixed(1)}`,
  );
  if (!ok) process.exitCode = 1;
}

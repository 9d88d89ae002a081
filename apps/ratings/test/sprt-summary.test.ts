/** The one line of a platform SPRT (issue 21): the bot page and `xix upload --sprt` print it. */
import { describe, expect, it } from 'vitest';
import { sprtProgress, sprtSummary, type SprtSummaryInput } from '../src/sprt-summary.ts';

const running: SprtSummaryInput = {
  base: 2, status: 'running', reason: null, elo0: 0, elo1: 10, games: 212, llr: 0.84, lower: -2.944, upper: 2.944,
  score: 0.506, elo: 4.2, eloLow: -35.9, eloHigh: 44.3,
};

describe('sprtSummary', () => {
  it('says the estimate with half its interval, the verdict and the games', () => {
    expect(sprtSummary(3, { ...running, status: 'H1', games: 3412, llr: 2.95, elo: 12.4, eloLow: 6.2, eloHigh: 18.1 })).toBe('v3 vs v2: +12 ± 6 Elo, better, after 3,412 games');
    expect(sprtSummary(3, { ...running, status: 'H0', games: 5120, llr: -2.95, elo: -3.2, eloLow: -12, eloHigh: 5.6 })).toBe('v3 vs v2: −3 ± 9 Elo, not better by +10 Elo, after 5,120 games');
    expect(sprtSummary(3, { ...running, status: 'H0', elo0: -10, elo1: 0 })).toContain('not better by +0 Elo (H0 −10 Elo)');
    expect(sprtSummary(3, { ...running, status: 'capped', games: 20_000 })).toBe('v3 vs v2: +4 ± 40 Elo, no verdict at the game cap, after 20,000 games');
    expect(sprtSummary(3, { ...running, status: 'stopped', reason: 'superseded by version 4' })).toContain('stopped (superseded by version 4)');
  });

  it('shows a running test\'s LLR between its bounds, and its progress from 0 (H0) to 1 (H1)', () => {
    expect(sprtSummary(3, running)).toBe('v3 vs v2: +4 ± 40 Elo, testing: LLR 0.84 between -2.94 (not better by +10 Elo) and 2.94 (better), after 212 games');
    expect(sprtProgress(running)).toBeCloseTo((0.84 + 2.944) / (2 * 2.944), 10);
    expect(sprtProgress({ ...running, llr: 9 })).toBe(1);
    expect(sprtProgress({ ...running, llr: -9 })).toBe(0);
  });

  it('says what an estimate without a finite value means', () => {
    expect(sprtSummary(3, { ...running, games: 0, llr: 0, score: null, elo: null, eloLow: null, eloHigh: null })).toMatch(/^v3 vs v2: no games yet, testing/);
    expect(sprtSummary(2, { ...running, status: 'H1', score: 1, elo: null, eloLow: null, eloHigh: null })).toMatch(/: won every game, better,/);
    expect(sprtSummary(2, { ...running, elo: 470, eloLow: 280, eloHigh: null })).toContain('+470 Elo (95% interval unbounded)');
  });

  it('never says worse', () => {
    for (const status of ['running', 'H1', 'H0', 'capped', 'stopped'] as const) expect(sprtSummary(3, { ...running, status, elo: -200, eloLow: -260, eloHigh: -140 })).not.toMatch(/worse/);
  });
});

/**
 * `xix play A B --sprt`: the running sequential test of "is A better than B?" on the mirrored
 * series' game pairs (deal i is games 2i and 2i+1, seats swapped: one pentanomial observation).
 * Games may arrive out of order (several hosts): a deal counts once both its games are in.
 * The statistics are @xix/ratings' (sprt.ts); docs/sprt.md says what the verdict means.
 */
import { entrantOutcomes, seatsOfEntrant, type Seating } from '@xix/referee';
import { eloEstimate, pentanomialLlr, sprtBounds, sprtVerdict, trinomialLlr, type Pentanomial, type SprtBounds, type SprtVerdict, type Trinomial } from '@xix/ratings';
import type { HostGame } from '@xix/sandbox';

export interface SprtSettings {
  /** H0 and H1: A is elo0, or elo1, logistic Elo stronger than B. */
  readonly elo0: number;
  readonly elo1: number;
  readonly alpha: number;
  readonly beta: number;
}

export interface SprtState {
  /** Head to head: pairs by the new version's score (pentanomial); with a field: paired placings worse, same, better (trinomial). */
  readonly counts: Pentanomial | Trinomial;
  readonly pairs: number;
  readonly llr: number;
  readonly bounds: SprtBounds;
  readonly verdict: SprtVerdict;
}

export interface SprtTally {
  /** One more game of the mirrored series; the state after it. */
  add(game: HostGame): SprtState;
  state(): SprtState;
}

/** The tally of a two-entrant series seated by `seating`. */
export function createSprtTally(settings: SprtSettings, seating: Seating): SprtTally {
  if (seating.length !== 2) throw new RangeError(`the pentanomial SPRT compares two bots, got ${seating.length}`);
  const bounds = sprtBounds(settings.alpha, settings.beta);
  // A's score of the first game of each deal whose other game has not arrived yet.
  const waiting = new Map<number, number>();
  const counts = [0, 0, 0, 0, 0];
  let llr = 0;
  const state = (): SprtState => stateOf(counts, llr, bounds);
  return {
    add(game) {
      const { result, forfeit } = game.record.replay;
      // A's score: 1 a win, ½ a shared first place, 0 a loss (a forfeit is a loss).
      const score = entrantOutcomes(result, forfeit?.seat ?? null, 2, (entrant) => seatsOfEntrant(entrant, game.rotation, seating))[0]!.winShare;
      const deal = Math.floor(game.index / 2);
      const other = waiting.get(deal);
      if (other === undefined) {
        waiting.set(deal, score);
        return state();
      }
      waiting.delete(deal);
      counts[Math.round(2 * (score + other))]!++;
      llr = pentanomialLlr(counts as unknown as Pentanomial, settings.elo0, settings.elo1);
      return state();
    },
    state,
  };
}

/**
 * The tally of a test through a field (trinomial): the new version's table and the old's play the
 * same games (game k of each: the same deal, the same seat, the same field bots with the same
 * seeds), each entrant 0 of its table; game k of the two is one paired placing.
 */
export interface PlacingTally {
  /** One more game of the new version's table (`table` 0) or the old's (1); the state after it. */
  add(table: 0 | 1, game: HostGame): SprtState;
  state(): SprtState;
}

export function createPlacingTally(settings: SprtSettings, seating: Seating): PlacingTally {
  const bounds = sprtBounds(settings.alpha, settings.beta);
  const entrants = seating.length;
  const waiting = [new Map<number, number>(), new Map<number, number>()] as const;
  const counts = [0, 0, 0];
  let llr = 0;
  const state = (): SprtState => stateOf(counts, llr, bounds);
  return {
    add(table, game) {
      const { result, forfeit } = game.record.replay;
      const place = entrantOutcomes(result, forfeit?.seat ?? null, entrants, (entrant) => seatsOfEntrant(entrant, game.rotation, seating))[0]!.place;
      const other = waiting[1 - table]!.get(game.index);
      if (other === undefined) {
        waiting[table].set(game.index, place);
        return state();
      }
      waiting[1 - table]!.delete(game.index);
      const [newPlace, oldPlace] = table === 0 ? [place, other] : [other, place];
      // 1 is first: a smaller place is better.
      counts[newPlace < oldPlace ? 2 : newPlace === oldPlace ? 1 : 0]!++;
      llr = trinomialLlr(counts as unknown as Trinomial, settings.elo0, settings.elo1);
      return state();
    },
    state,
  };
}

function stateOf(counts: readonly number[], llr: number, bounds: SprtBounds): SprtState {
  return {
    counts: [...counts] as unknown as Pentanomial | Trinomial,
    pairs: counts.reduce((sum, c) => sum + c, 0),
    llr,
    bounds,
    verdict: sprtVerdict(llr, bounds),
  };
}

/** One line of the running test, for the progress display. */
export function sprtStatus(s: SprtState): string {
  return `LLR ${s.llr.toFixed(2)} (${s.bounds.lower.toFixed(2)}, ${s.bounds.upper.toFixed(2)}), Elo ${formatEstimate(s.counts)}, ${s.counts.length === 5 ? 'pairs' : 'placings worse-same-better'} ${s.counts.join('-')}`;
}

/** The test's lines in the final report (`nameA`: the new version). */
export function sprtLines(nameA: string, settings: SprtSettings, s: SprtState, cap: number): string[] {
  const verdict =
    s.verdict === 'H1' ? `H1 accepted: ${nameA} is better (nearer ${signed(settings.elo1)} Elo than ${signed(settings.elo0)})`
    : s.verdict === 'H0' ? `H0 accepted: ${nameA} is not better by ${signed(settings.elo1)} Elo (nearer ${signed(settings.elo0)})`
    : `inconclusive: no verdict within ${cap} games (--max-games)`;
  return [
    `SPRT, logistic Elo, H0 ${signed(settings.elo0)} vs H1 ${signed(settings.elo1)}, alpha ${settings.alpha}, beta ${settings.beta}: ${verdict}`,
    `LLR ${s.llr.toFixed(2)} (bounds ${s.bounds.lower.toFixed(2)}, ${s.bounds.upper.toFixed(2)}) after ${s.pairs} ${s.counts.length === 5 ? 'pair' : 'paired placing'}${s.pairs === 1 ? '' : 's'} (${2 * s.pairs} games)`,
    `Elo ${formatEstimate(s.counts)}`,
    s.counts.length === 5 ? `pairs by ${nameA}'s score 0, 1/2, 1, 3/2, 2: ${s.counts.join(', ')}` : `paired placings, ${nameA} placed worse, the same, better: ${s.counts.join(', ')}`,
  ];
}

/** "+12.3 (95% CI +5.1 to +19.5)", infinite ends as ±inf. */
function formatEstimate(counts: Pentanomial | Trinomial): string {
  const { elo, low, high } = eloEstimate(counts);
  if (Number.isNaN(elo)) return 'no pair yet';
  const show = (x: number): string => (Number.isFinite(x) ? `${x > 0 ? '+' : ''}${x.toFixed(1)}` : x > 0 ? '+inf' : '-inf');
  return `${show(elo)} (95% CI ${show(low)} to ${show(high)})`;
}

const signed = (x: number): string => (x > 0 ? `+${x}` : String(x));

/**
 * 69 replays as text, round by round, with everything the replay holds (it is a finished game:
 * every hand shows): each round's dealer and the hands dealt, every event in order (flips and pulls,
 * plays, Scrambles, steal chances, captures; forced moves marked, S18), the hands left at its end,
 * the piles, the scores and totals (S14, S15), then the result. The engine re-simulates the game.
 */
import { SIXTY_NINE_CARD_CODES, sixtyNine, type Replay, type SixtyNineRoundRecord, type SixtyNineSpectatorView, type SixtyNineState } from '@xix/engine';
import { simulate, type Simulation } from '../../replay/simulate.ts';
import { cards, eventText, forcedEvents } from './events.ts';

const REASONS: Readonly<Record<string, string>> = {
  'reached-69': 'a total reached 69 (S15)',
  'round-cap': 'round 50 was played, the top total wins (S16)',
  forfeit: 'forfeit (S19)',
};

/** The cards a seat was dealt in a round: those left in its hand and every one that left it face up (S17). */
export function dealtHands(record: Pick<SixtyNineRoundRecord, 'events' | 'hands'>): string[][] {
  return record.hands.map((hand, seat) => {
    const left = record.events.flatMap((event) =>
      (event.type === 'play' || event.type === 'add') && event.seat === seat ? event.cards : event.type === 'flip' && event.from === seat ? [event.card] : []);
    return [...hand, ...left];
  });
}

export function renderSixtyNine(replay: Replay, out: (line: string) => void): Simulation {
  const who = (seat: number): string => `${replay.seats[seat]?.name || 'seat'} [${seat}]`;
  let last: SixtyNineSpectatorView | null = null;
  const simulation = simulate(
    sixtyNine,
    replay,
    ({ state }) => {
      last = sixtyNine.spectatorView(state as SixtyNineState);
    },
    (state) => {
      last = sixtyNine.spectatorView(state as SixtyNineState);
    },
  );
  const view = last as SixtyNineSpectatorView | null;
  if (view === null) return simulation;
  out(`69 replay, ${view.seats} seats (a name's [n] is its seat)${replay.seed === undefined ? '' : `, seed ${replay.seed}`}, rules ${replay.game.version}`);
  for (const record of view.rounds) renderRound(record, view, who, out);
  // a game cut short by a forfeit: the round in play, unscored (S19)
  if (view.phase !== 'over' || view.rounds.at(-1)?.round !== view.round) {
    renderRound({ round: view.round, dealer: view.dealer, events: view.events, ender: view.ender, hands: view.hands, captured: view.captured, scores: [], totals: view.totals }, view, who, out);
  }
  out('');
  if (!simulation.ok) return simulation;
  if (replay.forfeit !== null) out(`forfeit: ${who(replay.forfeit.seat)}, ${replay.forfeit.verdict}: ${replay.forfeit.message}`);
  const r = replay.result;
  const firsts = (r.ranks ?? []).flatMap((rank, seat) => (rank === 1 ? [seat] : []));
  const winners = firsts.length > 0 ? firsts : [r.winner];
  const at69 = view.winners.length > 0 && r.reason === 'reached-69' ? `; at 69 or more: ${view.winners.map(who).join(', ')}` : '';
  out(`result: ${winners.map(who).join(' and ')} ${winners.length > 1 ? 'share first place' : 'wins'} after ${view.round} round${view.round === 1 ? '' : 's'}: ${REASONS[r.reason] ?? r.reason}; totals ${r.points.map((p, seat) => `${who(seat)} ${p}`).join(', ')}${at69}`);
  return simulation;
}

function renderRound(record: SixtyNineRoundRecord, view: SixtyNineSpectatorView, who: (seat: number) => string, out: (line: string) => void): void {
  out('');
  out(`Round ${record.round}: ${who(record.dealer)} deals`);
  dealtHands(record).forEach((hand, seat) => out(`  ${who(seat)}: ${cards(hand.sort(byCode))}`));
  const forced = forcedEvents(view.forced, record.round, record.events);
  record.events.forEach((event, i) => out(`  ${who(event.seat)} ${eventText(event, who, false)}${forced.has(i) ? ' (forced)' : ''}`));
  if (record.scores.length === 0) {
    out('  (not scored: the game ended during the round)');
    return;
  }
  out(`  ${record.ender === null ? 'the round ends' : `${who(record.ender)} is out of cards`}; left in hand: ${record.hands.map((hand, seat) => `${who(seat)} ${cards(hand)}`).join(', ')}`);
  out(`  captured: ${record.captured.map((pile, seat) => `${who(seat)} ${pile.length}`).join(', ')}`);
  out(`  scores ${record.scores.map((score, seat) => `${who(seat)} ${score}`).join(', ')}; totals ${record.totals.map((total, seat) => `${who(seat)} ${total}`).join(', ')}`);
}

/** Card order (S4's ids: suits A–F, values 0–9, then W, L, X), as the engine sorts a hand. */
const ORDER = new Map(SIXTY_NINE_CARD_CODES.map((code, id) => [code, id]));
const byCode = (a: string, b: string): number => ORDER.get(a)! - ORDER.get(b)!;

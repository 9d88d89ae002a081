/**
 * XIX replays as text, trick by trick: each exchange with the hands and strike row at its start,
 * every trick with who took it and the strike answer, the exchange's points, the draft and the
 * trade. The engine re-simulates the game; the spectator view's history drives the text.
 */
import { STAKES, trickWinningCard, xix, MAGIC_SUM, type HistoryEvent, type Replay, type XixSpectatorView, type XixState } from '@xix/engine';
import { simulate, type Simulation } from '../../replay/simulate.ts';

export function renderXix(replay: Replay, out: (line: string) => void): Simulation {
  const names = replay.seats.map((s, seat) => `${s.name || `seat ${seat}`}`);
  const who = (seat: number): string => names[seat] ?? `seat ${seat}`;
  const points = [0, 0];
  const strikes = [0, 0];
  let lead: { seat: number; card: number } | null = null;
  let trickLine: string | null = null;
  let trick = 0;
  let picks: string[] = [];

  const flushTrick = (end = ''): void => {
    if (trickLine !== null) out(`${trickLine}${end}`);
    trickLine = null;
  };
  const flushDraft = (): void => {
    if (picks.length > 0) out(`  draft: ${picks.join(', ')}`);
    picks = [];
  };
  const exchangeHeader = (view: XixSpectatorView): void => {
    trick = 0;
    out('');
    out(`Exchange ${view.exchange}: ${who(view.leader)} leads`);
    view.hands.forEach((h, seat) => out(`  ${who(seat)}: closed ${cards(h.closed)}${h.open.length > 0 ? ` | open ${cards(h.open)}` : ''}`));
    out(`  strike row: ${view.strikeRow.map((s) => (s.faceUp ? `${s.card}` : `(${s.card})`)).join(' ')}   (face down in brackets)`);
  };

  const event = (e: HistoryEvent, view: XixSpectatorView, before: XixSpectatorView): void => {
    switch (e.type) {
      case 'play': {
        if (lead === null) {
          lead = { seat: e.seat, card: e.card };
          return;
        }
        const winner = trickWinningCard(lead.card, e.card) === lead.card ? lead.seat : e.seat;
        const loser = 1 - winner;
        strikes[loser]!++;
        const nineteen = lead.card + e.card === MAGIC_SUM ? ' (sum 19: the lower card takes it)' : '';
        trickLine = `  trick ${++trick}: ${who(lead.seat)} ${lead.card}, ${who(e.seat)} ${e.card} → ${who(winner)} takes it${nineteen}; ${who(loser)} strike ${strikes[loser]}`;
        lead = null;
        return;
      }
      case 'raise':
        flushTrick(`, raises (stakes ${stakes()})`);
        return;
      case 'abandon': {
        flushTrick(e.forced ? ', must abandon (third strike)' : ', abandons');
        const winner = 1 - e.seat;
        const won = stakes();
        points[winner]! += won;
        strikes[0] = strikes[1] = 0;
        out(`  ${who(winner)} wins the exchange: +${won}   points ${who(0)} ${points[0]}, ${who(1)} ${points[1]}`);
        return;
      }
      case 'pick':
        picks.push(`${who(e.seat)} ${e.card}`);
        return;
      case 'trade': {
        flushDraft();
        const placed = e.from === 'open' ? 'face up' : 'face down';
        const into = before.strikeRow[e.slot]?.faceUp ? 'open' : 'closed';
        out(`  trade: ${who(e.seat)} puts ${e.card ?? '?'} from the ${e.from} hand ${placed} in slot ${e.slot}, takes ${e.took ?? '?'} into the ${into} hand`);
        exchangeHeader(view);
        return;
      }
    }
  };

  function stakes(): number {
    return STAKES[strikes[0]! + strikes[1]!] ?? 0;
  }

  const setup = xix.parseSetup(replay.setup);
  out(`XIX replay: ${who(0)} (seat 0) vs ${who(1)} (seat 1)${replay.seed === undefined ? '' : `, seed ${replay.seed}`}, rules ${replay.game.version}`);
  out(`discarded, never seen: ${setup.discard}`);
  let before: XixSpectatorView | undefined;
  const simulation = simulate(
    xix,
    replay,
    ({ state }) => {
      const view = xix.spectatorView(state as XixState);
      for (const e of view.history.slice(before?.history.length)) event(e, view, before!);
      before = view;
    },
    (state) => {
      before = xix.spectatorView(state as XixState);
      exchangeHeader(before);
    },
  );
  flushTrick();
  flushDraft();
  out('');
  if (!simulation.ok) return simulation;
  if (replay.forfeit !== null) out(`forfeit: ${who(replay.forfeit.seat)} (seat ${replay.forfeit.seat}), ${replay.forfeit.verdict}: ${replay.forfeit.message}`);
  const r = replay.result;
  out(`result: ${who(r.winner)} wins, ${who(0)} ${r.points[0]} – ${who(1)} ${r.points[1]} (${REASONS[r.reason] ?? r.reason})`);
  out(timing(replay, who));
  return simulation;
}

const REASONS: Record<string, string> = {
  'exactly-19': 'exactly 19 points awarded: fewer points wins',
  'reached-19': '19 points reached: more points wins',
  forfeit: 'forfeit',
};

const cards = (list: readonly number[]): string => (list.length === 0 ? '-' : list.join(' '));

function timing(replay: Replay, who: (seat: number) => string): string {
  return replay.seats
    .map((_, seat) => {
      const moves = replay.moves.filter((m) => m.seat === seat);
      const total = moves.reduce((sum, m) => sum + (m.ms ?? 0), 0);
      const max = moves.reduce((m, x) => Math.max(m, x.ms ?? 0), 0);
      return `${who(seat)}: ${moves.length} decisions, ${total.toFixed(1)} ms (slowest ${max.toFixed(1)} ms)`;
    })
    .join('; ');
}

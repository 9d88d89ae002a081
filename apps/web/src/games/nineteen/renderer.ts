/**
 * The Nineteen table for 2–6 seats: the status (hand, dealer, phase, bid, trump, sudden death),
 * each side's pooled score and its tricks this hand (teams at 4 and 6 seats, N1, N13), the kitty
 * (its cards only as its bidder saw it, else its size: N5, N21), the trick in play or the one just
 * taken, then each seat: its side, dealer and bidder tags, its bid, its hand (face down with no
 * value where the viewer does not know a card; flip cards face up, N7), its discard count once
 * public (N6), its tricks, a forced pass or card where the view knows it (N22); at the end the
 * places by side; beside it the hands played so far (bid, made or set, scores). `data-*`
 * attributes name what is drawn (the browser test reads them): data-seat, data-team, data-hand,
 * data-card (only for a card the viewer knows), data-face, data-flip, data-kitty, data-trick,
 * data-bid, data-discarded, data-tricks, data-side, data-score, data-trump.
 */
import { el, fill } from '../../dom.ts';
import './renderer.css';
import type { Outcome, RenderContext, Renderer } from '../../viewer/renderer.ts';
import { cardFace, isTrump, nineteenTableOf, suitName, suitSymbol, type CardCode, type HandRecord, type NineteenTable, type TrickShown } from './table.ts';

type Name = (seat: number) => string;

const TEAM_NAMES = ['Team A', 'Team B'];
const TASKS: Readonly<Record<string, string>> = { bid: 'to bid', trump: 'to call trump', discard: 'to discard', play: 'to play' };
const RECENT_HANDS = 5;
const FORCED_TITLE = 'its only legal move, made by the engine (N22): shown only to its seat and in everything';

export const nineteenRenderer: Renderer = {
  render(root: HTMLElement, view: unknown, context: RenderContext): void {
    const table = nineteenTableOf(view);
    const names = table.seats.map((_, seat) => context.seats[seat]?.name ?? `Seat ${seat}`);
    // a partnership's entrant sits at each seat of its side: its name alone does not say which seat
    const name: Name = (seat) => (names.indexOf(names[seat]!) === names.lastIndexOf(names[seat]!) ? names[seat]! : `${names[seat]} (seat ${seat})`);
    // a live game's last frame has no outcome from the page: the view's result says how it ended
    const outcome = context.outcome ?? (table.result === null ? null : { ...table.result, forfeit: null });
    fill(root,
      el('div', { class: 'nineteen-table', 'data-game': context.game, 'data-seats': table.seats.length, 'data-phase': table.phase },
        statusLine(table, name),
        sidesList(table, name, names, outcome),
        middle(table, name),
        el('div', { class: 'nineteen-seats', 'data-count': table.seats.length }, ...table.seats.map((_, seat) => seatPanel(table, seat, name, names[seat]!))),
      ),
      outcome !== null && el('p', { class: 'nineteen-result', 'data-result': outcome.winner, role: 'status' }, describeOutcome(table, outcome, name)),
      handHistory(table, name),
    );
  },
};

const sideName = (table: NineteenTable, side: number, name: Name): string => (table.teams ? TEAM_NAMES[side]! : name(side));

function statusLine(table: NineteenTable, name: Name): HTMLElement {
  const over = table.phase === 'over';
  return el('p', { class: 'nineteen-status' },
    el('span', {}, `Hand ${table.hand}`),
    el('span', {}, `dealer ${name(table.dealer)}`),
    table.bidder !== null && el('span', { 'data-contract': '' },
      table.phase === 'bid' ? `high bid ${table.bid}, ${name(table.bidder)}` : table.bagged ? `${name(table.bidder)} bagged at ${table.bid}` : `${name(table.bidder)} bid ${table.bid}`),
    table.trump !== null
      ? el('span', { class: 'nineteen-trump', 'data-trump': table.trump }, `trump ${suitSymbol(table.trump)} ${suitName(table.trump)}`)
      : !over && el('span', {}, 'no trump yet'),
    table.trick !== null && el('span', {}, `trick ${table.trick.number} of 5`),
    (table.options.shortSuit || table.options.reneging) && el('span', { title: 'rule options (N19, N20)' }, [table.options.shortSuit && 'short suit', table.options.reneging && 'reneging'].filter(Boolean).join(', ')),
    table.suddenDeath && el('span', { class: 'nineteen-sudden', title: 'the first hand that leaves one seat strictly on top ends the game (N15)' }, 'sudden death'),
  );
}

function sidesList(table: NineteenTable, name: Name, names: readonly string[], outcome: Outcome | null): HTMLElement {
  return el('ul', { class: 'nineteen-sides', 'aria-label': table.teams ? 'teams and scores' : 'scores' }, ...table.sides.map((side, index) => {
    const places = placesOf(table, outcome);
    const won = places !== null && places[index] === 1;
    return el('li', { class: `nineteen-side${won ? ' nineteen-side-winner' : ''}`, 'data-side': index, 'data-team': table.teams ? index : null },
      el('span', { class: 'nineteen-side-name' }, sideName(table, index, name)),
      table.teams && el('span', { class: 'nineteen-side-members' }, side.seats.map((seat) => `${names[seat]} (seat ${seat})`).join(', ')),
      el('span', { class: 'nineteen-side-score' }, el('b', { 'data-score': side.score }, side.score), ' points'),
      table.phase === 'play' && el('span', { class: 'nineteen-side-hand', 'data-hand-tricks': side.handTricks }, `${side.handTricks} trick${side.handTricks === 1 ? '' : 's'} this hand`),
      places !== null && el('span', { class: 'nineteen-side-hand', 'data-place': places[index] }, placeName(places[index] ?? 0)),
    );
  }));
}

function middle(table: NineteenTable, name: Name): HTMLElement {
  return el('section', { class: 'nineteen-middle', 'aria-label': 'the middle of the table' },
    kittyZone(table, name),
    trickZone(table, name),
  );
}

function kittyZone(table: NineteenTable, name: Name): HTMLElement | null {
  if (table.phase === 'over' || table.phase === 'play') return null;
  const known = table.kitty.some((card) => card !== null);
  const where = !table.kittyTaken ? 'face down, for the bidder' : `taken by ${name(table.bidder ?? 0)}${known ? '' : ', unseen'}`;
  return el('div', { class: 'nineteen-zone', 'data-kitty': table.kitty.length, 'data-kitty-taken': String(table.kittyTaken) },
    el('span', { class: 'nineteen-label' }, `Kitty: 3 cards, ${where}`),
    !table.kittyTaken || known
      ? el('div', { class: 'nineteen-cards' }, ...table.kitty.map((card) => cardView(card, table)))
      : null,
  );
}

function trickZone(table: NineteenTable, name: Name): HTMLElement | null {
  const trick: TrickShown | null = table.trick ?? table.lastTrick;
  if (trick === null) return null;
  const taken = trick.winner !== null;
  return el('div', { class: 'nineteen-zone nineteen-trick', 'data-trick': trick.number, 'data-trick-state': taken ? 'taken' : 'in-play' },
    el('span', { class: 'nineteen-label' }, taken ? `Trick ${trick.number}, taken by ${name(trick.winner!)}` : `Trick ${trick.number} in play`),
    el('div', { class: 'nineteen-cards' }, ...(trick.plays.length === 0
      ? [el('span', { class: 'nineteen-empty' }, `${name(table.toMove ?? 0)} leads`)]
      : trick.plays.map((play, i) => el('figure', { class: `nineteen-played${play.seat === trick.winner ? ' nineteen-played-winner' : ''}`, 'data-played-by': play.seat },
        cardView(play.card, table),
        el('figcaption', { 'data-forced': play.forced ? '' : null, title: play.forced ? FORCED_TITLE : null }, `${name(play.seat)}${i === 0 ? ' led' : ''}${play.forced ? ' (forced)' : ''}`))))),
  );
}

function seatPanel(table: NineteenTable, index: number, name: Name, entrant: string): HTMLElement {
  const seat = table.seats[index]!;
  const toMove = table.toMove === index;
  const bidWords = seat.bid === null ? null : seat.bid === 'pass' ? (seat.bidForced ? 'passed (forced)' : 'passed') : `bid ${seat.bid}`;
  const label = `${name(index)}, seat ${index}${table.teams ? `, ${TEAM_NAMES[seat.side]}` : ''}`;
  return el('section', { class: 'nineteen-seat', 'data-seat': index, 'data-team': table.teams ? seat.side : null, 'data-to-move': String(toMove), 'aria-label': label },
    el('header', { class: 'nineteen-seat-head' },
      el('span', { class: 'nineteen-name' }, entrant, el('small', {}, ` seat ${index}`)),
      table.teams && el('span', { class: 'nineteen-tag' }, TEAM_NAMES[seat.side]),
      table.dealer === index && el('span', { class: 'nineteen-tag' }, 'dealer'),
      table.bidder === index && el('span', { class: 'nineteen-tag' }, table.phase === 'bid' ? 'high bid' : 'bidder'),
      table.viewer === index && el('span', { class: 'nineteen-tag' }, 'this view'),
      toMove && el('span', { class: 'nineteen-turn' }, TASKS[table.phase] ?? table.phase),
    ),
    el('div', { class: 'nineteen-seat-body' },
    el('div', { class: 'nineteen-cards', 'data-hand': seat.hand.length, 'aria-label': handWords(seat.hand), role: 'group' },
      ...(seat.hand.length > 0 ? seat.hand.map((card) => cardView(card, table, seat.flips.includes(card ?? ''), seat.fromKitty.includes(card ?? ''))) : [el('span', { class: 'nineteen-empty' }, 'no cards')])),
    el('p', { class: 'nineteen-facts' },
      bidWords !== null && el('span', { 'data-bid': String(seat.bid), 'data-forced': seat.bidForced ? '' : null, title: seat.bidForced ? FORCED_TITLE : null }, bidWords),
      seat.discarded !== null && el('span', { 'data-discarded': seat.discarded }, 'discarded ', el('b', {}, seat.discarded)),
      seat.discards.length > 0 && el('span', { 'data-discards': seat.discards.join(' ') }, `(${seat.discards.map((card) => shortCard(card)).join(' ')})`),
      (table.phase === 'play' || table.phase === 'over') && el('span', { 'data-tricks': seat.tricks }, 'tricks ', el('b', {}, seat.tricks)),
    )),
  );
}

/** A hand for a screen reader: its size, and how many of its cards the viewer cannot see. */
function handWords(hand: readonly (CardCode | null)[]): string {
  const hidden = hand.filter((card) => card === null).length;
  const size = `hand, ${hand.length} card${hand.length === 1 ? '' : 's'}`;
  return hidden === 0 ? size : hidden === hand.length ? `${size}, face down` : `${size}, ${hidden} face down`;
}

function shortCard(card: CardCode): string {
  const face = cardFace(card);
  return `${face.rank}${face.suit}`;
}

/** A card; null is a card the viewer does not know (drawn face down, with no value). */
function cardView(card: CardCode | null, table: NineteenTable, flip = false, fromKitty = false): HTMLElement {
  // the hand's or the kitty's label counts the face-down cards: a screen reader need not read each
  if (card === null) return el('span', { class: 'nineteen-card nineteen-card-back', 'data-face': 'down', 'aria-hidden': 'true' });
  const face = cardFace(card);
  const trump = table.trump !== null && isTrump(card, table.trump, table.options.shortSuit);
  const notes = [trump && 'trump', flip && 'face up, the flip card', fromKitty && 'from the kitty'].filter(Boolean).join(', ');
  // rank over suit in one text: a rank alone ("5") would read as a number of the view
  return el('span', {
    class: `nineteen-card${face.red ? ' nineteen-red' : ''}${trump ? ' nineteen-card-trump' : ''}${flip ? ' nineteen-card-flip' : ''}${fromKitty ? ' nineteen-card-kitty' : ''}`,
    'data-card': card, 'data-face': 'up', 'data-flip': flip ? '' : null, 'data-from-kitty': fromKitty ? '' : null,
    role: 'img', 'aria-label': notes === '' ? face.words : `${face.words} (${notes})`, title: notes === '' ? null : notes,
  }, el('span', { class: 'nineteen-face' }, `${face.rank}\n${face.suit}`), (flip || fromKitty) && el('span', { class: 'nineteen-card-tag' }, flip ? 'flip' : 'kitty'));
}

/** The last hands, newest first, one line each (a list wraps in the laptop's side column and on a phone). */
function handHistory(table: NineteenTable, name: Name): HTMLElement {
  const hands = table.history.slice(-RECENT_HANDS).reverse();
  return el('section', { class: 'nineteen-history', 'aria-label': 'hands played' },
    el('h3', {}, 'Hands played'),
    hands.length === 0
      ? el('p', { class: 'nineteen-empty' }, 'None yet: the first hand is being played.')
      : el('ol', { reversed: true }, ...hands.map((hand) => handLine(hand, table, name))),
  );
}

function handLine(hand: HandRecord, table: NineteenTable, name: Name): HTMLElement {
  const bidderSide = table.seats[hand.bidder]?.side ?? hand.bidder;
  const made = (hand.points[bidderSide] ?? 0) >= hand.bid;
  // N13: the bidding side adds its points if they reach the bid, else loses the bid; the others add theirs
  const change = (side: number): string => {
    const delta = side === bidderSide && !made ? -hand.bid : hand.points[side] ?? 0;
    return `${delta >= 0 ? '+' : ''}${delta}`;
  };
  return el('li', { value: hand.hand, 'data-hand-record': hand.hand },
    el('span', { class: 'nineteen-history-bid' }, `${name(hand.bidder)} ${hand.bagged ? 'bagged at' : 'bid'} ${hand.bid} ${suitSymbol(hand.trump)}: ${made ? 'made' : 'set'}`),
    el('span', { class: 'nineteen-history-scores' }, hand.scores.map((score, side) => `${sideName(table, side, name)} ${score} (${change(side)})`).join(' · ')),
  );
}

/** Each side's place: the outcome's (a forfeit's too, N18), else the view's once the game is over. */
function placesOf(table: NineteenTable, outcome: Outcome | null): readonly number[] | null {
  const ranks = outcome?.ranks;
  return ranks === undefined ? table.places : table.sides.map((side) => ranks[side.seats[0] ?? 0] ?? 0);
}

function placeName(place: number): string {
  const suffix = place % 10 === 1 && place !== 11 ? 'st' : place % 10 === 2 && place !== 12 ? 'nd' : place % 10 === 3 && place !== 13 ? 'rd' : 'th';
  return `${place}${suffix}`;
}

const REASONS: Readonly<Record<string, string>> = {
  out: 'went out at 19 (N14)',
  'bidder-out': 'the bidder went out (N14)',
  'most-out': 'the most points among those out (N14)',
  'sudden-death': 'sudden death (N15)',
  'hand-limit': 'hand 100 reached: the top score wins (N16)',
  'hand-limit-shared': 'hand 100 reached: the top scores share the win (N16)',
  forfeit: 'forfeit',
};

function describeOutcome(table: NineteenTable, outcome: Outcome, name: Name): string {
  const places = placesOf(table, outcome);
  const winners = places === null ? [table.seats[outcome.winner]?.side ?? outcome.winner] : places.flatMap((place, side) => (place === 1 ? [side] : []));
  const why = outcome.forfeit !== null
    ? `${name(outcome.forfeit.seat)} forfeited (${outcome.forfeit.verdict}: ${outcome.forfeit.message})`
    : REASONS[outcome.reason] ?? outcome.reason;
  const who = winners.map((side) => sideName(table, side, name));
  const scores = table.sides.map((side, index) => `${sideName(table, index, name)} ${side.score}`).join(', ');
  return `${who.join(' and ')} ${who.length === 1 ? 'wins' : 'share the win'} (${scores}) — ${why}`;
}

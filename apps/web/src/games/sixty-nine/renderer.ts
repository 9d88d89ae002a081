/**
 * The 69 table for 2–6 seats: the status (round, dealer, deck, who decides what), the totals, every
 * table set with its claimant, claim count and lock (S8, S9), the steal sequence in progress (whose
 * chance on which set, and what each seat added so far), a Scramble being used (S11, S12: the sets
 * formed so far and the cards still to place), then each seat: its hand (face down with no value
 * where the viewer does not know a card, S17), its captured pile and total; at the end the places
 * and who reached 69 (S15); beside it the rounds played (scores and totals). `data-*` attributes
 * name what is drawn (the browser test reads them): data-seat, data-set, data-claimant,
 * data-claim-count, data-locked, data-at-chance, data-card (only for a card the viewer knows),
 * data-face, data-hand, data-captured, data-total, data-place, data-chance, data-scramble,
 * data-sequence, data-round-record, data-forced.
 */
import { el, fill } from '../../dom.ts';
import { ordinal } from '../../seat-outcome.ts';
import './renderer.css';
import type { Outcome, RenderContext, Renderer } from '../../viewer/renderer.ts';
import { cardFace, sixtyNineTableOf, type CardCode, type ShownEvent, type SixtyNineTable, type SixtyNineTableSet } from './table.ts';

type Name = (seat: number) => string;

const TASKS: Readonly<Record<string, string>> = { turn: 'to play or pass', scramble: 'to use a Scramble', form: 'rearranging', steal: 'steal chance' };
const RECENT_ROUNDS = 6;
const FORCED_TITLE = 'its only legal move, made by the engine (S18): shown only to its seat and in everything';

export const sixtyNineRenderer: Renderer = {
  render(root: HTMLElement, view: unknown, context: RenderContext): void {
    const table = sixtyNineTableOf(view);
    const names = table.seats.map((_, seat) => context.seats[seat]?.name ?? `Seat ${seat}`);
    // a bot may sit at several seats (against itself): its name alone does not say which
    const name: Name = (seat) => (names.indexOf(names[seat]!) === names.lastIndexOf(names[seat]!) ? names[seat]! : `${names[seat]} (seat ${seat})`);
    // a live game's last frame has no outcome from the page: the view's result says how it ended
    const outcome = context.outcome ?? (table.result === null ? null : { ...table.result, forfeit: null });
    const places = outcome?.ranks ?? table.places;
    fill(root,
      el('div', { class: 'sixty-nine-table', 'data-game': context.game, 'data-seats': table.seats.length, 'data-phase': table.phase },
        statusLine(table, name),
        totalsList(table, name, places),
        tableZone(table, name),
        sequenceZone(table, name),
        scrambleZone(table, name),
        el('div', { class: 'sixty-nine-seats', 'data-count': table.seats.length }, ...table.seats.map((_, seat) => seatPanel(table, seat, name, names[seat]!))),
      ),
      outcome !== null && el('p', { class: 'sixty-nine-result', 'data-result': outcome.winner, role: 'status' }, describeOutcome(table, outcome, places, name)),
      roundHistory(table, name),
    );
  },
};

function statusLine(table: SixtyNineTable, name: Name): HTMLElement {
  const over = table.phase === 'over';
  return el('p', { class: 'sixty-nine-status' },
    el('span', {}, `Round ${table.round}`),
    el('span', {}, `dealer ${name(table.dealer)}`),
    !over && el('span', { 'data-deck': table.deckSize }, table.deckSize === 0 ? 'deck empty: flips pull from hands (S7)' : `deck ${table.deckSize} card${table.deckSize === 1 ? '' : 's'}`),
    !over && table.toMove !== null && el('span', {}, `${name(table.toMove)} ${TASKS[table.decision ?? ''] ?? ''}`),
    over && el('span', {}, 'game over'),
  );
}

function totalsList(table: SixtyNineTable, name: Name, places: readonly number[] | null): HTMLElement {
  return el('ul', { class: 'sixty-nine-totals', 'aria-label': 'totals' }, ...table.seats.map((seat, index) => {
    const won = places !== null && places[index] === 1;
    return el('li', { class: `sixty-nine-total${won ? ' sixty-nine-total-winner' : ''}`, 'data-seat-total': index },
      el('span', { class: 'sixty-nine-total-name' }, name(index)),
      el('span', { class: 'sixty-nine-total-score' }, el('b', { 'data-total': seat.total }, seat.total), ' of 69'),
      places !== null && el('span', { class: 'sixty-nine-total-note', 'data-place': places[index] }, `${ordinal(places[index] ?? 0)}${table.winners.includes(index) && table.result?.reason === 'reached-69' ? ', reached 69' : ''}`),
    );
  }));
}

function tableZone(table: SixtyNineTable, name: Name): HTMLElement {
  return el('section', { class: 'sixty-nine-zone', 'aria-label': 'the table' },
    el('span', { class: 'sixty-nine-label' }, `Table: ${table.table.length} set${table.table.length === 1 ? '' : 's'}`),
    table.table.length === 0
      ? el('p', { class: 'sixty-nine-empty' }, table.phase === 'over' ? 'The round is over.' : 'No set on the table.')
      : el('div', { class: 'sixty-nine-sets' }, ...table.table.map((set) => setView(set, name))),
  );
}

function setView(set: SixtyNineTableSet, name: Name): HTMLElement {
  const complete = set.cards.length >= 3;
  const claim = set.claimant === null
    ? (complete ? 'complete' : 'open to plays')
    : `claimed by ${name(set.claimant)}, c ${set.claimCount}${set.locked ? ', locked' : ''}`;
  return el('figure', {
    class: `sixty-nine-set${set.claimant !== null ? ' sixty-nine-set-claimed' : ''}${set.atChance ? ' sixty-nine-set-chance' : ''}${set.locked ? ' sixty-nine-set-locked' : ''}`,
    'data-set': set.index, 'data-claimant': set.claimant, 'data-claim-count': set.claimCount, 'data-locked': String(set.locked), 'data-at-chance': String(set.atChance),
  },
    el('div', { class: 'sixty-nine-cards' }, ...set.cards.map((card) => cardView(card))),
    el('figcaption', {}, el('b', {}, `Set ${set.index}`), ` · ${claim}`),
  );
}

/** The steal sequence in progress (S8, S12): whose chance now, and what each seat did since it opened. */
function sequenceZone(table: SixtyNineTable, name: Name): HTMLElement | null {
  if (table.sequence.length === 0 && table.chance === null) return null;
  const chance = table.chance;
  const target = chance === null ? undefined : table.table[chance.set];
  const needs = target?.claimant === null || target === undefined ? '' : target.locked ? ' (locked: adding only sheds cards, S9)' : ` (adding ${target.claimCount} or more claims it)`;
  return el('section', { class: 'sixty-nine-zone sixty-nine-sequence', 'aria-label': 'steal sequence', 'data-chance': chance === null ? null : `${chance.seat}:${chance.set}` },
    el('span', { class: 'sixty-nine-label' }, chance === null ? 'Steal sequence' : `Steal chance: ${name(chance.seat)} on set ${chance.set}${needs}`),
    el('ol', { class: 'sixty-nine-log', 'data-sequence': table.sequence.length }, ...table.sequence.map((shown) => eventLine(shown, name))),
  );
}

function scrambleZone(table: SixtyNineTable, name: Name): HTMLElement | null {
  const scramble = table.scramble;
  if (scramble === null) return null;
  return el('section', { class: 'sixty-nine-zone sixty-nine-scramble', 'aria-label': 'Scramble', 'data-scramble': scramble.rearranging ? 'rearranging' : 'choosing' },
    el('span', { class: 'sixty-nine-label' }, scramble.rearranging ? `${name(scramble.seat)} rearranges the table (Scramble, S12)` : `${name(scramble.seat)} may keep or rearrange the table (Scramble, S11)`),
    scramble.rearranging && el('div', { class: 'sixty-nine-sets' },
      ...scramble.formed.map((set, i) => el('figure', { class: 'sixty-nine-set', 'data-formed': i }, el('div', { class: 'sixty-nine-cards' }, ...set.map((card) => cardView(card))), el('figcaption', {}, `formed ${i + 1}`))),
      el('figure', { class: 'sixty-nine-set sixty-nine-set-chance', 'data-forming': '' }, el('div', { class: 'sixty-nine-cards' }, ...scramble.forming.map((card) => cardView(card))), el('figcaption', {}, 'being formed')),
      el('figure', { class: 'sixty-nine-set', 'data-unplaced': scramble.unplaced.length }, el('div', { class: 'sixty-nine-cards' }, ...scramble.unplaced.map((card) => cardView(card))), el('figcaption', {}, `not placed yet: ${scramble.unplaced.length}`)),
    ),
  );
}

function seatPanel(table: SixtyNineTable, index: number, name: Name, entrant: string): HTMLElement {
  const seat = table.seats[index]!;
  const toMove = table.toMove === index && table.phase !== 'over';
  const shown = seat.hand.length > 0 && seat.hand.every((card) => card !== null) && table.viewer !== index && table.phase === 'over';
  return el('section', { class: 'sixty-nine-seat', 'data-seat': index, 'data-to-move': String(toMove), 'aria-label': `${name(index)}, seat ${index}` },
    el('header', { class: 'sixty-nine-seat-head' },
      el('span', { class: 'sixty-nine-name' }, entrant, el('small', {}, ` seat ${index}`)),
      table.dealer === index && el('span', { class: 'sixty-nine-tag' }, 'dealer'),
      table.viewer === index && el('span', { class: 'sixty-nine-tag' }, 'this view'),
      toMove && el('span', { class: 'sixty-nine-turn' }, TASKS[table.decision ?? ''] ?? table.phase),
    ),
    el('div', { class: 'sixty-nine-cards', 'data-hand': seat.hand.length, 'aria-label': handWords(seat.hand, shown), role: 'group' },
      ...(seat.hand.length > 0 ? seat.hand.map((card) => cardView(card)) : [el('span', { class: 'sixty-nine-empty' }, 'no cards')])),
    el('p', { class: 'sixty-nine-facts' },
      el('span', { 'data-captured': seat.captured.length }, `captured ${seat.captured.length}`),
      el('span', {}, `total ${seat.total}`),
    ),
    seat.captured.length > 0 && el('div', { class: 'sixty-nine-cards sixty-nine-pile', role: 'group', 'aria-label': `captured this round, ${seat.captured.length} cards` }, ...seat.captured.map((card) => cardView(card))),
  );
}

/** A hand for a screen reader: its size, and how many of its cards the viewer cannot see. */
function handWords(hand: readonly (CardCode | null)[], shownAtEnd: boolean): string {
  const hidden = hand.filter((card) => card === null).length;
  const size = `hand, ${hand.length} card${hand.length === 1 ? '' : 's'}`;
  if (shownAtEnd) return `${size}, shown at the round's end`;
  return hidden === 0 ? size : hidden === hand.length ? `${size}, face down` : `${size}, ${hidden} face down`;
}

/** A card; null is a card the viewer does not know (drawn face down, with no value). */
function cardView(card: CardCode | null): HTMLElement {
  // the hand's label counts the face-down cards: a screen reader need not read each
  if (card === null) return el('span', { class: 'sixty-nine-card sixty-nine-card-back', 'data-face': 'down', 'aria-hidden': 'true' });
  const face = cardFace(card);
  return el('span', {
    class: `sixty-nine-card${face.suit === null ? ' sixty-nine-card-special' : ''}`,
    'data-card': card, 'data-face': 'up', 'data-suit': face.suit, role: 'img', 'aria-label': face.words, title: face.words,
  // value over suit in one text (its first line drawn big): a value alone ("8") would read as a number of the view
  }, el('span', { class: 'sixty-nine-face' }, `${face.mark}\n${face.small}`));
}

function eventLine(shown: ShownEvent, name: Name): HTMLElement {
  const e = shown.event;
  const who = name(e.seat);
  const list = (cards: readonly string[]): string => cards.join(' ');
  const text = e.type === 'flip' ? `${who} flips ${e.card}${e.from === null ? '' : ` from ${name(e.from)}'s hand`}`
    : e.type === 'pass' ? `${who} passes`
    : e.type === 'play' ? `${who} plays ${list(e.cards)} on set ${e.set}`
    : e.type === 'keep' ? `${who} keeps the table`
    : e.type === 'rearrange' ? `${who} rearranges the table into ${e.sets.length} sets`
    : e.type === 'add' ? (e.cards.length === 0 ? `${who} adds nothing to set ${e.set}` : `${who} adds ${list(e.cards)} to set ${e.set}${e.claims ? ' and claims it' : ''}`)
    : `${who} captures set ${e.set} (${e.cards.length} cards)`;
  return el('li', { 'data-event': e.type, 'data-forced': shown.forced ? '' : null, title: shown.forced ? FORCED_TITLE : null }, shown.forced ? `${text} (forced)` : text);
}

/** The last rounds, newest first: who ended it, each seat's score and total after it (S14, S15). */
function roundHistory(table: SixtyNineTable, name: Name): HTMLElement {
  const rounds = table.rounds.slice(-RECENT_ROUNDS).reverse();
  return el('section', { class: 'sixty-nine-history', 'aria-label': 'rounds played' },
    el('h3', {}, 'Rounds played'),
    rounds.length === 0
      ? el('p', { class: 'sixty-nine-empty' }, 'None yet: the first round is being played.')
      : el('ol', { reversed: true }, ...rounds.map((round) => el('li', { value: round.round, 'data-round-record': round.round },
        el('span', {}, `${round.ender === null ? 'round over' : `${name(round.ender)} went out`}`),
        el('span', { class: 'sixty-nine-history-scores' }, round.scores.map((score, seat) => `${name(seat)} +${score} → ${round.totals[seat]}`).join(' · '))))),
  );
}

const REASONS: Readonly<Record<string, string>> = {
  'reached-69': 'a total reached 69 (S15)',
  'round-cap': 'round 50 was played: the top total wins (S16)',
  forfeit: 'forfeit (S19)',
};

function describeOutcome(table: SixtyNineTable, outcome: Outcome, places: readonly number[] | null, name: Name): string {
  const firsts = places === null ? [outcome.winner] : places.flatMap((place, seat) => (place === 1 ? [seat] : []));
  const why = outcome.forfeit !== null ? `${name(outcome.forfeit.seat)} forfeited (${outcome.forfeit.verdict}: ${outcome.forfeit.message})` : REASONS[outcome.reason] ?? outcome.reason;
  const totals = table.seats.map((seat, index) => `${name(index)} ${seat.total}`).join(', ');
  return `${firsts.map(name).join(' and ')} ${firsts.length === 1 ? 'wins' : 'share first place'} (${totals}) — ${why}`;
}

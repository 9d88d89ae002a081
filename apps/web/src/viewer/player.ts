/**
 * The game-agnostic player: a sequence of frames (what to draw after move K) with play and pause,
 * step forward and back, speed, a move slider, keyboard shortcuts, a link to the move shown
 * (`#move=K`, kept in the URL), the owner's bot logs at that move, and a switch between the
 * frames' perspectives. Live games append frames as they come; the player follows the newest
 * unless the user stepped back. The drawing itself is the game's renderer's.
 */
import { el, fill } from '../dom.ts';
import type { Frame, Perspective } from './frames.ts';
import type { BotLogs } from './logs.ts';
import type { Outcome, Renderer, SeatInfo } from './renderer.ts';

export interface PlayerSource {
  readonly seats: readonly SeatInfo[];
  readonly frames: readonly Frame[];
  readonly perspectives: readonly Perspective[];
  /** A finished game's outcome (drawn with its last frame); null while live. */
  readonly outcome: Outcome | null;
  readonly logs: BotLogs | null;
  readonly live: boolean;
}

export interface Player {
  readonly element: HTMLElement;
  /**
   * Shows `source`: at the move shown before (a reload of the same game, e.g. once a live game is
   * over), else where the URL's #move=K says, else at the deal (a live game: at its newest move).
   */
  load(source: PlayerSource): void;
  /** A live game's next frame. */
  append(frame: Frame): void;
  destroy(): void;
}

export const SPEEDS: readonly number[] = [0.25, 0.5, 1, 2, 4, 8];
const DEFAULT_SPEED = 2;
/** A move's time on screen at 1×. */
const MOVE_MS = 900;
export const HELP = 'Keys: Space play/pause · ← → step · Home End first/last move · [ ] slower/faster';

/** The move K of a `#move=K` hash, or null. */
export function moveInHash(hash: string): number | null {
  const found = /(?:^#|&)move=(\d+)(?:&|$)/.exec(hash);
  return found === null ? null : Number(found[1]);
}

/** A player of `game`'s frames, drawn by `renderer`. */
export function createPlayer(game: string, renderer: Renderer): Player {
  let source: PlayerSource = { seats: [], frames: [], perspectives: [], outcome: null, logs: null, live: false };
  let index = 0;
  let perspective = '';
  let speed = DEFAULT_SPEED;
  let playing = false;
  /** Live: stay on the newest frame as frames arrive (until the user steps back). */
  let following = true;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const button = (control: string, label: string, title: string, onclick: () => void): HTMLButtonElement =>
    el('button', { type: 'button', class: `control control-${control}`, 'data-control': control, title, 'aria-label': title, onclick }, label);

  const board = el('div', { class: 'viewer-board', 'data-board': '' });
  const switcher = el('div', { class: 'viewer-perspectives', role: 'group', 'aria-label': 'whose view' });
  const playButton = button('play', '▶', 'Play (Space)', () => togglePlay());
  const first = button('first', '|◀', 'First move (Home)', () => userGo(0));
  const back = button('back', '◀', 'Step back (←)', () => userGo(index - 1));
  const forward = button('forward', '▶▶', 'Step forward (→)', () => userGo(index + 1));
  const last = button('last', '▶|', 'Last move (End)', () => userGo(source.frames.length - 1));
  const slider = el('input', { type: 'range', class: 'viewer-slider', 'data-control': 'slider', min: 0, max: 0, value: 0, step: 1, 'aria-label': 'move' });
  slider.addEventListener('input', () => userGo(Number(slider.value)));
  const counter = el('span', { class: 'viewer-counter', 'aria-live': 'polite' });
  const speedLabel = el('span', { class: 'viewer-speed', 'data-speed': '' });
  const slower = button('slower', '−', 'Slower ([)', () => setSpeed(speed - 1));
  const faster = button('faster', '+', 'Faster (])', () => setSpeed(speed + 1));
  const moveLink = el('a', { class: 'viewer-link', 'data-control': 'link', href: '#move=0' }, 'Link to this move');
  const statusLine = el('p', { class: 'viewer-live', 'data-live': '', role: 'status', hidden: true });
  const logPanel = el('section', { class: 'viewer-logs', 'data-logs': '', 'aria-label': 'what your bot printed' });

  const controls = el('div', { class: 'viewer-controls' },
      el('div', { class: 'viewer-buttons' }, first, back, playButton, forward, last, el('span', { class: 'viewer-speeds', title: 'speed' }, slower, speedLabel, faster)),
      slider,
      el('div', { class: 'viewer-meta' }, counter, moveLink),
  );
  const element = el('section', { class: 'viewer', 'data-viewer': '' },
    switcher,
    board,
    controls,
    statusLine,
    el('p', { class: 'viewer-help', 'data-help': '' }, HELP),
    logPanel,
  );

  const name = (seat: number): string => source.seats[seat]?.name ?? `seat ${seat}`;

  function frame(): Frame | undefined {
    return source.frames[index];
  }

  let drawing = false;
  let destroyed = false;
  /** Draws on the next animation frame: a burst of live events or keys draws once. */
  function draw(): void {
    if (drawing) return;
    drawing = true;
    requestAnimationFrame(() => {
      drawing = false;
      // not after the page is left: the URL is another page's by then
      if (!destroyed) drawNow();
    });
  }

  function drawNow(): void {
    const current = frame();
    const lastIndex = Math.max(0, source.frames.length - 1);
    slider.max = String(lastIndex);
    slider.value = String(index);
    first.disabled = back.disabled = index === 0;
    forward.disabled = last.disabled = index >= lastIndex;
    playButton.textContent = playing ? '❚❚' : '▶';
    playButton.title = playButton.ariaLabel = playing ? 'Pause (Space)' : 'Play (Space)';
    playButton.setAttribute('aria-pressed', String(playing));
    speedLabel.textContent = `${SPEEDS[speed]}×`;
    speedLabel.dataset.speed = String(SPEEDS[speed]);
    slower.disabled = speed === 0;
    faster.disabled = speed === SPEEDS.length - 1;
    if (current === undefined) {
      fill(counter, source.live ? 'Waiting for the first move…' : 'No moves');
      return;
    }
    statusLine.hidden = !source.live;
    statusLine.textContent = following ? '● Live: each move is shown as it is played.' : '● Live: you stepped back; End (or ▶|) catches up with the game.';
    element.dataset.move = String(current.move);
    element.dataset.perspective = perspective;
    const total = source.frames.at(-1)?.move ?? 0;
    const mover = current.seat === null ? 'the deal' : `by ${name(current.seat)}`;
    fill(counter, 'Move ', el('b', { 'data-move': current.move }, current.move), ` of ${total}${source.live ? ' so far' : ''} · ${mover}`);
    moveLink.href = `#move=${current.move}`;
    if (moveInHash(location.hash) !== current.move) history.replaceState(history.state, '', `${location.pathname}${location.search}#move=${current.move}`);
    const view = current.views[perspective] ?? Object.values(current.views)[0];
    const isLast = index === source.frames.length - 1;
    try {
      renderer.render(board, view, { game, seats: source.seats, move: current.move, outcome: isLast ? source.outcome : null });
    } catch (error) {
      fill(board, el('p', { class: 'notice error', role: 'alert' }, `Cannot draw move ${current.move}: ${(error as Error).message}`));
    }
    drawLogs(current, isLast);
    uncoverSeatToMove();
  }

  /**
   * On a phone the controls stick to the bottom of the screen over the table: when they cover the
   * seat to move (a renderer marks it data-to-move="true"), the page scrolls it out from under
   * them. Only down, and only for a seat they cover: a seat above the screen stays where the
   * reader left it, so following a game never jumps back and forth.
   */
  function uncoverSeatToMove(): void {
    const seat = board.querySelector('[data-to-move="true"]');
    if (seat === null || getComputedStyle(controls).position !== 'sticky') return;
    const cover = controls.getBoundingClientRect();
    const shown = seat.getBoundingClientRect();
    const stuck = cover.bottom >= window.innerHeight - 1;
    if (!stuck || shown.bottom <= cover.top || shown.top >= window.innerHeight) return;
    // its bottom just above the controls, but never its top above the screen
    window.scrollBy(0, Math.min(shown.bottom - cover.top + 8, Math.max(0, shown.top)));
  }

  function drawLogs(current: Frame, isLast: boolean): void {
    const logs = source.logs;
    logPanel.hidden = logs === null;
    if (logs === null) return;
    // The last frame also shows a forfeited decision's output (the move that never came).
    const moves = isLast && source.outcome?.forfeit != null ? [current.move, current.move + 1] : [current.move];
    const printed = moves.flatMap((move) => (logs.byMove.get(move) ?? []).map((lines) => ({ move, ...lines })));
    fill(logPanel,
      el('h3', {}, 'What your bot printed'),
      printed.length === 0
        ? el('p', { class: 'viewer-empty', 'data-log-empty': '' }, current.seat === null
          ? 'The deal: no decision yet.'
          : logs.seats.includes(current.seat) ? `Nothing printed at move ${current.move}.` : `Move ${current.move} was ${name(current.seat)}'s.`)
        : el('div', {}, ...printed.map((entry) => el('figure', { class: 'viewer-log', 'data-log-move': entry.move, 'data-log-seat': entry.seat },
          el('figcaption', {}, `${name(entry.seat)}, move ${entry.move}${entry.move > current.move ? ' (forfeited)' : ''}`),
          el('pre', {}, entry.text)))),
    );
  }

  function drawSwitcher(): void {
    // one perspective (a live game's public view): nothing to switch
    switcher.hidden = source.perspectives.length < 2;
    fill(switcher, ...(switcher.hidden ? [] : source.perspectives).map((p) => el('button', {
      type: 'button', class: 'viewer-perspective', 'data-perspective': p.id, 'aria-pressed': String(p.id === perspective), title: p.title,
      onclick: () => {
        perspective = p.id;
        drawSwitcher();
        draw();
      },
    }, p.label)));
  }

  function go(target: number): void {
    index = Math.max(0, Math.min(target, source.frames.length - 1));
    following = index >= source.frames.length - 1;
    draw();
  }

  /** A step the user asked for (buttons, keys, slider, link): it stops a running play. */
  function userGo(target: number): void {
    stop();
    go(target);
  }

  function setSpeed(next: number): void {
    speed = Math.max(0, Math.min(next, SPEEDS.length - 1));
    if (playing) schedule();
    draw();
  }

  function stop(): void {
    playing = false;
    clearTimeout(timer);
  }

  function togglePlay(): void {
    if (playing) {
      stop();
    } else {
      // a finished game played from its end starts over
      if (!source.live && index >= source.frames.length - 1) index = 0;
      playing = true;
      schedule();
    }
    draw();
  }

  function schedule(): void {
    clearTimeout(timer);
    timer = setTimeout(tick, MOVE_MS / SPEEDS[speed]!);
  }

  function tick(): void {
    if (index < source.frames.length - 1) {
      go(index + 1);
      schedule();
    } else if (!source.live) {
      stop();
      draw();
    }
    // live and at the newest frame: append() moves on when the next one comes
  }

  function onKey(event: KeyboardEvent): void {
    if (event.ctrlKey || event.metaKey || event.altKey || !element.isConnected) return;
    const target = event.target as HTMLElement | null;
    if (target !== null && (target.isContentEditable || ['TEXTAREA', 'SELECT'].includes(target.tagName) || (target.tagName === 'INPUT' && (target as HTMLInputElement).type !== 'range'))) return;
    const actions: Record<string, () => void> = {
      ' ': togglePlay,
      ArrowLeft: () => userGo(index - 1),
      ArrowRight: () => userGo(index + 1),
      Home: () => userGo(0),
      End: () => userGo(source.frames.length - 1),
      '[': () => setSpeed(speed - 1),
      ']': () => setSpeed(speed + 1),
    };
    const action = actions[event.key];
    if (action === undefined) return;
    // also keeps a focused button (Space) or the slider (arrows) from acting on the same key
    event.preventDefault();
    action();
  }

  function onHash(event: HashChangeEvent): void {
    // the hash the event is for: a draw between the change and this event (a click) may already
    // have put the shown move back in location.hash, which would lose the user's move
    const hash = new URL(event.newURL).hash;
    const move = moveInHash(hash);
    if (move !== null && move !== frame()?.move) userGo(indexOfMove(move));
    // an anchor that names no move (#move=abc) is put right: the move shown
    else if (move === null && /(?:^#|&)move=/.test(hash)) draw();
  }

  function indexOfMove(move: number): number {
    const found = source.frames.findIndex((f) => f.move >= move);
    return found === -1 ? source.frames.length - 1 : found;
  }

  document.addEventListener('keydown', onKey);
  window.addEventListener('hashchange', onHash);

  return {
    element,
    load(next) {
      // a reload of the same game (names known, the game over) keeps the move shown, or the newest
      const shown = frame();
      const keep = shown === undefined ? null : { move: shown.move, newest: following };
      source = next;
      if (!source.perspectives.some((p) => p.id === perspective)) perspective = source.perspectives[0]?.id ?? '';
      drawSwitcher();
      const newest = source.frames.length - 1;
      if (keep !== null) go(keep.newest && source.live ? newest : indexOfMove(keep.move));
      else {
        const linked = moveInHash(location.hash);
        go(linked !== null ? indexOfMove(linked) : source.live ? newest : 0);
      }
    },
    append(next) {
      source = { ...source, frames: [...source.frames, next] };
      if (following) go(source.frames.length - 1);
      else draw();
    },
    destroy() {
      destroyed = true;
      stop();
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('hashchange', onHash);
    },
  };
}

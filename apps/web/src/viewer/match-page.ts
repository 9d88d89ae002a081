/**
 * The match viewer page (/matches/:id, `#move=K` for a move): a finished match is re-simulated
 * from its replay with the engine (every move, seen by everyone or by either seat); a match not
 * stored yet (or whose deal is not public yet) is watched as the broadcast shows it (the follow
 * stream's `match:<id>`: at the broadcast's pace, public views only, held on broadcast until its
 * end is shown) and becomes a replay once it is over and public. The player is game-agnostic; the renderer is the game's own (games/registry.ts) or the
 * generic one.
 */
import './viewer.css';
import type { Match } from '@xix/server/api-types';
import { el, fill, formatTime, link, notice } from '../dom.ts';
import { PUBLIC, replayFrames, replayPerspectives, type Frame } from './frames.ts';
import { loadFinishedMatch, loadOwnLogs } from './data.ts';
import { watchMatch } from './live.ts';
import type { FollowedGame } from '../stream.ts';
import { botLogs } from './logs.ts';
import { createPlayer, type Player, type PlayerSource } from './player.ts';
import { gameName, rendererOf } from '../games/registry.ts';
import { entrantSeats } from '../names.ts';
import { setNavSection } from '../nav-section.ts';
import type { SeatInfo } from './renderer.ts';

/** After the live `end`, how often and how long to look for the stored match. */
const STORED_RETRY_MS = 1000;
const STORED_RETRIES = 10;

export function mountMatchPage(root: HTMLElement, matchId: string): () => void {
  let closed = false;
  let player: Player | null = null;
  let stopWatching = (): void => undefined;
  const heading = el('header', { class: 'viewer-head' }, el('h1', {}, `Match ${matchId}`));
  const body = el('div', {}, notice('Loading the match…'));
  fill(root, heading, body);

  const fail = (error: unknown): void => {
    if (!closed) fill(body, notice(`Cannot show match ${matchId}: ${(error as Error).message}`, 'error'));
  };

  /** Draws the stored match; false when it is not stored (yet). */
  async function showFinished(): Promise<boolean> {
    const stored = await loadFinishedMatch(matchId);
    if (stored === null || closed) return false;
    if (stored.expired !== null) {
      // the result stays when retention deleted the replay: it is all there is to show
      const seats = stored.match.entrants.map((entrant) => ({ name: entrant.name, bot: entrant.bot }));
      fill(heading, el('h1', {}, `Match ${matchId}`), matchSummary(stored.match, seats, false));
      fill(body, notice(`${stored.expired.charAt(0).toUpperCase()}${stored.expired.slice(1)}.`), resultLine(stored.match, seats));
      setNavSection(null);
      return true;
    }
    const { replay, frames } = replayFrames(stored.replay);
    const ownLogs = await loadOwnLogs(matchId).catch(() => null);
    if (closed) return true;
    const seats = stored.match.entrants.map((entrant) => ({ name: entrant.name, bot: entrant.bot }));
    const source: PlayerSource = {
      seats, frames, live: false,
      perspectives: replayPerspectives(seats.map((seat) => seat.name)),
      outcome: { ...replay.result, forfeit: replay.forfeit },
      logs: ownLogs === null ? null : botLogs(ownLogs, replay),
    };
    if (player === null) {
      player = createPlayer(replay.game.id, rendererOf(replay.game.id));
      fill(body, player.element);
    }
    fill(heading, el('h1', {}, `Match ${matchId}`), matchSummary(stored.match, seats, true));
    player.load(source);
    setNavSection(null); // a finished game is no longer Live's
    return true;
  }

  function watchLive(): void {
    let source: PlayerSource | null = null;
    let live: Player | null = null;
    setNavSection('live');
    fill(heading, el('h1', {}, `Match ${matchId}`), el('p', { class: 'viewer-summary' }, 'A game in progress: what everyone can see of it.'));
    fill(body, notice('Waiting for the game to start…'));
    const onGame = (game: FollowedGame): void => {
      const frame = liveFrame(game.move, game.seat, game.view);
      if (source === null) {
        const seats: SeatInfo[] = game.seats.map((seat) => ({ name: seat.name ?? seat.bot, bot: seat.bot }));
        source = { seats, frames: [frame], perspectives: [{ id: PUBLIC, label: 'Public' }], outcome: null, logs: null, live: game.ended === null };
        live ??= createPlayer(game.game, rendererOf(game.game));
        player = live;
        fill(heading, el('h1', {}, `Match ${matchId}`), el('p', { class: 'viewer-summary' }, 'Live: ', ...versus(game.game, seats)));
        fill(body, live.element);
        live.load(source);
      } else if (live !== null && game.ended !== null) {
        // the end's view (the whole deal once its deal is public) replaces the last move's public view
        const last = source.frames.at(-1)!;
        const frames = last.move === frame.move ? [...source.frames.slice(0, -1), { ...frame, seat: last.seat }] : [...source.frames, frame];
        source = { ...source, frames, live: false };
        live.load(source);
      } else if (live !== null && game.move > source.frames.at(-1)!.move) {
        // a move, or a snapshot further on (a skip, a resume): what was shown stays
        source = { ...source, frames: [...source.frames, frame] };
        live.append(frame);
      }
    };
    stopWatching = watchMatch(matchId, {
      onGame,
      onClose: (outcome) => {
        if (!outcome.ended) return fail(new Error(outcome.message));
        void untilStored().catch(fail);
      },
    });
  }

  /** Once a live game is over, its replay (with the seat views and the logs) replaces it. */
  async function untilStored(): Promise<void> {
    for (let attempt = 0; attempt < STORED_RETRIES && !closed; attempt++) {
      if (await showFinished()) return;
      await new Promise((resolve) => setTimeout(resolve, STORED_RETRY_MS));
    }
  }

  showFinished().then((shown) => {
    if (!shown && !closed) watchLive();
  }).catch(fail);

  return () => {
    closed = true;
    stopWatching();
    player?.destroy();
  };
}

function liveFrame(move: number, seat: number | null, view: unknown): Frame {
  return { move, seat, views: { [PUBLIC]: view } };
}

/** The entrants, each once (a partnership's entrant sits at every seat of its side). */
function versus(game: string, seats: readonly SeatInfo[]): (Node | string)[] {
  return entrantSeats(game, seats).flatMap((seat, i) => [...(i > 0 ? [' vs '] : []), seat.bot === null ? seat.name : link(`/bots/${encodeURIComponent(seat.bot)}`, seat.name)]);
}

function matchSummary(match: Match, seats: readonly SeatInfo[], withReplay: boolean): HTMLElement {
  return el('p', { class: 'viewer-summary' },
    ...versus(match.game, seats),
    ` · ${gameName(match.game)} · ${match.kind}${match.rated ? ', rated' : ''} · ${match.moves} moves · ${formatTime(match.finishedAt)}`,
    ...(withReplay ? [' · ', link(`/api/matches/${encodeURIComponent(match.id)}/replay`, 'replay JSON')] : []),
  );
}

/** The stored result by seat: place and points, then how the game ended. */
function resultLine(match: Match, seats: readonly SeatInfo[]): HTMLElement {
  const places = seats.map((seat, i) => `${seat.name}: place ${match.ranks[i] ?? '?'}, ${match.points[i] ?? 0} points${match.forfeit?.seat === i ? ` (forfeit: ${match.forfeit.verdict})` : ''}`);
  return el('p', { class: 'viewer-result', 'data-result': '' }, `Result: ${places.join('; ')} (${match.reason}).`);
}

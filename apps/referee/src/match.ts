/**
 * Plays one game between players, whatever the game and however the players run. The referee is
 * authoritative: players only propose actions, which are checked against the rules; anything a
 * player does wrong ends the game as a forfeit (R12) and is recorded in the replay. Nothing a
 * player does can make `playMatch` throw.
 */
import {
  assertSeed,
  createReplay,
  type AnyGame,
  type Forfeit,
  type GameResult,
  type Replay,
  type ReplayMove,
  type Seat,
} from '@xix/engine';
import { LOCAL_BOT_SEED_KEY, botSeed } from './bot-seed.ts';
import type { Decision, Player, PlayerFailure } from './player.ts';

export interface MatchOptions {
  readonly game: AnyGame;
  /** The initial setup, e.g. `game.randomSetup(seed, players.length)`; checked with `game.parseSetup`. */
  readonly setup: unknown;
  /** The seed the setup came from: recorded in the replay, never shown to the players. */
  readonly seed: number;
  /**
   * The key of the players' own seeds (see bot-seed.ts): secret where bots are untrusted.
   * Defaults to a fixed local key.
   */
  readonly botSeedKey?: string;
  /** Players by seat. */
  readonly players: readonly Player[];
}

/** What a bot logged during one of its decisions: for the bot's author, never in the replay. */
export interface BotLog {
  readonly seat: Seat;
  /** 1-based number of the decision in the game (the replay move, or the failed decision). */
  readonly move: number;
  readonly text: string;
}

export interface MatchRecord {
  readonly replay: Replay;
  readonly logs: readonly BotLog[];
}

export function playMatch(options: MatchOptions): MatchRecord {
  const { game, seed, players } = options;
  assertSeed(seed);
  if (players.length < game.seats.min || players.length > game.seats.max) {
    throw new RangeError(`${game.id} is played by ${game.seats.min}–${game.seats.max} players, not ${players.length}`);
  }
  const setup: unknown = game.parseSetup(options.setup);
  const state: unknown = game.start(setup);
  const moves: ReplayMove[] = [];
  const logs: BotLog[] = [];
  // startGame is called right before a seat's first decision: a replay can only record a forfeit
  // by the seat to move, so a failure to start must happen on that seat's turn.
  const started = players.map(() => false);
  let forfeit: Forfeit | null = null;

  for (let seat = game.toMove(state); seat !== null; seat = game.toMove(state)) {
    const player = players[seat]!;
    const move = moves.length + 1;
    if (!started[seat]) {
      const failure = startPlayer(player, seat, botSeed(options.botSeedKey ?? LOCAL_BOT_SEED_KEY, seed, seat));
      if (failure !== null) {
        forfeit = { seat, ...failure };
        break;
      }
      started[seat] = true;
    }
    const decision = decide(player, game.view(state, seat));
    if (decision.logs !== undefined && decision.logs !== '') logs.push({ seat, move, text: decision.logs });
    if (!decision.ok) {
      forfeit = { seat, verdict: decision.verdict, message: decision.message };
      break;
    }
    const check = checkAction(game, state, decision.action);
    if (!check.ok) {
      forfeit = { seat, verdict: 'illegal', message: `illegal action ${describe(decision.action)}: ${check.reason}` };
      break;
    }
    game.apply(state, check.action);
    moves.push(timed({ seat, action: check.action }, decision));
  }

  const result: GameResult = forfeit === null ? (game.result(state) as GameResult) : game.forfeitResult(state, forfeit.seat);
  players.forEach((player, seat) => {
    if (!started[seat]) return;
    try {
      player.endGame(game.view(state, seat), result);
    } catch {
      // The result is final; a player failing to hear about it changes nothing.
    }
  });
  // The setup at the end records what the game drew while playing (1923's lots, T9).
  const replay = createReplay(game, { seed, setup: game.setupOf(state), seats: players.map((p) => p.name), moves, forfeit, result });
  return { replay, logs };
}

// The wrappers below turn a misbehaving Player implementation into a forfeit instead of a throw.

function startPlayer(player: Player, seat: Seat, seed: number): PlayerFailure | null {
  try {
    return player.startGame({ seat, seed });
  } catch (error) {
    return { verdict: 'load_error', message: `failed to start: ${errorText(error)}` };
  }
}

function decide(player: Player, view: unknown): Decision {
  try {
    return player.decide(view);
  } catch (error) {
    return { ok: false, ms: 0, verdict: 'error', message: errorText(error) };
  }
}

function checkAction(game: AnyGame, state: unknown, value: unknown): ReturnType<AnyGame['checkAction']> {
  try {
    return game.checkAction(state, value);
  } catch (error) {
    // A hostile value (a Proxy, say) can throw while being inspected.
    return { ok: false, reason: `the action could not be read: ${errorText(error)}` };
  }
}

function timed(move: { seat: Seat; action: unknown }, decision: Decision): ReplayMove {
  const ms = validMs(decision.ms);
  const cpuMs = validMs(decision.cpuMs);
  return { ...move, ...(ms !== undefined && { ms }), ...(cpuMs !== undefined && { cpuMs }) };
}

function validMs(value: number | undefined): number | undefined {
  return typeof value === 'number' && value >= 0 && Number.isFinite(value) ? value : undefined;
}

function describe(value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    // not serialisable: fall through
  }
  if (text === undefined) text = typeof value;
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

export function errorText(error: unknown): string {
  try {
    if (error instanceof Error) return `${error.name}: ${error.message}`;
    return `thrown ${typeof error === 'string' ? JSON.stringify(error) : String(error)}`;
  } catch {
    return 'an unreadable error';
  }
}

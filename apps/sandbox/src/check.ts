/**
 * The validation step for an uploaded or local bot: it compiles, and it loads in a sandbox into
 * a default export with `decide`. Loading runs the bot's module code, so it happens in an isolate
 * like any other bot code.
 */
import type { AnyGame } from '@xix/engine';
import { compileBot, type BotSource } from './compile.ts';
import type { SandboxLimits } from './limits.ts';
import { sandboxedPlayer } from './sandboxed-player.ts';

export type BotCheck = { readonly ok: true; readonly code: string } | { readonly ok: false; readonly message: string };

export async function checkBot(game: AnyGame, source: BotSource, limits: Partial<SandboxLimits> = {}): Promise<BotCheck> {
  const compiled = await compileBot(source);
  if (!compiled.ok) return compiled;
  const player = sandboxedPlayer(game, compiled.code, 'check', { limits });
  try {
    const failure = player.startGame({ seat: 0, seed: 0 });
    if (failure === null) return { ok: true, code: compiled.code };
    if (failure.verdict !== 'load_error') return { ok: false, message: `${source.entry} failed to load (${failure.verdict}): ${failure.message}` };
    const notABot = failure.message.startsWith('its default export');
    return { ok: false, message: `${source.entry} ${notABot ? 'is not a bot: ' : ''}${failure.message}` };
  } finally {
    player.dispose();
  }
}

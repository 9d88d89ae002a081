/**
 * A user (/users/:name): when they joined and their bots, each a link to its page. The bots'
 * owner is not always a registered user (the house bots' `house`): its bots are listed all the same.
 */
import type { Bot } from '@xix/server/api-types';
import { ApiError, api } from '../api.ts';
import { el, fill, formatTime, heading, link, notice } from '../dom.ts';
import { gameName } from '../games/registry.ts';
import { simpleTable } from '../table.ts';

export function botStatus(bot: Pick<Bot, 'retired' | 'active'>): string {
  return bot.retired ? 'retired' : bot.active === null ? 'no active version' : `active: v${bot.active}`;
}

function botsTable(bots: readonly Bot[]): HTMLElement {
  return simpleTable('Bots', [
    { key: 'bot', label: 'Bot', cell: (bot) => link(`/bots/${bot.id}`, bot.name) },
    { key: 'game', label: 'Game', cell: (bot) => gameName(bot.game) },
    { key: 'status', label: 'Status', cell: botStatus },
    { key: 'games', label: 'Games', title: 'Games but validation games', numeric: true, cell: (bot) => String(bot.record.games) },
    { key: 'wins', label: 'W', title: 'Wins', numeric: true, cell: (bot) => String(bot.record.wins) },
    { key: 'losses', label: 'L', title: 'Losses', numeric: true, cell: (bot) => String(bot.record.losses) },
    { key: 'draws', label: 'D', title: 'Draws', numeric: true, cell: (bot) => String(bot.record.draws) },
  ], [...bots].sort((a, b) => a.game.localeCompare(b.game) || a.name.localeCompare(b.name)));
}

export function mountUserPage(root: HTMLElement, name: string): () => void {
  let alive = true;
  fill(root, heading(1, name), notice('Loading…'));
  const unknown = (error: unknown): null => {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  };
  void Promise.all([api.user(name).catch(unknown), api.bots({ owner: name }).then(({ bots }) => bots, unknown)]).then(([user, bots]) => {
    if (!alive) return;
    if (user === null && (bots === null || bots.length === 0)) {
      fill(root, heading(1, name), notice(`There is no user ${name}.`, 'error'));
      return;
    }
    const owned = bots ?? [];
    fill(root,
      heading(1, name),
      el('p', { class: 'lead' }, user === null ? '' : `Joined ${formatTime(user.createdAt)} · `, `${owned.length} ${owned.length === 1 ? 'bot' : 'bots'}`),
      el('section', { 'aria-labelledby': 'user-bots-heading' },
        el('h2', { id: 'user-bots-heading' }, 'Bots'),
        owned.length === 0 ? notice('No bots yet.') : botsTable(owned)),
    );
  }, (error: unknown) => {
    if (alive) fill(root, heading(1, name), notice(`Cannot load user ${name}: ${(error as Error).message}`, 'error'));
  });
  return () => {
    alive = false;
  };
}

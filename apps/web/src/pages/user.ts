/** A user (/users/:name): when they joined and their bots, each a link to its page. */
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
  void api.user(name).then((user) => {
    if (!alive) return;
    fill(root,
      heading(1, user.name),
      el('p', { class: 'lead' }, `Joined ${formatTime(user.createdAt)} · ${user.bots.length} ${user.bots.length === 1 ? 'bot' : 'bots'}`),
      el('section', { 'aria-labelledby': 'user-bots-heading' },
        el('h2', { id: 'user-bots-heading' }, 'Bots'),
        user.bots.length === 0 ? notice('No bots yet.') : botsTable(user.bots)),
    );
  }, (error: unknown) => {
    if (!alive) return;
    const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
    fill(root, heading(1, name), notice(missing ? `There is no user ${name}.` : `Cannot load user ${name}: ${(error as Error).message}`, 'error'));
  });
  return () => {
    alive = false;
  };
}

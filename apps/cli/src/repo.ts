/** Paths inside this repository, wherever the command is run from. */
import { fileURLToPath } from 'node:url';

export const BOT_TEMPLATE = fileURLToPath(new URL('../../../sdk/templates/bot.ts', import.meta.url));

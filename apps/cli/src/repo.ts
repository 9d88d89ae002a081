/** Paths inside this repository, wherever the command is run from. */
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const NODE_MODULES = fileURLToPath(new URL('../../../node_modules', import.meta.url));
export const BOT_TEMPLATE = fileURLToPath(new URL('../../../sdk/templates/bot.ts', import.meta.url));

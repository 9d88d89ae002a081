/** Nineteen in the web pages: its name and its table (renderer.ts). */
import type { WebGame } from '../web-game.ts';
import { nineteenRenderer } from './renderer.ts';

export const nineteenWebGame: WebGame = { id: 'nineteen', name: 'Nineteen', renderer: nineteenRenderer };

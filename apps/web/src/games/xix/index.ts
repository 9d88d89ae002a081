/** XIX in the web pages: its name and its table (renderer.ts). */
import type { WebGame } from '../web-game.ts';
import { xixRenderer } from './renderer.ts';

export const xixWebGame: WebGame = { id: 'xix', name: 'XIX', renderer: xixRenderer };

/** 69 in the web pages: its name and its table (renderer.ts). */
import type { WebGame } from '../web-game.ts';
import { sixtyNineRenderer } from './renderer.ts';

export const sixtyNineWebGame: WebGame = { id: 'sixty-nine', name: '69', renderer: sixtyNineRenderer };

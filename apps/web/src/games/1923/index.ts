/** 1923 in the web pages: its name and its table (renderer.ts). */
import type { WebGame } from '../web-game.ts';
import { nineteenTwentyThreeRenderer } from './renderer.ts';

export const nineteenTwentyThreeWebGame: WebGame = { id: '1923', name: '1923', renderer: nineteenTwentyThreeRenderer };

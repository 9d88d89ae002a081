/** Nineteen's text in the terminal: the replay hand by hand, and a seat's view, history and actions. */
import { nineteen, type NineteenSeatView } from '@xix/engine';
import type { GameText } from '../game-text.ts';
import { renderNineteen } from './replay.ts';
import { action, history, situation } from './seat.ts';

export const nineteenText: GameText = {
  id: nineteen.id,
  replay: renderNineteen,
  situation: (view) => situation(view as NineteenSeatView),
  history: (view) => history(view as NineteenSeatView),
  action,
};

/** XIX's text in the terminal: the replay trick by trick, and a seat's view, history and actions. */
import { xix, type XixSeatView } from '@xix/engine';
import type { GameText } from '../game-text.ts';
import { renderXix } from './replay.ts';
import { action, history, situation } from './seat.ts';

export const xixText: GameText = {
  id: xix.id,
  replay: renderXix,
  situation: (view) => situation(view as XixSeatView),
  history: (view) => history(view as XixSeatView),
  action,
};

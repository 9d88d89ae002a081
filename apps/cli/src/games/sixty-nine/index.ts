/** 69's text in the terminal: the replay round by round, and a seat's view, history and actions. */
import { sixtyNine, type SixtyNineSeatView } from '@xix/engine';
import type { GameText } from '../game-text.ts';
import { renderSixtyNine } from './replay.ts';
import { action, history, situation } from './seat.ts';

export const sixtyNineText: GameText = {
  id: sixtyNine.id,
  replay: renderSixtyNine,
  situation: (view) => situation(view as SixtyNineSeatView),
  history: (view) => history(view as SixtyNineSeatView),
  action,
};

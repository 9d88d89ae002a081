/** A path that is no page of the app. */
import { defaultGame } from '@xix/engine';
import { el, fill, heading, link } from '../dom.ts';

export function mountNotFoundPage(root: HTMLElement): () => void {
  fill(root, heading(1, 'Page not found'), el('p', {}, 'There is no page at ', el('code', {}, location.pathname), '. Try the ', link(`/leaderboard/${defaultGame().id}`, 'leaderboard'), '.'));
  return () => undefined;
}

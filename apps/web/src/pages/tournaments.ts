import { fill, heading } from '../dom.ts';

export function mountTournamentsPage(root: HTMLElement): () => void {
  fill(root, heading(1, 'tournaments'));
  return () => undefined;
}

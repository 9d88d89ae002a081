import { fill, heading } from '../dom.ts';

export function mountTournamentPage(root: HTMLElement, id: string): () => void {
  fill(root, heading(1, 'tournament'));
  return () => undefined;
}

import { fill, heading } from '../dom.ts';

export function mountLivePage(root: HTMLElement): () => void {
  fill(root, heading(1, 'live'));
  return () => undefined;
}

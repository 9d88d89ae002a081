import { fill, heading } from '../dom.ts';

export function mountBotPage(root: HTMLElement, id: string): () => void {
  fill(root, heading(1, 'bot'));
  return () => undefined;
}

import { fill, heading } from '../dom.ts';

export function mountSignInPage(root: HTMLElement): () => void {
  fill(root, heading(1, 'sign-in'));
  return () => undefined;
}

import { fill, heading } from '../dom.ts';

export function mountUploadPage(root: HTMLElement): () => void {
  fill(root, heading(1, 'upload'));
  return () => undefined;
}

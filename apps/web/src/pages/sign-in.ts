/** Sign in (token) or register; then who is signed in, and a way out. */
import { el, fill, heading, link } from '../dom.ts';
import { signedInName, signOut } from '../session.ts';
import { signInForms } from '../sign-in-forms.ts';

export function mountSignInPage(root: HTMLElement): () => void {
  let alive = true;
  const signedIn = (name: string): HTMLElement => el('p', { class: 'lead' }, `You are signed in as ${name}. `, link('/upload', 'Upload a bot'), ' or ',
    el('button', { type: 'button', class: 'link-button', onclick: () => { signOut(); show(null); } }, 'sign out'), '.');
  const body = el('div');
  const show = (name: string | null): void => {
    if (!alive) return;
    // after registering, the new token stays on screen: only the lead line changes
    if (name === null) fill(body, signInForms((newName) => body.prepend(signedIn(newName))));
    else fill(body, signedIn(name));
  };
  fill(root, heading(1, 'Sign in'), body);
  void signedInName().catch(() => null).then(show);
  return () => {
    alive = false;
  };
}

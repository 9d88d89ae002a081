/** Signing in: paste an API token, or register a name and get one (POST /api/users, shown once). */
import { api } from './api.ts';
import { el, fill, notice } from './dom.ts';
import { NAME_INPUT_PATTERN, NAME_RULE, failureText } from './forms.ts';
import { signIn } from './session.ts';

const USER_NAME_RULE = `A user name is ${NAME_RULE}.`;

function field(id: string, label: string, input: HTMLInputElement, hint?: string): HTMLElement {
  input.id = id;
  if (hint !== undefined) input.setAttribute('aria-describedby', `${id}-hint`);
  return el('div', { class: 'field' }, el('label', { for: id }, label), input, hint === undefined ? null : el('p', { class: 'hint', id: `${id}-hint` }, hint));
}

/** Both forms; `onSignedIn` runs once a token is accepted. */
export function signInForms(onSignedIn: (name: string) => void): HTMLElement {
  const tokenInput = el('input', { type: 'password', name: 'token', autocomplete: 'current-password', required: true, spellcheck: 'false' });
  const tokenStatus = el('div', { 'aria-live': 'polite' });
  const tokenForm = el('form', { class: 'form-card', 'aria-labelledby': 'token-heading' },
    el('h2', { id: 'token-heading' }, 'I have a token'),
    field('token', 'API token', tokenInput, 'The token you got when you registered (the CLI keeps it too).'),
    el('button', { type: 'submit' }, 'Sign in'),
    tokenStatus,
  );
  tokenForm.addEventListener('submit', (event) => {
    event.preventDefault();
    void (async () => {
      fill(tokenStatus, notice('Checking…'));
      const name = await signIn(tokenInput.value.trim()).catch(() => null);
      if (name === null) fill(tokenStatus, notice('That token is not known here.', 'error'));
      else onSignedIn(name);
    })();
  });

  const nameInput = el('input', { type: 'text', name: 'name', autocomplete: 'username', required: true, pattern: NAME_INPUT_PATTERN, spellcheck: 'false', autocapitalize: 'none' });
  const registerStatus = el('div', { 'aria-live': 'polite' });
  const registerForm = el('form', { class: 'form-card', 'aria-labelledby': 'register-heading' },
    el('h2', { id: 'register-heading' }, 'New here? Register'),
    field('register-name', 'User name', nameInput, USER_NAME_RULE),
    el('button', { type: 'submit' }, 'Register'),
    registerStatus,
  );
  registerForm.addEventListener('submit', (event) => {
    event.preventDefault();
    void (async () => {
      fill(registerStatus, notice('Registering…'));
      try {
        const created = await api.register(nameInput.value.trim());
        await signIn(created.token);
        fill(registerStatus,
          el('div', { class: 'notice info', role: 'status' },
            el('p', {}, `Welcome, ${created.name}. Your API token (shown only this once; keep it somewhere safe, e.g. for the CLI):`),
            el('code', { class: 'token', 'data-testid': 'new-token' }, created.token)),
        );
        onSignedIn(created.name);
      } catch (error) {
        fill(registerStatus, notice(failureText(error, { name: USER_NAME_RULE }), 'error'));
      }
    })();
  });
  return el('div', { class: 'forms' }, tokenForm, registerForm);
}

/**
 * Upload a bot (POST /api/bots): a name, the game, and the source — the game's new-bot template to
 * start from, pasted, or files chosen — then its compile errors (file:line:column), or its validation followed until the version is
 * active or rejected (the version polled every second).
 */
import type { Diagnostic, UploadResult, Version } from '@xix/server/api-types';
import { ApiError, api } from '../api.ts';
import { el, fill, heading, link, notice } from '../dom.ts';
import { gameName } from '../games/registry.ts';
import { signedInName } from '../session.ts';
import { signInForms } from '../sign-in-forms.ts';
import { NAME_INPUT_PATTERN, NAME_RULE, failureText } from '../forms.ts';

/** What a bot's files may be called (the server's rule for file paths): the upload's own check first. */
const SOURCE_FILE = /\.(?:ts|js|mts|mjs)$/;
/** Each field's rule, said when the server refuses the field. */
const RULES = {
  name: `A bot's name is ${NAME_RULE}.`,
  files: 'A bot is a .ts or .js file (or several: .ts, .js, .mts or .mjs), named with letters, digits, _, - and . only.',
  entry: 'The entry file is one of the files, named with letters, digits, _, - and ., ending in .ts, .js, .mts or .mjs.',
  game: 'Choose one of the games offered.',
};
const POLL_MS = 1000;
/** A version's states that do not change any more: any other is followed (validating, or whatever the server says it is doing). */
const FINAL_STATES: ReadonlySet<string> = new Set(['active', 'rejected']);

/** The compile errors of a refused upload (the API's diagnostics). */
export function compileErrors(error: ApiError): HTMLElement {
  const diagnostics = (error.body as { diagnostics?: Diagnostic[] } | null)?.diagnostics ?? [];
  return el('div', { class: 'notice error', role: 'alert', 'data-testid': 'compile-errors' },
    el('p', {}, el('strong', {}, 'It does not compile.'), ' Nothing was stored; fix these and upload again:'),
    diagnostics.length === 0
      ? el('pre', { class: 'message' }, error.message)
      : el('ul', { class: 'diagnostics' }, ...diagnostics.map((d) => el('li', {}, el('code', {}, `${d.file}:${d.line}:${d.column}`), ` ${d.text}`))),
  );
}

function verdictView(bot: string, version: Version): HTMLElement {
  if (version.state === 'active') {
    return el('div', { class: 'notice success', role: 'status', 'data-testid': 'upload-state', 'data-state': 'active' },
      el('p', {}, el('strong', {}, `Version ${version.version} is active.`), ' It passed validation and now plays. See ', link(`/bots/${bot}`, 'its page'), '.'));
  }
  return el('div', { class: 'notice error', role: 'alert', 'data-testid': 'upload-state', 'data-state': 'rejected' },
    el('p', {}, el('strong', {}, `Version ${version.version} was rejected`), version.verdict === null ? '.' : ` (${version.verdict}).`),
    version.message === null ? null : el('pre', { class: 'message' }, version.message),
    version.failingMatch === null ? null : el('p', {}, 'Watch ', link(`/matches/${version.failingMatch}`, `the failing match ${version.failingMatch}`), '.'),
  );
}

/** Says where the version stands: any state but the two final ones is shown as it is, and followed. */
function inProgress(bot: string, botName: string, version: number, state: string, compileMs: number | null): HTMLElement {
  return el('div', { class: 'notice info', role: 'status', 'data-testid': 'upload-state', 'data-state': state },
    el('p', {}, el('strong', {}, `${compileMs === null ? '' : `Compiled in ${compileMs} ms: `}version ${version} of `), link(`/bots/${bot}`, botName), el('strong', {}, ` is ${state}…`)),
    el('p', { class: 'muted small' }, 'Before it plays others, it is checked and plays a few games against itself and a house bot; this page follows it.'));
}

/**
 * Shows an accepted upload's version and follows it (polled every second) until it is active or
 * rejected: the upload page's and the editor's.
 */
export async function followUpload(uploaded: UploadResult, botName: string, onResult: (node: HTMLElement) => void, isAlive: () => boolean): Promise<void> {
  const { bot, version } = uploaded;
  let state: string = uploaded.state;
  onResult(inProgress(bot, botName, version, state, uploaded.compileMs));
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    if (!isAlive()) return;
    const current = (await api.bot(bot)).versions.find((v) => v.version === version);
    if (current === undefined) continue;
    if (FINAL_STATES.has(current.state)) {
      onResult(verdictView(bot, current));
      return;
    }
    if (current.state !== state) onResult(inProgress(bot, botName, version, state = current.state, null));
  }
}

function uploadForm(onResult: (node: HTMLElement) => void, isAlive: () => boolean): HTMLFormElement {
  const name = el('input', { id: 'bot-name', name: 'name', type: 'text', required: true, pattern: NAME_INPUT_PATTERN, spellcheck: 'false', autocapitalize: 'none', 'aria-describedby': 'bot-name-hint' });
  const game = el('select', { id: 'bot-game', name: 'game', required: true });
  const source = el('textarea', { id: 'bot-source', name: 'source', rows: '14', wrap: 'off', spellcheck: 'false', 'aria-describedby': 'bot-source-hint' });
  const sourceHint = el('p', { class: 'hint', id: 'bot-source-hint' });
  const files = el('input', { id: 'bot-files', name: 'files', type: 'file', multiple: true, accept: '.ts,.js,.mts,.mjs', 'aria-describedby': 'bot-files-hint' });
  const entry = el('input', { id: 'bot-entry', name: 'entry', type: 'text', placeholder: 'bot.ts', spellcheck: 'false', 'aria-describedby': 'bot-entry-hint' });
  // Enabled once the games are listed: an upload sent before would name no game.
  const submit = el('button', { type: 'submit', disabled: true }, 'Upload');

  // The source starts as the chosen game's template, and follows the game until the user edits it.
  let edited = false;
  const sourceHintText = 'TypeScript or JavaScript that default-exports the bot; it may import only @xix/sdk.';
  source.addEventListener('input', () => {
    edited = true;
  });
  const showTemplate = async (id: string): Promise<void> => {
    fill(sourceHint, `The ${gameName(id)} template, to start from. ${sourceHintText}`);
    try {
      const template = await api.gameTemplate(id);
      if (!isAlive() || edited || game.value !== id) return;
      source.value = template.source;
    } catch (error) {
      if (isAlive() && game.value === id) fill(sourceHint, `No ${gameName(id)} template could be loaded (${(error as Error).message}). ${sourceHintText}`);
    }
  };
  game.addEventListener('change', () => {
    if (!edited) void showTemplate(game.value);
  });
  fill(sourceHint, sourceHintText);
  void api.games().then((games) => {
    if (!isAlive()) return;
    fill(game, ...games.map((g) => el('option', { value: g.id }, gameName(g.id))));
    submit.disabled = false;
    // the default game is the registry's first
    if (games[0] !== undefined && !edited) void showTemplate(games[0].id);
  }, (error: unknown) => onResult(notice(`Cannot load the games: ${(error as Error).message}`, 'error')));

  const form = el('form', { class: 'form-card upload-form', 'aria-labelledby': 'upload-heading' },
    el('h2', { id: 'upload-heading' }, 'Your bot'),
    el('div', { class: 'field' }, el('label', { for: 'bot-name' }, 'Bot name'), name, el('p', { class: 'hint', id: 'bot-name-hint' }, `${RULES.name} A name you already use makes a new version of that bot.`)),
    el('div', { class: 'field' }, el('label', { for: 'bot-game' }, 'Game'), game),
    el('div', { class: 'field' }, el('label', { for: 'bot-source' }, 'Source (bot.ts)'), source, sourceHint),
    el('div', { class: 'field' }, el('label', { for: 'bot-files' }, 'Or choose files'), files, el('p', { class: 'hint', id: 'bot-files-hint' }, 'Chosen files replace the source above.')),
    el('div', { class: 'field' }, el('label', { for: 'bot-entry' }, 'Entry file (optional)'), entry, el('p', { class: 'hint', id: 'bot-entry-hint' }, 'Default: bot.ts, or the only file.')),
    submit,
  );

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void (async () => {
      submit.disabled = true;
      onResult(notice('Uploading and compiling…'));
      try {
        const chosen = [...(files.files ?? [])];
        const foreign = chosen.filter((file) => !SOURCE_FILE.test(file.name));
        if (foreign.length > 0) {
          onResult(notice(`A bot is a .ts or .js file: ${foreign.map((file) => file.name).join(', ')} ${foreign.length === 1 ? 'is' : 'are'} not. Nothing was uploaded.`, 'error'));
          return;
        }
        const contents: Record<string, string> = chosen.length === 0
          ? { 'bot.ts': source.value }
          : Object.fromEntries(await Promise.all(chosen.map(async (file) => [file.name, await file.text()] as const)));
        const entryName = entry.value.trim();
        const uploaded = await api.upload({ game: game.value, name: name.value.trim(), files: contents, ...(entryName !== '' && { entry: entryName }) });
        const botName = name.value.trim();
        await followUpload(uploaded, botName, onResult, isAlive);
      } catch (error) {
        if (!isAlive()) return;
        if (error instanceof ApiError && error.code === 'compile_error') onResult(compileErrors(error));
        else onResult(notice(failureText(error, RULES), 'error'));
      } finally {
        submit.disabled = game.value === '';
      }
    })();
  });
  return form;
}

export function mountUploadPage(root: HTMLElement): () => void {
  let alive = true;
  const result = el('div', { class: 'upload-result', 'aria-live': 'polite' });
  const body = el('div');
  fill(root, heading(1, 'Upload a bot'), body);
  const showForm = (user: string): void => {
    if (!alive) return;
    fill(body, el('p', { class: 'lead' }, `Signed in as ${user}. Upload a new bot or a new version; it is compiled at once, then validated in a few games before it plays rated games.`),
      uploadForm((node) => fill(result, node), () => alive), result);
  };
  void signedInName().catch(() => null).then((user) => {
    if (!alive) return;
    if (user !== null) showForm(user);
    else fill(body, el('p', { class: 'lead' }, 'Sign in to upload a bot.'), signInForms(showForm));
  });
  return () => {
    alive = false;
  };
}

/**
 * The bot editor (/editor, `?game=ID` to start on a game): write a bot in the page with the SDK's
 * types (code-editor.ts, its TypeScript in a worker), play it against the game's house bots in a
 * worker (runner.ts: N games mirrored as `xix play` plays them, a progress bar, the summary), open
 * any of those games in the match viewer with what the bot printed, keep drafts in this browser
 * (drafts.ts), and upload it in one click when signed in (the upload API, followed as the upload
 * page follows it). docs/editor.md.
 */
import '../editor/editor.css';
import { GAMES, storedLog, type Replay } from '@xix/engine';
import { createSeriesTally, type SeriesGame, type SeriesTally } from '@xix/referee';
import { ApiError, api } from '../api.ts';
import { el, fill, link, notice } from '../dom.ts';
import { assetUrl } from '../editor/assets.ts';
import type { CodeEditor } from '../editor/code-editor.ts';
import { deleteDraft, freshDraftName, loadDrafts, newDraftId, saveDraft, type Draft } from '../editor/drafts.ts';
import { gameOf, pageTable, seriesBots } from '../editor/page-series.ts';
import { houseBotNames, runSeries, type Running } from '../editor/runner.ts';
import type { TsDiagnostic } from '../editor/ts-protocol.ts';
import { maxSourceBytes } from 'xix:upload-limits';
import { NAME_INPUT_PATTERN, NAME_RULE, failureText } from '../forms.ts';
import { gameName, rendererOf } from '../games/registry.ts';
import { signedInName } from '../session.ts';
import { replayFrames, replayPerspectives } from '../viewer/frames.ts';
import { botLogs } from '../viewer/logs.ts';
import { createPlayer, type Player } from '../viewer/player.ts';
import { compileErrors, followUpload } from './upload.ts';

const DEFAULT_GAMES = 20;
const MAX_GAMES = 2000;
const percent = (x: number): string => `${(100 * x).toFixed(1)}%`;

type Problems = readonly (TsDiagnostic & { readonly line: number })[];

export function mountEditorPage(root: HTMLElement): () => void {
  let alive = true;
  let editor: CodeEditor | null = null;
  let running: Running | null = null;
  let viewer: Player | null = null;
  let problems: Problems | null = null;
  const games = [...GAMES.keys()];
  const asked = new URLSearchParams(location.search).get('game');
  let game = asked !== null && GAMES.has(asked) ? asked : games[0]!;
  let draft: Draft | null = null;

  const gameSelect = el('select', { id: 'editor-game' }, ...games.map((id) => el('option', { value: id }, gameName(id))));
  const draftSelect = el('select', { id: 'editor-draft' });
  const nameInput = el('input', { id: 'editor-name', type: 'text', required: true, pattern: NAME_INPUT_PATTERN, spellcheck: 'false', autocapitalize: 'none', 'aria-describedby': 'editor-name-hint' });
  const nameHint = el('p', { class: 'hint', id: 'editor-name-hint' }, `The bot's name: ${NAME_RULE}.`);
  const codeBox = el('div', { class: 'editor-code', 'data-testid': 'editor-code' }, notice('Loading the editor…'));
  const problemList = el('div', { class: 'editor-problems', 'data-testid': 'problems', 'aria-live': 'polite' }, notice('Checking…'));
  const houseSelect = el('select', { id: 'editor-house' });
  const gamesInput = el('input', { id: 'editor-games', type: 'number', min: '2', max: String(MAX_GAMES), step: '2', value: String(DEFAULT_GAMES), inputmode: 'numeric' });
  const seedInput = el('input', { id: 'editor-seed', type: 'number', min: '0', value: '1', inputmode: 'numeric' });
  const playButton = el('button', { type: 'button', 'data-testid': 'play' }, 'Play');
  const stopButton = el('button', { type: 'button', class: 'secondary', disabled: true }, 'Stop');
  const progress = el('progress', { max: '1', value: '0', 'aria-label': 'Series progress', 'data-testid': 'progress' });
  const progressText = el('span', { class: 'muted small' });
  const summary = el('div', { class: 'editor-summary', 'data-testid': 'summary', 'aria-live': 'polite' });
  const gameList = el('ol', { class: 'editor-games', 'data-testid': 'games' });
  const viewerBox = el('section', { class: 'editor-viewer', 'aria-label': 'Match viewer', 'data-testid': 'viewer' });
  const uploadButton = el('button', { type: 'button', 'data-testid': 'upload' }, 'Upload');
  const uploadHint = el('p', { class: 'hint', 'data-testid': 'upload-check' });
  const uploadResult = el('div', { class: 'upload-result', 'aria-live': 'polite' });

  fill(root,
    el('h1', {}, 'Bot editor'),
    el('p', { class: 'lead' }, 'Write a bot, play it here against the house bots, watch its games, and upload it. Your drafts stay in this browser.'),
    el('div', { class: 'editor-bar' },
      el('div', { class: 'field' }, el('label', { for: 'editor-game' }, 'Game'), gameSelect),
      el('div', { class: 'field' }, el('label', { for: 'editor-draft' }, 'Draft'), draftSelect),
      el('div', { class: 'field' }, el('label', { for: 'editor-name' }, 'Bot name'), nameInput),
      el('div', { class: 'editor-draft-actions' },
        el('button', { type: 'button', class: 'secondary', onclick: () => void newDraft() }, 'New draft'),
        el('button', { type: 'button', class: 'secondary', onclick: () => removeDraft() }, 'Delete draft')),
    ),
    nameHint,
    el('div', { class: 'editor-layout' },
      el('div', { class: 'editor-main' }, codeBox, el('p', { class: 'hint' }, 'Ctrl-Space completes; hover a name for its docs. Tab indents: press Esc, then Tab, to leave the editor.')),
      el('aside', { class: 'editor-side' },
        el('section', { 'aria-labelledby': 'problems-heading' }, el('h2', { id: 'problems-heading' }, 'Problems'), problemList),
        el('section', { 'aria-labelledby': 'play-heading' },
          el('h2', { id: 'play-heading' }, 'Play'),
          el('div', { class: 'editor-play-fields' },
            el('div', { class: 'field' }, el('label', { for: 'editor-house' }, 'Against'), houseSelect),
            el('div', { class: 'field' }, el('label', { for: 'editor-games' }, 'Games'), gamesInput),
            el('div', { class: 'field' }, el('label', { for: 'editor-seed' }, 'Seed'), seedInput)),
          el('div', { class: 'editor-play-actions' }, playButton, stopButton),
          el('div', { class: 'editor-progress' }, progress, progressText),
          summary, gameList),
        el('section', { 'aria-labelledby': 'upload-heading' }, el('h2', { id: 'upload-heading' }, 'Upload'), uploadHint, uploadButton, uploadResult),
      ),
    ),
    viewerBox,
  );

  // --- drafts -------------------------------------------------------------------------------
  const draftsOfGame = (): Draft[] => loadDrafts().filter((d) => d.game === game);
  const showDrafts = (): void => {
    fill(draftSelect, ...draftsOfGame().map((d) => el('option', { value: d.id, selected: d.id === draft?.id }, d.name)));
  };
  const keep = (changes: Partial<Pick<Draft, 'name' | 'text'>>): void => {
    if (draft === null) return;
    draft = { ...draft, ...changes, updatedAt: Date.now() };
    saveDraft(draft);
  };
  const open = (next: Draft): void => {
    draft = next;
    nameInput.value = next.name;
    editor?.setText(next.text);
    showDrafts();
    checkUpload();
  };
  async function newDraft(): Promise<void> {
    const forGame = game;
    const template = await api.gameTemplate(forGame).then((t) => t.source, (error: unknown) => `// No template could be loaded (${(error as Error).message}).\n`);
    if (!alive || forGame !== game) return;
    const made: Draft = { id: newDraftId(), game, name: freshDraftName(game), text: template, updatedAt: Date.now() };
    saveDraft(made);
    open(made);
  }
  function removeDraft(): void {
    if (draft === null) return;
    deleteDraft(draft.id);
    const rest = draftsOfGame();
    if (rest[0] !== undefined) open(rest[0]);
    else void newDraft();
  }
  const openGame = (): void => {
    const newest = draftsOfGame()[0];
    if (newest !== undefined) open(newest);
    else void newDraft();
  };
  gameSelect.value = game;
  gameSelect.addEventListener('change', () => {
    game = gameSelect.value;
    history.replaceState(null, '', `/editor?game=${encodeURIComponent(game)}`);
    showHouseBots();
    openGame();
  });
  draftSelect.addEventListener('change', () => {
    const chosen = loadDrafts().find((d) => d.id === draftSelect.value);
    if (chosen !== undefined) open(chosen);
  });
  nameInput.addEventListener('input', () => {
    keep({ name: nameInput.value.trim() });
    showDrafts();
    checkUpload();
  });

  // --- problems -----------------------------------------------------------------------------
  const showProblems = (found: Problems): void => {
    problems = found;
    if (found.length === 0) fill(problemList, el('p', { class: 'notice success', role: 'status', 'data-testid': 'no-problems' }, 'No problems: the types check.'));
    else fill(problemList, el('ul', { class: 'diagnostics' }, ...found.map((d) => el('li', { 'data-line': String(d.line), 'data-severity': d.severity }, el('code', {}, `line ${d.line}`), ` ${d.message}`))));
    checkUpload();
  };

  // --- play ---------------------------------------------------------------------------------
  let houseBots: Readonly<Record<string, readonly string[]>> = {};
  const showHouseBots = (): void => {
    const names = houseBots[game] ?? [];
    fill(houseSelect, ...names.map((name) => el('option', { value: name }, name)));
  };
  let played: SeriesGame[] = [];
  let tally: SeriesTally | null = null;
  let names: readonly string[] = [];

  const showSummary = (planned: number, end: string | null): void => {
    if (tally === null) return;
    const s = tally.summary();
    progress.value = s.games / planned;
    fill(progressText, `${s.games} of ${planned} games`);
    const forfeits = played.filter((g) => g.record.replay.forfeit !== null);
    fill(summary,
      el('table', { class: 'editor-tally' },
        el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Bot'), el('th', { scope: 'col' }, 'Wins'), el('th', { scope: 'col' }, 'Points'), el('th', { scope: 'col' }, 'Forfeits'))),
        el('tbody', {}, ...names.map((name, bot) => el('tr', {}, el('th', { scope: 'row' }, name), el('td', {}, String(Math.round(s.wins[bot]! * 100) / 100)), el('td', {}, String(s.points[bot])), el('td', {}, String(s.forfeits[bot]))))),
      ),
      el('p', { 'data-testid': 'win-rate' }, s.games === 0 ? 'No game played yet.' : `${names[0]} win rate: ${percent(s.winRate)} (95% CI ${percent(s.interval.low)}–${percent(s.interval.high)})`),
      forfeits.length === 0 ? null : el('ul', { class: 'editor-forfeits', 'data-testid': 'forfeits' }, ...forfeits.slice(0, 5).map((g) => {
        const f = g.record.replay.forfeit!;
        return el('li', {}, `game ${g.index + 1}: ${g.record.replay.seats[f.seat]?.name} forfeited (${f.verdict}): ${f.message}`);
      }), forfeits.length > 5 ? el('li', {}, `… and ${forfeits.length - 5} more`) : null),
      end === null ? null : el('p', { class: 'muted small' }, end),
    );
  };

  const resultText = (replay: Replay): string => {
    if (replay.forfeit !== null) return `${replay.seats[replay.forfeit.seat]?.name} forfeited (${replay.forfeit.verdict})`;
    const ranks = replay.result.ranks;
    const first = ranks === undefined ? replay.result.winner : ranks.indexOf(1);
    return first === null || first === undefined || first < 0 ? 'a draw' : `${replay.seats[first]?.name} won`;
  };

  const openViewer = (played: SeriesGame): void => {
    try {
      const { replay, frames } = replayFrames(played.record.replay);
      const seats = replay.seats.map((seat) => ({ name: seat.name, bot: null }));
      const bySeat = new Map<number, { move: number; text: string }[]>();
      for (const log of played.record.logs) bySeat.set(log.seat, [...(bySeat.get(log.seat) ?? []), { move: log.move, text: log.text }]);
      const logs = botLogs([...bySeat].map(([seat, entries]) => ({ seat, text: storedLog(entries) })), replay);
      viewer?.destroy();
      viewer = createPlayer(replay.game.id, rendererOf(replay.game.id));
      fill(viewerBox, el('h2', { id: 'viewer-heading', tabindex: '-1' }, `Game ${played.index + 1}: ${seats.map((s) => s.name).join(' vs ')} · ${resultText(replay)}`), viewer.element);
      viewer.load({ seats, frames, perspectives: replayPerspectives(seats.map((s) => s.name)), outcome: { ...replay.result, forfeit: replay.forfeit }, logs, live: false });
      viewerBox.querySelector<HTMLElement>('#viewer-heading')?.focus();
    } catch (error) {
      fill(viewerBox, notice(`Cannot show game ${played.index + 1}: ${(error as Error).message}`, 'error'));
    }
  };

  const play = async (): Promise<void> => {
    if (editor === null || running !== null) return;
    const count = Number(gamesInput.value);
    const seed = Number(seedInput.value);
    const entrants = pageTable(gameOf(game)).seating.length;
    if (!Number.isSafeInteger(count) || count < entrants || count > MAX_GAMES || count % entrants !== 0) {
      fill(summary, notice(`Games: a multiple of ${entrants} from ${entrants} to ${MAX_GAMES} (each deal is played once per seat rotation).`, 'error'));
      return;
    }
    if (!Number.isSafeInteger(seed) || seed < 0 || seed > 2 ** 48) {
      fill(summary, notice('Seed: a whole number from 0 to 2^48.', 'error'));
      return;
    }
    const compiled = await editor.compile();
    if (!compiled.ok) {
      fill(summary, notice(`It does not compile: ${compiled.message}`, 'error'));
      return;
    }
    const house = houseSelect.value;
    const author = { name: nameInput.value.trim() || 'my-bot', code: compiled.code };
    played = [];
    tally = createSeriesTally(pageTable(gameOf(game)).seating);
    fill(gameList);
    playButton.disabled = true;
    stopButton.disabled = false;
    names = seriesBots(author, { name: house, code: '' }, entrants).map((bot) => bot.name);
    showSummary(count, null);
    running = runSeries({
      game, author, house, games: count, seed,
      onGame: (g) => {
        played.push(g);
        tally!.add(g);
        gameList.append(el('li', {}, el('button', { type: 'button', class: 'link-button', 'data-game': String(g.index), onclick: () => openViewer(g) }, `Game ${g.index + 1}`), ` ${resultText(g.record.replay)}`));
        showSummary(count, null);
      },
    }, assetUrl('play-worker'));
    const end = await running.done;
    running = null;
    if (!alive) return;
    playButton.disabled = false;
    stopButton.disabled = true;
    showSummary(count, end.ok ? (end.stopped ? 'Stopped.' : `Done: seed ${seed}, as \`xix play bot.ts ${house} --game ${game} --games ${count} --seed ${seed}\` plays it.`) : null);
    if (!end.ok) summary.append(notice(`The series stopped: ${end.message}`, 'error'));
  };
  playButton.addEventListener('click', () => void play());
  stopButton.addEventListener('click', () => running?.stop());

  // --- upload -------------------------------------------------------------------------------
  let user: string | null = null;
  function checkUpload(): void {
    const name = nameInput.value.trim();
    const bytes = new TextEncoder().encode(editor?.text() ?? draft?.text ?? '').length;
    const errors = (problems ?? []).filter((p) => p.severity === 'error').length;
    // the input's own pattern (forms.ts): one rule for the browser's check and this one
    const nameOk = name !== '' && !nameInput.validity.patternMismatch;
    const reason = user === null ? null
      : !nameOk ? `The name must be ${NAME_RULE}.`
      : bytes > maxSourceBytes ? `The source is ${bytes} bytes, over the platform's limit of ${maxSourceBytes} bytes.`
      : problems === null ? 'Checking the types…'
      : errors > 0 ? `Fix the ${errors} type error${errors === 1 ? '' : 's'} first: the platform's check would reject it.`
      : null;
    nameInput.setAttribute('aria-invalid', String(!nameOk));
    if (user === null) {
      fill(uploadHint, link('/sign-in', 'Sign in'), ' to upload this bot.');
      uploadButton.disabled = true;
      return;
    }
    fill(uploadHint, reason ?? `Ready: uploads ${name} for ${gameName(game)} as ${user}.`);
    uploadHint.dataset.ready = String(reason === null);
    uploadButton.disabled = reason !== null;
  }
  uploadButton.addEventListener('click', () => void (async () => {
    if (editor === null) return;
    uploadButton.disabled = true;
    fill(uploadResult, notice('Uploading and compiling…'));
    const name = nameInput.value.trim();
    try {
      const uploaded = await api.upload({ game, name, files: { 'bot.ts': editor.text() } });
      await followUpload(uploaded, name, (node) => fill(uploadResult, node), () => alive);
    } catch (error) {
      if (!alive) return;
      if (error instanceof ApiError && error.code === 'compile_error') fill(uploadResult, compileErrors(error));
      else fill(uploadResult, notice(failureText(error, { name: `A bot's name is ${NAME_RULE}.` }), 'error'));
    } finally {
      checkUpload();
    }
  })());

  // --- start --------------------------------------------------------------------------------
  void signedInName().catch(() => null).then((name) => {
    user = name;
    if (alive) checkUpload();
  });
  void houseBotNames(assetUrl('play-worker')).then((bots) => {
    houseBots = bots;
    if (alive) showHouseBots();
  }, (error: unknown) => fill(summary, notice(`The house bots could not be loaded: ${(error as Error).message}`, 'error')));
  void (import(assetUrl('code-editor')) as Promise<typeof import('../editor/code-editor.ts')>).then(({ createCodeEditor }) => {
    if (!alive) return;
    codeBox.replaceChildren();
    editor = createCodeEditor({
      parent: codeBox, text: '', tsWorkerUrl: assetUrl('ts-worker'), label: 'Bot source (TypeScript)',
      onChange: (text) => {
        problems = null;
        keep({ text });
        checkUpload();
      },
      onDiagnostics: showProblems,
    });
    codeBox.dataset.ready = 'true';
    openGame();
  }, (error: unknown) => fill(codeBox, notice(`The editor could not be loaded: ${(error as Error).message}`, 'error')));

  return () => {
    alive = false;
    running?.stop();
    viewer?.destroy();
    editor?.destroy();
  };
}

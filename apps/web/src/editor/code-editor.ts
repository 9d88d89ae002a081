/**
 * The editor page's code editor, a bundle of its own that only that page loads (assets.ts):
 * CodeMirror 6 with TypeScript's language features from a worker (ts-worker.ts): errors as you
 * type (lint), completion with the SDK's docs, hover docs. CodeMirror rather than Monaco: a
 * fraction of the size (docs/editor.md), and it works with a phone's keyboard.
 */
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap, type Completion, type CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { javascript } from '@codemirror/lang-javascript';
import { bracketMatching, defaultHighlightStyle, foldGutter, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { linter, lintGutter, lintKeymap, type Diagnostic } from '@codemirror/lint';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { EditorState } from '@codemirror/state';
import { EditorView, drawSelection, highlightActiveLine, highlightActiveLineGutter, hoverTooltip, keymap, lineNumbers } from '@codemirror/view';
import type { FromTsWorker, TsAnswers, TsDiagnostic, TsInfo, TsRequest } from './ts-protocol.ts';

export interface CodeEditorOptions {
  readonly parent: HTMLElement;
  readonly text: string;
  /** The TypeScript worker's script (assets.ts). */
  readonly tsWorkerUrl: string;
  /** The label screen readers give the editor. */
  readonly label: string;
  readonly onChange: (text: string) => void;
  /** The bot's problems, each time they are checked (after a pause in typing). */
  readonly onDiagnostics: (diagnostics: readonly (TsDiagnostic & { readonly line: number })[]) => void;
}

export interface CodeEditor {
  text(): string;
  setText(text: string): void;
  /** The bot compiled to the module the play worker runs (transpile.ts). */
  compile(): Promise<TsAnswers['compile']>;
  focus(): void;
  destroy(): void;
}

/** The TypeScript worker, request by request. */
function tsClient(url: string): { ask<T extends TsRequest>(request: T): Promise<TsAnswers[T['type']]>; stop(): void } {
  const worker = new Worker(url, { type: 'module', name: 'typescript' });
  const pending = new Map<number, { resolve(answer: unknown): void; reject(error: Error): void }>();
  let next = 0;
  worker.onmessage = ({ data }: MessageEvent<FromTsWorker>) => {
    const waiting = pending.get(data.id);
    pending.delete(data.id);
    if (data.ok) waiting?.resolve(data.answer);
    else waiting?.reject(new Error(data.message));
  };
  return {
    ask: (request) => new Promise((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve: resolve as (answer: unknown) => void, reject });
      worker.postMessage({ id, request });
    }),
    stop: () => worker.terminate(),
  };
}

/** The completion kinds TypeScript names, as CodeMirror's icons know them. */
const KINDS: Record<string, string> = {
  method: 'method', function: 'function', 'local function': 'function', property: 'property', getter: 'property', setter: 'property',
  var: 'variable', let: 'variable', const: 'constant', 'local var': 'variable', parameter: 'variable', class: 'class', interface: 'interface',
  type: 'type', alias: 'type', enum: 'enum', 'enum member': 'enum', keyword: 'keyword', module: 'namespace', string: 'text',
};

function infoNode(info: TsInfo): HTMLElement {
  const box = document.createElement('div');
  box.className = 'ts-info';
  const signature = document.createElement('pre');
  signature.className = 'ts-signature';
  signature.textContent = info.signature;
  box.append(signature);
  if (info.documentation !== '') {
    const docs = document.createElement('p');
    docs.className = 'ts-docs';
    docs.textContent = info.documentation;
    box.append(docs);
  }
  return box;
}

/** The page's colours and type (its CSS variables reach into the shadow root). */
const THEME = EditorView.theme({
  '&': { height: 'var(--code-editor-height, 60vh)', fontSize: '0.9rem', color: 'var(--ink)', backgroundColor: 'var(--surface)' },
  '&.cm-focused': { outline: '3px solid var(--accent)', outlineOffset: '-3px' },
  '.cm-scroller': { fontFamily: 'var(--mono)' },
  '.cm-gutters': { backgroundColor: 'var(--bg)', color: 'var(--muted)', borderRight: '1px solid var(--line)' },
  '.cm-activeLine, .cm-activeLineGutter': { backgroundColor: 'color-mix(in srgb, var(--accent) 8%, transparent)' },
  '.cm-tooltip': { backgroundColor: 'var(--surface)', color: 'var(--ink)', border: '1px solid var(--line)' },
  // lint's own underline is a data: image, which a strict policy's img-src refuses
  '.cm-lintRange': { backgroundImage: 'none', textDecoration: 'underline wavy', textDecorationSkipInk: 'none', textUnderlineOffset: '3px' },
  '.cm-lintRange-error': { textDecorationColor: 'var(--bad)' },
  '.cm-lintRange-warning': { textDecorationColor: 'var(--warn)' },
  '.cm-lintRange-info, .cm-lintRange-hint': { textDecorationColor: 'var(--accent)' },
  '.cm-lint-marker-error, .cm-lint-marker-warning, .cm-lint-marker-info': { content: 'none', borderRadius: '50%', boxSizing: 'border-box', border: '3px solid' },
  '.cm-lint-marker-error': { backgroundColor: 'var(--bad-soft)', borderColor: 'var(--bad)' },
  '.cm-lint-marker-warning': { backgroundColor: 'var(--warn-soft)', borderColor: 'var(--warn)' },
  '.cm-lint-marker-info': { backgroundColor: 'var(--accent-soft)', borderColor: 'var(--accent)' },
  '.ts-info': { maxWidth: '36rem', padding: '0.3rem 0.5rem', fontSize: '0.85rem' },
  '.ts-signature': { margin: '0', whiteSpace: 'pre-wrap', fontFamily: 'var(--mono)' },
  '.ts-docs': { margin: '0.3rem 0 0', whiteSpace: 'pre-wrap' },
});

export function createCodeEditor(options: CodeEditorOptions): CodeEditor {
  const ts = tsClient(options.tsWorkerUrl);
  const text = (view: EditorView): string => view.state.doc.toString();

  const tsLint = linter(async (view) => {
    const source = text(view);
    const found = await ts.ask({ type: 'diagnostics', text: source });
    const length = view.state.doc.length;
    // an answer about an older text does not apply
    if (text(view) !== source) return [];
    options.onDiagnostics(found.map((d) => ({ ...d, line: view.state.doc.lineAt(Math.min(d.from, length)).number })));
    return found.map((d): Diagnostic => ({ from: Math.min(d.from, length), to: Math.min(Math.max(d.to, d.from), length), severity: d.severity, message: d.message }));
  }, { delay: 300 });

  const tsCompletions = async (context: CompletionContext): Promise<CompletionResult | null> => {
    const word = context.matchBefore(/[\w$]*/);
    const afterDot = /\.\s*$/.test(context.state.sliceDoc(Math.max(0, context.pos - 40), word?.from ?? context.pos));
    if (!context.explicit && !afterDot && (word === null || word.from === word.to)) return null;
    const source = context.state.doc.toString();
    const found = await ts.ask({ type: 'completions', text: source, position: context.pos });
    if (found === null || context.aborted) return null;
    const completions = found.entries.map((entry): Completion => ({
      label: entry.name,
      type: KINDS[entry.kind] ?? 'variable',
      boost: -Number.parseInt(entry.sortText, 10) || 0,
      info: async () => {
        const info = await ts.ask({ type: 'completion-info', text: source, position: context.pos, name: entry.name });
        return info === null ? null : infoNode(info);
      },
    }));
    return { from: found.from, options: completions, validFor: /^[\w$]*$/ };
  };

  const tsHover = hoverTooltip(async (view, position) => {
    const info = await ts.ask({ type: 'hover', text: text(view), position });
    if (info === null || info.signature === '') return null;
    return { pos: info.from, end: info.to, above: true, create: () => ({ dom: infoNode(info) }) };
  });

  // In a shadow root, where CodeMirror's styles go in adopted style sheets: in the document it would
  // add <style> elements, which a strict content security policy refuses.
  const host = document.createElement('div');
  host.className = 'code-editor-host';
  options.parent.append(host);
  const shadow = host.attachShadow({ mode: 'open' });
  const view = new EditorView({
    root: shadow,
    parent: shadow,
    state: EditorState.create({
      doc: options.text,
      extensions: [
        lineNumbers(), highlightActiveLineGutter(), foldGutter(), lintGutter(), history(), drawSelection(), indentOnInput(), bracketMatching(), closeBrackets(),
        highlightActiveLine(), highlightSelectionMatches(), syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
        javascript({ typescript: true }), THEME,
        autocompletion({ override: [tsCompletions] }),
        tsLint, tsHover,
        keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...searchKeymap, ...historyKeymap, ...completionKeymap, ...lintKeymap, indentWithTab]),
        EditorView.contentAttributes.of({ 'aria-label': options.label, 'data-testid': 'code' }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) options.onChange(update.state.doc.toString());
        }),
      ],
    }),
  });

  // the scroller is a region a keyboard must reach (axe: scrollable-region-focusable); focusing it types in the editor
  view.scrollDOM.tabIndex = 0;
  return {
    text: () => text(view),
    setText(next) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: next } });
    },
    compile: () => ts.ask({ type: 'compile', text: text(view) }),
    focus: () => view.focus(),
    destroy() {
      view.destroy();
      host.remove();
      ts.stop();
    },
  };
}

/**
 * TypeScript's language service over a bot's one file, checked as the platform checks an upload
 * (apps/sandbox/src/type-check.ts): its compiler options, the sandbox's globals, `@xix/sdk` as
 * the SDK's own sources (and the engine's beneath them), TypeScript's ES libraries. The files come
 * from the build (`xix:ts-files`); in the page it runs in ts-worker.ts, off the main thread.
 * Only the bot's own problems are reported, as the platform does.
 */
import ts from 'typescript';
import type { TsCompletions, TsDiagnostic, TsInfo } from './ts-protocol.ts';

/** Where the bot's file is in the service's file system. */
export const BOT_FILE = '/bot/bot.ts';

export interface TsFiles {
  readonly files: Readonly<Record<string, string>>;
  readonly compilerOptions: Readonly<Record<string, unknown>>;
  readonly globals: string;
}

export interface BotService {
  diagnostics(text: string): TsDiagnostic[];
  completions(text: string, position: number): TsCompletions | null;
  completionInfo(text: string, position: number, name: string): TsInfo | null;
  hover(text: string, position: number): TsInfo | null;
}

const SEVERITY: Record<number, TsDiagnostic['severity']> = {
  [ts.DiagnosticCategory.Error]: 'error',
  [ts.DiagnosticCategory.Warning]: 'warning',
  [ts.DiagnosticCategory.Suggestion]: 'info',
  [ts.DiagnosticCategory.Message]: 'info',
};

export function createBotService({ files, compilerOptions, globals }: TsFiles): BotService {
  let text = '';
  let version = 0;
  const snapshots = new Map<string, ts.IScriptSnapshot>();
  const options: ts.CompilerOptions = {
    ...(compilerOptions as ts.CompilerOptions),
    // `@xix/sdk` is the SDK's sources, and the engine's beneath it, where the build put them
    baseUrl: '/',
    paths: { '@xix/sdk': ['/sdk/src/index.ts'], '@xix/engine': ['/engine/src/index.ts'] },
  };
  const read = (path: string): string | undefined => (path === BOT_FILE ? text : files[path]);
  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => options,
    getScriptFileNames: () => [BOT_FILE, globals],
    getScriptVersion: (path) => (path === BOT_FILE ? String(version) : '0'),
    getScriptSnapshot: (path) => {
      if (path === BOT_FILE) return ts.ScriptSnapshot.fromString(text);
      const source = files[path];
      if (source === undefined) return undefined;
      let snapshot = snapshots.get(path);
      if (snapshot === undefined) snapshots.set(path, (snapshot = ts.ScriptSnapshot.fromString(source)));
      return snapshot;
    },
    getCurrentDirectory: () => '/bot',
    getDefaultLibFileName: (settings) => `/lib/${ts.getDefaultLibFileName(settings)}`,
    fileExists: (path) => read(path) !== undefined,
    readFile: read,
    directoryExists: (path) => Object.keys(files).some((file) => file.startsWith(path.endsWith('/') ? path : `${path}/`)) || path === '/bot',
    getDirectories: () => [],
  };
  const service = ts.createLanguageService(host, ts.createDocumentRegistry());
  const update = (next: string): void => {
    if (next === text) return;
    text = next;
    version++;
  };
  const info = (from: number, to: number, parts: readonly ts.SymbolDisplayPart[] | undefined, docs: readonly ts.SymbolDisplayPart[] | undefined, tags: readonly ts.JSDocTagInfo[] | undefined): TsInfo => ({
    from, to,
    signature: ts.displayPartsToString(parts as ts.SymbolDisplayPart[] | undefined),
    documentation: [ts.displayPartsToString(docs as ts.SymbolDisplayPart[] | undefined), ...(tags ?? []).map((tag) => `@${tag.name} ${ts.displayPartsToString(tag.text)}`)].filter((s) => s.trim() !== '').join('\n'),
  });
  return {
    diagnostics(next) {
      update(next);
      const all = [...service.getSyntacticDiagnostics(BOT_FILE), ...service.getSemanticDiagnostics(BOT_FILE)];
      return all.map((d) => ({
        from: d.start ?? 0,
        to: (d.start ?? 0) + Math.max(d.length ?? 0, 0),
        severity: SEVERITY[d.category] ?? 'error',
        message: `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
      }));
    },
    completions(next, position) {
      update(next);
      const found = service.getCompletionsAtPosition(BOT_FILE, position, { includeCompletionsWithInsertText: true });
      if (found === undefined) return null;
      let from = position;
      while (from > 0 && /[\w$]/.test(text[from - 1]!)) from--;
      return { from, entries: found.entries.map((entry) => ({ name: entry.name, kind: entry.kind, sortText: entry.sortText })) };
    },
    completionInfo(next, position, name) {
      update(next);
      const details = service.getCompletionEntryDetails(BOT_FILE, position, name, undefined, undefined, undefined, undefined);
      return details === undefined ? null : info(position, position, details.displayParts, details.documentation, details.tags);
    },
    hover(next, position) {
      update(next);
      const quick = service.getQuickInfoAtPosition(BOT_FILE, position);
      if (quick === undefined) return null;
      return info(quick.textSpan.start, quick.textSpan.start + quick.textSpan.length, quick.displayParts, quick.documentation, quick.tags);
    },
  };
}

/**
 * A bot's TypeScript as the page runs it: TypeScript's transpileModule, types erased, to a
 * CommonJS module (page-player.ts gives it `require('@xix/sdk')`). No type-check here: that is the
 * language service's (ts-worker.ts), which the page shows as the author types.
 */
import ts from 'typescript';

export function transpileBot(source: string): { ok: true; code: string } | { ok: false; message: string } {
  const output = ts.transpileModule(source, {
    fileName: 'bot.ts',
    reportDiagnostics: true,
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, isolatedModules: true, esModuleInterop: false, sourceMap: false },
  });
  const errors = (output.diagnostics ?? []).filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (errors.length > 0) {
    const first = errors[0]!;
    const at = first.file !== undefined && first.start !== undefined ? first.file.getLineAndCharacterOfPosition(first.start) : null;
    return { ok: false, message: `${at === null ? '' : `line ${at.line + 1}: `}${ts.flattenDiagnosticMessageText(first.messageText, '\n')}` };
  }
  return { ok: true, code: output.outputText };
}

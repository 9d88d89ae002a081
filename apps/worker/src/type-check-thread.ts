/**
 * The worker's type-check thread (type-checker.ts): the TypeScript compiler, loaded once, checks
 * one upload at a time with the platform's check (@xix/sandbox/type-check). The SDK's and
 * TypeScript's own files stay parsed between checks.
 */
import { parentPort } from 'node:worker_threads';
import { summarizeDiagnostics, typeCheckBot, type TypeDiagnostic } from '@xix/sandbox/type-check';

export interface TypeCheckRequest {
  readonly id: number;
  readonly entry: string;
  readonly files: Readonly<Record<string, string>>;
}

export type TypeCheckAnswer =
  | { readonly id: number; readonly ok: true; readonly diagnostics: readonly TypeDiagnostic[]; readonly message: string }
  | { readonly id: number; readonly ok: false; readonly error: string };

parentPort!.on('message', ({ id, entry, files }: TypeCheckRequest) => {
  let answer: TypeCheckAnswer;
  try {
    const { diagnostics } = typeCheckBot(entry, files);
    answer = { id, ok: true, diagnostics, message: summarizeDiagnostics(diagnostics) };
  } catch (error) {
    answer = { id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(answer);
});

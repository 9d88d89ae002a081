/** The messages between the code editor (code-editor.ts) and its TypeScript worker (ts-worker.ts). */

/** A problem in the bot, as offsets into its text. */
export interface TsDiagnostic {
  readonly from: number;
  readonly to: number;
  readonly severity: 'error' | 'warning' | 'info';
  /** `TSnnnn: message`, as `xix check` and the upload's type-check say it. */
  readonly message: string;
}

export interface TsCompletion {
  readonly name: string;
  readonly kind: string;
  readonly sortText: string;
}

export interface TsCompletions {
  /** Where the word being completed starts. */
  readonly from: number;
  readonly entries: readonly TsCompletion[];
}

/** Hover or completion documentation: the signature, then the doc comment. */
export interface TsInfo {
  readonly from: number;
  readonly to: number;
  readonly signature: string;
  readonly documentation: string;
}

export type TsRequest =
  | { readonly type: 'diagnostics'; readonly text: string }
  | { readonly type: 'completions'; readonly text: string; readonly position: number }
  | { readonly type: 'completion-info'; readonly text: string; readonly position: number; readonly name: string }
  | { readonly type: 'hover'; readonly text: string; readonly position: number }
  /** The bot compiled for the play worker (transpile.ts). */
  | { readonly type: 'compile'; readonly text: string };

export interface TsAnswers {
  readonly diagnostics: readonly TsDiagnostic[];
  readonly completions: TsCompletions | null;
  readonly 'completion-info': TsInfo | null;
  readonly hover: TsInfo | null;
  readonly compile: { ok: true; code: string } | { ok: false; message: string };
}

export type ToTsWorker = { readonly id: number; readonly request: TsRequest };
export type FromTsWorker = { readonly id: number; readonly ok: true; readonly answer: unknown } | { readonly id: number; readonly ok: false; readonly message: string };

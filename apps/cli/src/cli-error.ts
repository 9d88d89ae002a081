/**
 * A failure to report to the user as one line and a non-zero exit code, never a stack trace.
 * Modules return tagged unions; commands turn a failed one into a CliError, caught in main.ts.
 */
export class CliError extends Error {
  override name = 'CliError';
  readonly exitCode: number;
  constructor(message: string, exitCode = 1) {
    super(message);
    this.exitCode = exitCode;
  }
}

export function fail(message: string): never {
  throw new CliError(message);
}

/** Unwraps a `{ ok }` union or fails with its message. */
export function orFail<T extends { readonly ok: true }>(outcome: T | { readonly ok: false; readonly message: string }): T {
  if (!outcome.ok) return fail(outcome.message);
  return outcome;
}

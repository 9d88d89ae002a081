/** compileBot's failure message as structured diagnostics: `file:line:column: error: text`. */

import type { Diagnostic } from './api-types.ts';

export type { Diagnostic };

const LOCATED = /^(.+?):(\d+):(\d+): error: ([\s\S]*)$/;

export function parseDiagnostics(message: string, entry: string): Diagnostic[] {
  const located = LOCATED.exec(message);
  if (located === null) return [{ file: entry, line: 0, column: 0, text: message }];
  const [, file, line, column, text] = located;
  return [{ file: file ?? entry, line: Number(line), column: Number(column), text: text ?? '' }];
}

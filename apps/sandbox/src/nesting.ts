/**
 * How deeply a source nests brackets, by one quick linear scan before esbuild sees it. esbuild's
 * parser recurses once per level: 100 000 nested brackets (a 200 KB bot) took seconds to compile,
 * and deeper nesting crashes its service. `(`, `[`, `{` and a template's `${` open a level; text
 * in strings, templates, comments and regular expression literals is skipped. Where JavaScript is
 * ambiguous (is this `/` a division or a regular expression?) the scan guesses from the previous
 * character, as tokenizers do: a wrong guess shifts the count by a level or two, far from the limit.
 */

/** Deeper than this, a bot is refused before compiling; real code stays far below (tens). */
export const MAX_NESTING = 256;

export interface Nesting {
  /** The deepest level reached (or the first one past `limit`). */
  readonly depth: number;
  /** Where it was reached: line from 1, column from 0 (as esbuild counts). */
  readonly line: number;
  readonly column: number;
}

/** After these, a `/` starts a regular expression; after anything else (a name, `)`, `]`) it divides. */
const BEFORE_REGEX = new Set(['', '(', ',', '=', ':', '[', '!', '&', '|', '?', '{', '}', ';', '+', '-', '*', '%', '<', '>', '~', '^']);

/** The deepest nesting of `text`; the scan stops at the first level past `limit`. */
export function deepestNesting(text: string, limit = Number.POSITIVE_INFINITY): Nesting {
  let depth = 0;
  let deepest: Nesting = { depth: 0, line: 1, column: 0 };
  let line = 1;
  let lineStart = 0;
  let previous = '';
  /** The depth each open template's `${` was opened at: a `}` at that depth goes back into the template. */
  const templates: number[] = [];
  let i = 0;

  /** Skips to the end of a template's text: past its closing backquote, or into a `${` (one level). */
  const templateText = (): void => {
    while (i < text.length) {
      const c = text[i]!;
      if (c === '\\') i += 2;
      else if (c === '`') { i += 1; return; }
      else if (c === '$' && text[i + 1] === '{') { i += 2; open(i - 2); templates.push(depth); return; }
      else {
        if (c === '\n') { line += 1; lineStart = i + 1; }
        i += 1;
      }
    }
  };
  const open = (at: number): void => {
    depth += 1;
    if (depth > deepest.depth) deepest = { depth, line, column: at - lineStart };
  };
  /** Skips a string or regular expression literal ending at `close` (or at the line's end). */
  const literal = (close: string): void => {
    let inClass = false;
    i += 1;
    while (i < text.length && text[i] !== '\n') {
      const c = text[i]!;
      if (c === '\\') { i += 2; continue; }
      i += 1;
      if (close === '/' && c === '[') inClass = true;
      else if (close === '/' && c === ']') inClass = false;
      else if (c === close && !inClass) return;
    }
  };

  while (i < text.length && deepest.depth <= limit) {
    const c = text[i]!;
    if (c === '\n') { line += 1; lineStart = i + 1; i += 1; continue; }
    if (c === ' ' || c === '\t' || c === '\r') { i += 1; continue; }
    if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i += 1;
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      for (let j = i; j < stop; j += 1) if (text[j] === '\n') { line += 1; lineStart = j + 1; }
      i = stop;
      continue;
    }
    if (c === '"' || c === "'" || (c === '/' && BEFORE_REGEX.has(previous))) {
      literal(c);
      previous = 'a';
      continue;
    }
    if (c === '`') {
      i += 1;
      templateText();
      previous = 'a';
      continue;
    }
    if (c === '(' || c === '[' || c === '{') open(i);
    else if (c === '}' && templates.length > 0 && templates[templates.length - 1] === depth) {
      templates.pop();
      depth -= 1;
      i += 1;
      templateText();
      previous = 'a';
      continue;
    } else if (c === ')' || c === ']' || c === '}') depth = Math.max(0, depth - 1);
    previous = /[A-Za-z0-9_$]/.test(c) ? 'a' : c;
    i += 1;
  }
  return deepest;
}

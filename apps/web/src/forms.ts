/**
 * What the forms share: the rule of user and bot names (the store's USER_NAME) as an input's
 * `pattern`, and an API failure said for the person who filled the form, never as a schema message.
 */
import { ApiError } from './api.ts';

/**
 * The store's USER_NAME (`^[a-z][a-z0-9_-]{2,31}$`) as an input's `pattern`: the browser anchors it
 * itself and compiles it with the `v` flag, under which a `-` in a class must be escaped (unescaped,
 * Chromium logs the pattern as invalid and ignores it).
 */
export const NAME_INPUT_PATTERN = '[a-z][a-z0-9_\\-]{2,31}';
export const NAME_RULE = '3 to 32 characters: lowercase letters a–z, digits, _ and -, starting with a letter';

/** A message's field path (`body.files["a b.ts"]: …`) and what it says of it. */
const FIELD_PATH = /^(?:body|params|querystring)\.([A-Za-z_]\w*)(?:\.[A-Za-z_]\w*|\[[^\]]*\])*:?\s*/;
/** How the server words a schema's refusal (errors.ts describeSchemaIssue, ajv's messages): not for people. */
const SCHEMA_WORDING = /^(?:must |is required|is not allowed|has a property name)|\(it must /;

/**
 * A failed call in words: when a field's schema refused it, the rule of that field from `rules`
 * (or that the field is not accepted); else the server's sentence without the field path it starts
 * with ("body.name: the name carol is taken" → "The name carol is taken."). A failure to reach the
 * server says so.
 */
export function failureText(error: unknown, rules: Readonly<Record<string, string>>): string {
  if (!(error instanceof ApiError)) return `The server could not be reached (${error instanceof Error ? error.message : String(error)}). Try again.`;
  const path = FIELD_PATH.exec(error.message);
  const field = path?.[1] ?? null;
  const said = path === null ? error.message : error.message.slice(path[0].length);
  if (field !== null && error.status === 400 && SCHEMA_WORDING.test(said)) return rules[field] ?? `The server does not accept that ${field}.`;
  if (said === '') return 'The server refused the request.';
  return `${said.charAt(0).toUpperCase()}${said.slice(1)}${/[.!?]$/.test(said) ? '' : '.'}`;
}

/** The forms' name rule against the store's, and API failures said for people (issue 17 item 9). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { USER_NAME } from '@xix/store';
import { ApiError } from '../src/api.ts';
import { NAME_INPUT_PATTERN, NAME_RULE, failureText } from '../src/forms.ts';

/** The pattern as a browser compiles an input's `pattern`: anchored, with the `v` flag. */
const asBrowser = (pattern: string): RegExp => new RegExp(`^(?:${pattern})$`, 'v');

describe('the name pattern of the forms', () => {
  it('is a valid regular expression under the v flag, as browsers compile it', () => {
    expect(() => asBrowser(NAME_INPUT_PATTERN)).not.toThrow();
  });

  it('takes exactly the names the store takes', () => {
    const browser = asBrowser(NAME_INPUT_PATTERN);
    for (const name of ['abc', 'a-b', 'a_b', 'a9-', 'ab', 'Abc', '9ab', 'a b', 'a'.repeat(32), 'a'.repeat(33), 'ab\\', 'a-\u00e9']) {
      expect(browser.test(name), name).toBe(USER_NAME.test(name));
    }
    fc.assert(fc.property(fc.stringMatching(/^[a-z0-9_\- A-Z\\.]{0,34}$/), (name) => browser.test(name) === USER_NAME.test(name)));
  });
});

describe('failureText', () => {
  const rules = { name: `A bot's name is ${NAME_RULE}.`, files: 'A bot is a .ts or .js file.' };
  const failure = (status: number, message: string): ApiError => new ApiError(status, status === 409 ? 'conflict' : 'bad_request', message, null);

  it('says the rule of a field the schema refused, never the schema message', () => {
    expect(failureText(failure(400, 'body.name must match pattern "^[a-z][a-z0-9_-]{2,31}$"'), rules)).toBe(rules.name);
    expect(failureText(failure(400, 'body.files: the name "bot.py" is not allowed (it must match pattern "^(?!.*(^|/)\\\\.\\\\.?(/|$))…")'), rules)).toBe(rules.files);
    expect(failureText(failure(400, 'body.entry must match pattern "^x$"'), rules)).toBe('The server does not accept that entry.');
    expect(failureText(failure(400, 'body.name is required'), rules)).toBe(rules.name);
  });

  it('says the server’s own sentences without their field path', () => {
    expect(failureText(failure(409, 'body.name: the name carol is taken'), rules)).toBe('The name carol is taken.');
    expect(failureText(failure(400, 'body.entry: no file bot.ts among the files'), rules)).toBe('No file bot.ts among the files.');
    expect(failureText(failure(429, 'Rate limit exceeded, retry in 1 minute'), rules)).toBe('Rate limit exceeded, retry in 1 minute.');
  });

  it('says when the server was not reached', () => {
    expect(failureText(new TypeError('Failed to fetch'), rules)).toBe('The server could not be reached (Failed to fetch). Try again.');
  });
});

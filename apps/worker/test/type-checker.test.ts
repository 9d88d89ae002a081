/**
 * The worker's type-check thread (issue 17 item 1): checks as `xix check` does, one at a time, and
 * a check over its time is stopped (the thread terminated) while the next check gets a new thread.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createTypeChecker, type TypeChecker } from '../src/type-checker.ts';

const GOOD = `import { defineXixBot } from '@xix/sdk';\nexport default defineXixBot({ decide: (view) => view.legalActions[0]! });\n`;
let checkers: TypeChecker[] = [];
const checker = (options: Parameters<typeof createTypeChecker>[0] = {}): TypeChecker => {
  const made = createTypeChecker(options);
  checkers.push(made);
  return made;
};
afterEach(async () => {
  await Promise.all(checkers.map((c) => c.close()));
  checkers = [];
});

describe('the type-check thread', () => {
  it('finds what xix check finds, for checks queued at once', async () => {
    const types = checker();
    const [good, bad] = await Promise.all([
      types.check('bot.ts', { 'bot.ts': GOOD }),
      types.check('bot.ts', { 'bot.ts': GOOD.replace('legalActions[0]!', 'legalActions.at(0)') }),
    ]);
    expect(good).toEqual({ kind: 'checked', diagnostics: [], message: '' });
    expect(bad).toMatchObject({ kind: 'checked', diagnostics: [{ file: 'bot.ts', line: 2, text: expect.stringMatching(/^TS2322: /) }], message: expect.stringMatching(/^1 type error \(as xix check shows them\); the first: bot\.ts:2:\d+ error TS2322/) });
  });

  it('stops a check over its time, and the next check gets a new thread', async () => {
    const types = checker({ timeoutMs: 1 });
    expect(await types.check('bot.ts', { 'bot.ts': GOOD })).toEqual({ kind: 'timeout', ms: 1 });
    expect(await types.check('bot.ts', { 'bot.ts': GOOD })).toEqual({ kind: 'timeout', ms: 1 });
    await types.close();
    expect(await types.check('bot.ts', { 'bot.ts': GOOD })).toEqual({ kind: 'failed', message: 'the type-checker is closed' });
  });
});

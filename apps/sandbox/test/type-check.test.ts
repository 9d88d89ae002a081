/**
 * The platform's type-check of an upload (issue 17 item 1): the bot's own files in memory, with
 * the options of a new bot's tsconfig.json, diagnostics at file:line:column relative to the bot's
 * folder, and nothing read from disk but TypeScript's libraries, the SDK and the engine.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatDiagnostic, typeCheckBot } from '../src/type-check.ts';

const GOOD = `import { defineXixBot } from '@xix/sdk';\nimport { first } from './lib/first.ts';\nexport default defineXixBot({ decide: (view) => first(view.legalActions) });\n`;
const FIRST = `export function first<T>(actions: readonly T[]): T {\n  return actions[0]!;\n}\n`;
const outside = mkdtempSync(path.join(tmpdir(), 'xix-type-check-'));
afterAll(() => rmSync(outside, { recursive: true, force: true }));

describe('typeCheckBot (issue 17 item 1)', () => {
  it('finds no error in a sound bot of several files, and the errors of each file where they are', () => {
    expect(typeCheckBot('bot.ts', { 'bot.ts': GOOD, 'lib/first.ts': FIRST }).diagnostics).toEqual([]);
    const broken = typeCheckBot('bot.ts', { 'bot.ts': GOOD, 'lib/first.ts': FIRST.replace('actions[0]!', 'actions.at(0)') });
    expect(broken.diagnostics).toEqual([{ file: 'lib/first.ts', line: 2, column: 3, text: expect.stringMatching(/^TS2322: Type 'T \| undefined' is not assignable to type 'T'/) }]);
    expect(formatDiagnostic(broken.diagnostics[0]!)).toMatch(/^lib\/first\.ts:2:3 error TS2322: /);
  });

  it('reads nothing outside the bot but the SDK, the engine and TypeScript: an import or reference of another file is not found', () => {
    const secret = path.join(outside, 'secret.d.ts');
    writeFileSync(secret, 'declare const secret: 19;\n');
    const bot = `/// <reference path=${JSON.stringify(secret)} />\nimport type { X } from ${JSON.stringify(secret.replace(/\.d\.ts$/, ''))};\nexport const s: X = secret;\nexport default { decide: () => null };\n`;
    const lines = typeCheckBot('bot.ts', { 'bot.ts': bot }).diagnostics.map(formatDiagnostic);
    expect(lines).toContainEqual(expect.stringMatching(/^bot\.ts:3:21 error TS2304: Cannot find name 'secret'/));
    expect(lines).toContainEqual(expect.stringMatching(/^bot\.ts:2:24 error TS2307: Cannot find module/));
    expect(lines.join('\n')).not.toContain('19');
  });

  it('does not type-check a JavaScript entry', () => {
    expect(typeCheckBot('bot.js', { 'bot.js': 'export default { decide: (v) => v.legalActions[0] };\n' }).diagnostics).toEqual([]);
  });
});

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { xix } from '@xix/engine';
import { checkBot, compileBot } from '../src/index.ts';

const fixture = (name: string): string => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const inMemory = (source: string, maxBytes?: number) => ({ entry: 'bot.ts', files: new Map([['bot.ts', source]]), ...(maxBytes !== undefined && { maxBytes }) });
const rejected = async (source: Parameters<typeof compileBot>[0]): Promise<string> => {
  const result = await compileBot(source);
  if (result.ok) throw new Error('expected the bot to be rejected');
  return result.message;
};

describe('compileBot', () => {
  it('bundles a bot with the SDK and its own files into one script', async () => {
    const result = await compileBot({ entry: fixture('two-files/bot.ts') });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.code).toContain('function firstOf');
    expect(result.code).not.toMatch(/\bimport\b|\brequire\(/);
  });

  it('reports a syntax error with file:line:column', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'xix-sandbox-'));
    try {
      const file = path.join(dir, 'syntax-error.ts');
      await writeFile(file, 'import { defineXixBot } from "@xix/sdk";\n\nexport default defineXixBot({\n  decide(view) {\n    return view.legalActions[0]!\n  }\n  oops: 1,\n});\n');
      const named = path.relative(process.cwd(), file).startsWith('..') ? file : path.relative(process.cwd(), file);
      expect(await rejected({ entry: file })).toBe(`${named}:7:3: error: Expected "}" but found "oops"`);
    } finally {
      await rm(dir, { recursive: true });
    }
  });

  it('reports in-memory sources by their own file name', async () => {
    expect(await rejected(inMemory('export default {\n  decide() { return 1 +; },\n};\n'))).toMatch(/^bot\.ts:2:\d+: error:/);
  });

  it.each([
    ['a Node built-in', 'import { readFileSync } from "node:fs";\nexport default { decide: () => readFileSync };', 'Could not resolve "node:fs" (a bot may import only @xix/sdk)'],
    ['a bare built-in', 'import fs from "fs";\nexport default { decide: () => fs };', 'Could not resolve "fs"'],
    ['an npm package', 'import { build } from "esbuild";\nexport default { decide: () => build };', 'Could not resolve "esbuild"'],
    ['the engine directly', 'import { xix } from "@xix/engine";\nexport default { decide: () => xix };', 'Could not resolve "@xix/engine"'],
    ['a file outside its folder', 'import x from "../secrets.ts";\nexport default { decide: () => x };', 'is outside the bot\'s folder'],
    ['a dynamic import', 'export default { decide: () => import("node:child_process") };', 'Could not resolve "node:child_process"'],
  ])('rejects importing %s, at the import', async (_what, source, text) => {
    const message = await rejected(inMemory(source));
    expect(message).toContain(text);
    expect(message).toMatch(/^bot\.ts:\d+:\d+: error:/);
  });

  it('rejects a source over the size limit', async () => {
    const source = `export default { decide: (v) => v.legalActions[0] };\n// ${'x'.repeat(2000)}\n`;
    expect(await rejected(inMemory(source, 1000))).toContain('over the size limit of 1000 bytes');
    expect((await compileBot(inMemory(source, 4000))).ok).toBe(true);
  });

  it('compiles bots given at the same time each from its own files', async () => {
    const bot = (n: number) => inMemory(`export default { decide: (v) => v.legalActions[${n}], marker: "bot-${n}" };`);
    const results = await Promise.all([bot(1), inMemory('export default {\n  decide() { return 1 +; },\n};\n'), bot(2), bot(3)].map((source) => compileBot(source)));
    expect(results.map((r) => (r.ok ? /bot-\d/.exec(r.code)?.[0] : 'failed'))).toEqual(['bot-1', 'failed', 'bot-2', 'bot-3']);
  });

  it('rejects a missing entry file', async () => {
    expect(await rejected({ entry: fixture('nope.ts') })).toContain('no such file');
  });
});

describe('checkBot (compile, then load in a sandbox)', () => {
  it('accepts a bot', async () => {
    expect((await checkBot(xix, { entry: fixture('two-files/bot.ts') })).ok).toBe(true);
  });

  it.each([
    ['no default export', 'export const bot = { decide: () => null };'],
    ['a default export without decide', 'export default { choose: () => null };'],
    ['a decide that is not a function', 'export default { decide: 42 };'],
  ])('rejects %s: not a bot', async (_what, source) => {
    const result = await checkBot(xix, inMemory(source));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/^bot\.ts is not a bot: its default export needs a decide\(view\) function/);
  });

  it('rejects a bot that throws while loading', async () => {
    const result = await checkBot(xix, inMemory('throw new Error("no luck");\nexport default { decide: () => null };'));
    expect(result).toEqual({ ok: false, message: 'bot.ts failed to load: no luck' });
  });
});

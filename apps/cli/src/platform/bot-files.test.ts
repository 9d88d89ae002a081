/** Which files an upload sends: the entry and what it imports, relatively, from its own folder. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { collectBotFiles } from './bot-files.ts';

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'xix-files-'));
  temps.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, 'bot', name)), { recursive: true });
    writeFileSync(path.join(dir, 'bot', name), text);
  }
  return path.join(dir, 'bot');
}

describe('collectBotFiles', () => {
  it('follows relative imports transitively (with or without extension, index files) and skips @xix/sdk and unrelated files', async () => {
    const dir = folder({
      'main.ts': `import { defineXixBot } from '@xix/sdk';\nimport { score } from './lib/score';\nexport default defineXixBot({ decide: (v) => v.legalActions[score()]! });\n`,
      'lib/score.ts': `export { helper } from '../util/index.ts';\nexport const score = () => 0;\n`,
      'util/index.ts': `export const helper = 1;\n`,
      'unused.ts': `export const x = 1;\n`,
    });
    const collected = await collectBotFiles(path.join(dir, 'main.ts'));
    expect(collected.ok).toBe(true);
    if (!collected.ok) return;
    expect(collected.entry).toBe('main.ts');
    expect(Object.keys(collected.files).sort()).toEqual(['lib/score.ts', 'main.ts', 'util/index.ts']);
    expect(collected.files['util/index.ts']).toBe('export const helper = 1;\n');
    expect(collected.bytes).toBe(Object.values(collected.files).reduce((n, t) => n + Buffer.byteLength(t), 0));
  });

  it('refuses an import from outside the bot folder, a missing import and a missing entry', async () => {
    const outside = folder({ 'main.ts': `import x from '../secret.ts';\n` });
    const refused = await collectBotFiles(path.join(outside, 'main.ts'));
    expect(refused.ok === false && refused.message).toMatch(/imports "\.\.\/secret\.ts", outside the bot's folder/);

    const missing = folder({ 'main.ts': `import { a } from './nowhere';\n` });
    const lost = await collectBotFiles(path.join(missing, 'main.ts'));
    expect(lost.ok === false && lost.message).toMatch(/cannot find "\.\/nowhere"/);

    const none = await collectBotFiles(path.join(missing, 'absent.ts'));
    expect(none.ok === false && none.message).toMatch(/^no such file: /);
  });
});

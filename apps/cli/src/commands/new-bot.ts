/** `xix new-bot NAME`: a new bot file from the SDK's template. */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fail } from '../cli-error.ts';
import { BOT_TEMPLATE } from '../repo.ts';

export function newBot(name: string): void {
  const file = name.endsWith('.ts') ? name : `${name}.ts`;
  const base = path.basename(file, '.ts');
  if (!/^[A-Za-z][\w-]*$/.test(base)) fail(`a bot name starts with a letter and has only letters, digits, _ and -: got "${base}"`);
  let template: string;
  try {
    template = readFileSync(BOT_TEMPLATE, 'utf8');
  } catch {
    return fail(`the bot template is missing (${BOT_TEMPLATE})`);
  }
  try {
    // 'wx': never overwrite someone's bot.
    writeFileSync(file, template, { flag: 'wx' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    fail(code === 'EEXIST' ? `${file} already exists` : `cannot write ${file}: ${(error as Error).message}`);
  }
  console.log(`created ${file}\ntry it: npx xix play ${file} sdk/examples/random.ts --games 100`);
}

/**
 * The comparison point of the benchmark: a bot as a child process speaking newline-delimited
 * JSON on stdin/stdout, the way most bot arenas run bots. Reads the compiled bot from argv[2]'s
 * file, then answers one view per line with one action per line.
 */
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const code = readFileSync(process.argv[2]!, 'utf8');
const bot = (new Function(`${code}\nreturn __xixBot;`)() as { default: { decide(view: unknown): unknown } }).default;
const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  process.stdout.write(`${JSON.stringify(bot.decide(JSON.parse(line)))}\n`);
});

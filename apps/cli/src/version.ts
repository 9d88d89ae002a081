/** The version of the `xix` command: apps/cli/package.json's, read once. */
import { readFileSync } from 'node:fs';

export const CLI_VERSION: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

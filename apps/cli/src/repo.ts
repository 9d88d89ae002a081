/**
 * Where this installation keeps the SDK: found like any package, so the same code works in the
 * repository (a workspace link to sdk/) and in a CLI installed from `npm run pack:cli` (the SDK's
 * sources travel with it as a bundled dependency).
 */
import { createRequire } from 'node:module';
import path from 'node:path';

const resolveFromCli = createRequire(import.meta.url);

/** sdk/src/index.ts: what `@xix/sdk` means to bots, to `tsc` and to the sandbox's compiler. */
export const SDK_ENTRY = resolveFromCli.resolve('@xix/sdk');
export const SDK_DIR = path.dirname(path.dirname(SDK_ENTRY));
/** The engine the SDK is built on (its types are part of the SDK's). */
export const ENGINE_DIR = path.dirname(path.dirname(createRequire(SDK_ENTRY).resolve('@xix/engine')));
export const BOT_TEMPLATE = path.join(SDK_DIR, 'templates', 'bot.ts');
/** What a bot may use besides the SDK (the sandbox's console), for `tsc` outside this repository. */
export const BOT_GLOBALS = path.join(SDK_DIR, 'templates', 'globals.d.ts');

/** The bots that come with the SDK, by name. */
export const BUNDLED_BOTS = ['random', 'heuristic', 'search'] as const;

/** The file of a bundled bot named `name`, or undefined when `name` is not one. */
export function bundledBotFile(name: string): string | undefined {
  return (BUNDLED_BOTS as readonly string[]).includes(name) ? path.join(SDK_DIR, 'examples', `${name}.ts`) : undefined;
}

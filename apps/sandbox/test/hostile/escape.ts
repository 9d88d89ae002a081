// Attack: look for a way out to the host (require, process, dynamic import, Function), report
// what was found in the log, then try to use it.
import { defineXixBot } from '@xix/sdk';

const g = globalThis as Record<string, unknown>;
function probe(): string[] {
  const found: string[] = [];
  for (const name of ['require', 'process', 'module', 'Buffer', 'global', 'ivm', '_ivm', 'setTimeout', 'fetch', 'WebAssembly', 'SharedArrayBuffer', 'Atomics']) {
    if (typeof g[name] !== 'undefined') found.push(name);
  }
  const viaFunction = new Function('return typeof process')() as string;
  if (viaFunction !== 'undefined') found.push('Function→process');
  const viaConstructor = (({}).constructor.constructor('return this')() as Record<string, unknown>).process;
  if (viaConstructor !== undefined) found.push('constructor→process');
  return found;
}

export default defineXixBot({
  decide() {
    console.log(`found: [${probe().join(',')}]`);
    let imported = 'no';
    try {
      void (new Function('return import("node:fs")')() as Promise<unknown>).catch(() => undefined);
    } catch {
      imported = 'threw';
    }
    console.log(`import: ${imported}`);
    const p = (globalThis as { process?: { exit(code: number): never } }).process;
    if (p === undefined) throw new ReferenceError('process is not defined');
    return p.exit(1);
  },
});

/** A fresh world for each test of a file (kept out of world.ts, which benchmarks import without vitest). */
import { afterEach, beforeEach } from 'vitest';
import { openWorld, type World } from './world.ts';

/**
 * Opens a world before each test (then runs `setup` in it) and closes it after. The returned world
 * reads through to the current test's, so a file can hold it in a const.
 */
export function useWorld(setup?: (world: World) => Promise<void>): World {
  let current: World | undefined;
  beforeEach(async () => {
    current = await openWorld();
    await setup?.(current);
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  const now = (): World => {
    if (current === undefined) throw new Error('useWorld: no world outside a test');
    return current;
  };
  return {
    get redis() { return now().redis; },
    get store() { return now().store; },
    get prefix() { return now().prefix; },
    keys: () => now().keys(),
    close: () => now().close(),
  };
}

import { createHash, randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { luaScript } from '../src/lua.ts';
import { openWorld, type World } from './world.ts';

let world: World;
beforeEach(async () => { world = await openWorld(); });
afterEach(async () => { await world.close(); });

describe('luaScript', () => {
  it('runs a script Redis has never seen (NOSCRIPT → EVAL), then by its SHA-1', async () => {
    // a comment no other script has: Redis cannot know this one yet
    const source = `-- ${randomBytes(8).toString('hex')}\nreturn { KEYS[1], ARGV[1] + 1 }`;
    const sha = createHash('sha1').update(source).digest('hex');
    expect(await world.redis.script('EXISTS', sha)).toEqual([0]);
    const run = luaScript(world.redis, source);
    expect(await run([`${world.prefix}:k`], [41])).toEqual([`${world.prefix}:k`, 42]);
    expect(await world.redis.script('EXISTS', sha)).toEqual([1]);
    expect(await run([`${world.prefix}:k`], [1])).toEqual([`${world.prefix}:k`, 2]);
  });

  it('passes a script error on, not as NOSCRIPT', async () => {
    const run = luaScript(world.redis, `-- ${randomBytes(8).toString('hex')}\nreturn redis.call('NOSUCHCOMMAND')`);
    await expect(run([], [])).rejects.toThrow(/Unknown Redis command|unknown command/i);
  });
});

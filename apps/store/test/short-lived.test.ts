import { describe, expect, it } from 'vitest';
import { shortLived } from '../src/short-lived.ts';

function counter() {
  let t = 0;
  const loads: string[] = [];
  return {
    now: () => t,
    advance: (ms: number) => { t += ms; },
    loads,
    load: async (key: string) => { loads.push(key); return `${key}@${t}`; },
  };
}

describe('shortLived', () => {
  it('reuses a value for its time per key, then loads again', async () => {
    const c = counter();
    const kept = shortLived(1000, c.load, c.now);
    expect(await kept.get('xix')).toBe('xix@0');
    c.advance(999);
    expect(await kept.get('xix')).toBe('xix@0');
    expect(await kept.get('other')).toBe('other@999');
    c.advance(1);
    expect(await kept.get('xix')).toBe('xix@1000');
    expect(c.loads).toEqual(['xix', 'other', 'xix']);
  });

  it('shares one load in flight, forgets on clear, and keeps nothing with 0 ms', async () => {
    const c = counter();
    const kept = shortLived(1000, c.load, c.now);
    expect(await Promise.all([kept.get('xix'), kept.get('xix'), kept.get('xix')])).toEqual(['xix@0', 'xix@0', 'xix@0']);
    expect(c.loads).toHaveLength(1);
    kept.clear();
    await kept.get('xix');
    expect(c.loads).toHaveLength(2);
    const never = shortLived(0, c.load, c.now);
    await never.get('xix');
    await never.get('xix');
    expect(c.loads).toHaveLength(4);
  });

  it('does not keep a failed load', async () => {
    let fail = true;
    const kept = shortLived(1000, async (key) => { if (fail) throw new Error(`no ${key}`); return key; }, () => 0);
    await expect(kept.get('xix')).rejects.toThrow('no xix');
    fail = false;
    expect(await kept.get('xix')).toBe('xix');
  });
});

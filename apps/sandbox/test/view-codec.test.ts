import { describe, expect, it } from 'vitest';
import { createViewEncoder } from '../src/view-codec.ts';

const parts = (payload: string): [number, unknown, unknown] => {
  const [from, events, rest] = payload.split('\n');
  return [Number(from), events === '' ? null : JSON.parse(events!), JSON.parse(rest!)];
};

describe('createViewEncoder', () => {
  it('sends the whole history first, then only the events added since', () => {
    const encoder = createViewEncoder();
    const e = (n: number) => ({ type: 'play', card: n });
    expect(parts(encoder.encode({ seat: 0, history: [e(1), e(2)] }))).toEqual([0, [e(1), e(2)], { seat: 0 }]);
    expect(parts(encoder.encode({ seat: 0, history: [e(1), e(2), e(3)] }))).toEqual([2, [e(3)], { seat: 0 }]);
    expect(parts(encoder.encode({ seat: 0, history: [e(1), e(2), e(3)] }))).toEqual([3, [], { seat: 0 }]);
  });

  it('sends the whole history again when it does not extend what was sent, or after reset', () => {
    const encoder = createViewEncoder();
    const e = (n: number) => ({ type: 'play', card: n });
    encoder.encode({ history: [e(1), e(2)] });
    expect(parts(encoder.encode({ history: [e(1), e(9), e(3)] }))[0]).toBe(0); // the last event sent changed
    expect(parts(encoder.encode({ history: [e(1)] }))[0]).toBe(0); // shorter
    encoder.reset();
    expect(parts(encoder.encode({ history: [e(1), e(2)] }))[0]).toBe(0);
  });

  it('sends a view without a history as it is', () => {
    expect(createViewEncoder().encode({ seat: 1 })).toBe('-1\n\n{"seat":1}');
    expect(createViewEncoder().encode(null)).toBe('-1\n\nnull');
  });
});

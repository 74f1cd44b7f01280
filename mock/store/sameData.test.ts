import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameData } from './sameData.ts';

// JSON values, with keys set to undefined and the numbers Object.is tells apart.
const value = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(null, undefined, true, false, 0, -0, 1, NaN, '', 'a', 'b'),
    fc.array(tie('node'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('node'), { maxKeys: 3 }),
  ),
})).node;

describe('sameData is isDeepStrictEqual on the mock’s data', () => {
  it.each<[string, unknown, unknown, boolean]>([
    ['equal records', { a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1 }, true],
    ['a key set to undefined is not a missing key', { a: undefined }, {}, false],
    ['NaN equals NaN', [NaN], [NaN], true],
    ['0 is not -0', { n: 0 }, { n: -0 }, false],
    ['an array is not an object with the same keys', [1], { 0: 1 }, false],
    ['a longer array', [1, 2], [1], false],
  ])('%s', (_name, a, b, want) => {
    expect(sameData(a, b)).toBe(want);
    expect(isDeepStrictEqual(a, b)).toBe(want);
  });

  it('agrees with Node on generated pairs and on a value and its copy', () => {
    fc.assert(
      fc.property(value, value, (a, b) => {
        expect(sameData(a, b)).toBe(isDeepStrictEqual(a, b));
        const copy = structuredClone(a);
        expect(sameData(a, copy)).toBe(isDeepStrictEqual(a, copy));
      }),
      { numRuns: 3000, seed: 27 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countUtf8, utf8ByteLength } from './utf8ByteLength.ts';

describe('utf8ByteLength', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['é', 2],
    ['€', 3],
    ['😀', 4],
    ['\uD800', 3],
    ['a\uDC00b', 5],
  ])('%j takes %i bytes, counted or by Node', (text, bytes) => {
    expect(countUtf8(text)).toBe(bytes);
    expect(utf8ByteLength(text)).toBe(bytes);
  });

  it('counts as TextEncoder encodes, on any string', () => {
    const encoder = new TextEncoder();
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => countUtf8(text) === encoder.encode(text).length),
      { numRuns: 2000, seed: 27 },
    );
  });
});

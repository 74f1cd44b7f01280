import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha1Hex } from './sha1Hex.ts';

const node = (text: string) => createHash('sha1').update(text).digest('hex');

describe('sha1Hex is createHash("sha1") in hex', () => {
  it.each([
    ['', 'da39a3ee5e6b4b0d3255bfef95601890afd80709'],
    ['abc', 'a9993e364706816aba3e25717850c26c9cd0d89d'],
    // 56 bytes: the length no longer fits the first block (FIPS 180-4's two-block example).
    ['abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq', '84983e441c3bd26ebaae4aa1f95129e5e54670f1'],
  ])('%j', (text, digest) => {
    expect(sha1Hex(text)).toBe(digest);
    expect(node(text)).toBe(digest);
  });

  it('agrees with Node on generated texts (tag names with accents, emoji, long ones)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => sha1Hex(text) === node(text)),
      { numRuns: 1000, seed: 27 },
    );
  });
});

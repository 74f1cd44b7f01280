import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { base64url, sameBytes, sha256 } from './sha256.ts';

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

describe('sha256', () => {
  // Block boundaries matter: 55 bytes is the longest one-block message, 56 and 64 need a second block.
  it.each([
    ['the empty string', ''],
    ['"abc" (FIPS 180-4 example)', 'abc'],
    ['55 bytes', 'a'.repeat(55)],
    ['56 bytes', 'a'.repeat(56)],
    ['64 bytes', 'b'.repeat(64)],
    ['a multi-block message', 'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'.repeat(40)],
    ['non-ASCII text (UTF-8)', 'Coordenação pedagógica — ✓'],
  ])('agrees with node:crypto on %s', (_name, input) => {
    expect(hex(sha256(input))).toBe(createHash('sha256').update(input, 'utf8').digest('hex'));
  });

  it('digests bytes as given', () => {
    const bytes = Uint8Array.from({ length: 300 }, (_, i) => (i * 7) & 0xff);
    expect(hex(sha256(bytes))).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it.each([
    ['no padding', 'abc'],
    ['the url alphabet', '\u00fb\u00ff\u00be'],
  ])('encodes base64url as node does: %s', (_name, latin1) => {
    const bytes = Uint8Array.from(latin1, (c) => c.charCodeAt(0));
    expect(base64url(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
  });

  it.each([
    ['equal bytes', [1, 2, 3], [1, 2, 3], true],
    ['one byte differs', [1, 2, 3], [1, 2, 4], false],
    ['lengths differ', [1, 2], [1, 2, 3], false],
  ])('sameBytes: %s', (_name, a, b, want) => {
    expect(sameBytes(Uint8Array.from(a), Uint8Array.from(b))).toBe(want);
  });
});

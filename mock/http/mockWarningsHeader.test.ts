import { describe, expect, it } from 'vitest';
import { MAX_WARNINGS, MAX_WARNINGS_BYTES, mockWarningsHeader } from './mockWarningsHeader.ts';

describe('mockWarningsHeader', () => {
  it.each([
    ['one warning', ['a'], 'a'],
    ['a few', ['a', 'b'], 'a; b'],
    [
      'more than the count',
      Array.from({ length: 25 }, (_, i) => `w${i}`),
      `${Array.from({ length: MAX_WARNINGS }, (_, i) => `w${i}`).join('; ')}; and 15 more`,
    ],
    ['a control character', ['x\r\ny'], 'x\\u000d\\u000ay'],
  ])('%s', (_name, messages, want) => {
    expect(mockWarningsHeader(messages)).toBe(want);
  });

  it('stays within the byte bound (plus the "and N more" tail), however long the messages', () => {
    const value = mockWarningsHeader(Array.from({ length: 500 }, () => 'q'.repeat(900)));
    expect(value.length).toBeLessThanOrEqual(MAX_WARNINGS_BYTES + ' and 499 more'.length + 2);
    expect(value).toMatch(/; and 499 more$/);
  });
});

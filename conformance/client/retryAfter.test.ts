import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './retryAfter.ts';

describe('retryAfterMs', () => {
  const now = Date.parse('2026-03-02T09:00:00.000Z');
  it.each([
    ['absent', undefined, undefined],
    ['seconds', '2', 2000],
    ['zero', '0', 0],
    ['an HTTP-date 3 s ahead', 'Mon, 02 Mar 2026 09:00:03 GMT', 3000],
    ['an HTTP-date in the past', 'Mon, 02 Mar 2026 08:59:00 GMT', 0],
    ['beyond the bound', '120', undefined],
    ['garbage', 'soon', undefined],
    ['negative', '-1', undefined],
  ])('%s', (_name, header, want) => {
    expect(retryAfterMs(header, now)).toBe(want);
  });
});

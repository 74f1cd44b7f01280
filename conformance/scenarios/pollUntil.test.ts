import { describe, expect, it } from 'vitest';
import { pollUntil } from './pollUntil.ts';

describe('pollUntil', () => {
  const noSleep = async (): Promise<void> => undefined;
  it.each([
    ['holds at once', 0, { value: 0, heldAfterMs: 0 }],
    ['holds on the third read', 2, { value: 2, heldAfterMs: 500 }],
    ['never holds within the budget', 99, { value: 12 }],
  ])('%s', async (_name, at, want) => {
    let n = 0;
    const got = await pollUntil(
      async () => n++,
      (v) => v >= at,
      { budgetMs: 3000, intervalMs: 250, sleep: noSleep },
    );
    expect(got).toEqual(want);
  });
});

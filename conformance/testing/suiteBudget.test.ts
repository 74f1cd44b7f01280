import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { suiteBudget, SUITE_RUN_GUARD_MS, WHOLE_SUITE_TESTS } from './suiteBudget.ts';

const root = new URL('../../', import.meta.url);

/** A wall-clock budget written as a number: a test timeout (`}, 60_000)`, `timeout: 60_000`) or a run deadline. */
const LITERAL_BUDGET = /(?:\},\s*|timeout:\s*|deadlineMs:\s*|beforeAll\([^)]*\},\s*)\d[\d_]*\s*[),}]/g;

describe('whole-suite tests are budgeted by runs, not by how fast the machine is today', () => {
  it.each(WHOLE_SUITE_TESTS)('%s writes no budget of its own, and each describe takes suiteBudget', (file) => {
    const text = readFileSync(new URL(file, root), 'utf8');
    expect(text.match(LITERAL_BUDGET) ?? []).toEqual([]);
    // Without one, vitest's default testTimeout (seconds) would judge how fast the machine is.
    const describes = [...text.matchAll(/^describe\((['"`]).*?\1,\s*(\{[^}]*\})?/gm)].map((m) => m[2] ?? 'no budget');
    expect(describes.length).toBeGreaterThan(0);
    for (const options of describes) expect(options).toMatch(/timeout: suiteBudget\(/);
  });

  it.each([
    [1, 2 * SUITE_RUN_GUARD_MS],
    [4, 5 * SUITE_RUN_GUARD_MS],
  ])('suiteBudget(%i) guards each run and the targets', (runs, want) => {
    expect(suiteBudget(runs)).toBe(want);
  });
});

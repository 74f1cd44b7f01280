import { describe, expect, it, vi } from 'vitest';
import type * as GenerateModule from '../fixtures/generateDataset.ts';
import { generateDataset } from '../fixtures/generateDataset.ts';
import { createDeps } from './createDeps.ts';
import { DEFAULT_SESSION } from './sessions/SessionRegistry.ts';

vi.mock('../fixtures/generateDataset.ts', async (importOriginal) => {
  const original = await importOriginal<typeof GenerateModule>();
  return { ...original, generateDataset: vi.fn(original.generateDataset) };
});

describe('createDeps reads the committed default dataset instead of generating it', () => {
  it.each([
    ['the defaults', {}, false],
    ['the default seed, given', { seed: 1 }, false],
    ['another seed', { seed: 7 }, true],
    ['extra groups', { groups: 10 }, true],
  ])('%s', (_name, options: { seed?: number; groups?: number }, generates) => {
    vi.mocked(generateDataset).mockClear();
    const deps = createDeps(options);
    expect(vi.mocked(generateDataset).mock.calls.length).toBe(generates ? 1 : 0);
    expect(deps.sessions.use(DEFAULT_SESSION).store.seed).toBe(options.seed ?? 1);
  });
});

import { describe, expect, it } from 'vitest';
import { isBound } from './OperationTarget.ts';

describe('isBound', () => {
  it.each([
    ['/secret', true],
    ['/context', true],
    ['/context/community', true],
    ['/context/issuedAt', false],
    ['/groups', false],
    ['/groups/data', false],
    ['/groups/data/0/alias', true],
    ['/groups/data/0/name', false],
  ])('%s → %s', (pointer, bound) => {
    expect(isBound(pointer, ['/secret', '/context/community', '/groups/data/0/alias'])).toBe(bound);
  });
});

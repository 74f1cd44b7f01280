import { describe, expect, it } from 'vitest';
import { parseIncludes } from './relatedParts.ts';

describe('parseIncludes', () => {
  it.each([
    [undefined, []],
    ['', []],
    ['members', ['members']],
    ['groups,community,members', ['community', 'groups', 'members']],
    ['members,members', ['members']],
    [42, []],
  ])('%s → %j', (value, want) => {
    expect([...parseIncludes(value)].sort()).toEqual(want);
  });
});

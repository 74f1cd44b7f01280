import { describe, expect, it } from 'vitest';
import { describeCheckout } from './describeCheckout.ts';

describe('describeCheckout', () => {
  it.each([
    ['a git checkout: its short commit', 'abc1234', { commit: 'abc1234', label: 'mock before (abc1234)' }],
    ['no commit to read: the folder name', undefined, { commit: undefined, label: 'mock before (before)' }],
  ])('%s', (_name, commit, want) => {
    expect(describeCheckout('../before', () => commit)).toEqual({ dir: '../before', ...want });
  });

  it('reads the commit of a real checkout', () => {
    const root = new URL('../..', import.meta.url).pathname;
    expect(describeCheckout(root).commit).toMatch(/^[0-9a-f]{7,}$/);
  });
});

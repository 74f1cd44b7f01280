import { describe, expect, it } from 'vitest';
import { checkGlob, GLOB_MAX_STARS, globMatch } from './globMatch.ts';

describe('globMatch', () => {
  it.each([
    ['/v1/appmaker/apps/*/approve', '/v1/appmaker/apps/a1/approve', true],
    ['/v1/appmaker/apps/*/approve', '/v1/appmaker/apps/a1/approve/x', false],
    ['*', '', true],
    ['', '', true],
    ['', 'a', false],
    ['/v1/*', '/v1/', true],
    ['*groups*', '/v1/groups/search', true],
    ['a*b*c', 'abc', true],
    ['a*b*c', 'acb', false],
    ['/v1/groups', '/v1/groups', true],
    ['/v1/group', '/v1/groups', false],
    ['**x', 'yyx', true],
    ['.+?', '.+?', true],
    ['.+?', 'a+?', false],
  ])('%s against %s is %s', (glob, text, want) => {
    expect(globMatch(glob, text)).toBe(want);
  });

  it('matches a hostile *a*a*a…b pattern against a long path in at most |pattern| × |path| steps', () => {
    const glob = `${'*a'.repeat(GLOB_MAX_STARS)}b`;
    const text = 'a'.repeat(8000);
    const steps = { n: 0 };
    expect(globMatch(glob, text, steps)).toBe(false);
    // A backtracking regular expression needs on the order of 8000^16 steps here.
    expect(steps.n).toBeLessThanOrEqual(glob.length * text.length);
  });

  it.each([
    ['too long', '/'.repeat(600), /at most 512 characters/],
    ['too many stars', '*a'.repeat(GLOB_MAX_STARS + 1), /at most 16 "\*"/],
  ])('refuses a pattern %s', (_name, glob, message) => {
    expect(() => checkGlob(glob)).toThrow(message);
  });
});

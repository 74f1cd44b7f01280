import { describe, expect, it } from 'vitest';
import { parseTargets } from './parseTargets.ts';

describe('parseTargets', () => {
  it.each([
    ['no list: all four', undefined, false, ['standalone', 'raw', 'prism', 'express']],
    ['no list with a baseline: all four and baseline', undefined, true, ['standalone', 'raw', 'prism', 'express', 'baseline']],
    ['a list, in its order, spaces and repeats ignored', ' raw, standalone ,raw', false, ['raw', 'standalone']],
    ['a baseline is added when not listed', 'standalone,raw', true, ['standalone', 'raw', 'baseline']],
    ['a baseline listed once', 'baseline,standalone', true, ['baseline', 'standalone']],
  ])('%s', (_name, list, hasBaseline, want) => {
    expect(parseTargets(list, hasBaseline)).toEqual(want);
  });

  it.each([
    ['standalone left out', 'raw,prism', false, /standalone is always needed/],
    ['an empty list', '', false, /standalone is always needed/],
    ['an unknown name', 'standalone,wrk', false, /unknown wrk \(known: standalone, raw, prism, express, baseline\)/],
    ['baseline without --baseline', 'standalone,baseline', false, /baseline needs --baseline DIR/],
  ])('refuses %s', (_name, list, hasBaseline, message) => {
    expect(() => parseTargets(list, hasBaseline)).toThrow(message);
  });
});

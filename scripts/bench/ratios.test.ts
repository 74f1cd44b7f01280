import { describe, expect, it } from 'vitest';
import { type CaseResult, checkTargets, entitiesPerSecond, formatRatio, markdownTable, type Measure, ratio } from './ratios.ts';

const measure = (cpuUsPerReq: number, rps: number, extra: Partial<Measure> = {}): Measure => ({
  requests: 1000,
  rps,
  p50: 1,
  p99: 4,
  cpuUsPerReq,
  rssBytes: 100 * 2 ** 20,
  failures: 0,
  ...extra,
});

const list: CaseResult = {
  name: 'list',
  kind: 'read',
  measures: { raw: measure(50, 9000), prism: measure(500, 1500), standalone: measure(120, 6000), express: measure(300, 3000, { rssBytes: 150 * 2 ** 20 }) },
};
const upload: CaseResult = { name: 'upload', kind: 'upload', entities: 10_000, measures: { standalone: measure(300_000, 2.5, { p99: 450 }) } };

describe('ratio', () => {
  it.each([
    ['a ÷ b', 120, 50, 2.4],
    ['b missing', 1, undefined, undefined],
    ['a missing', undefined, 1, undefined],
    ['b zero', 1, 0, undefined],
    ['a not a number', Number.NaN, 1, undefined],
  ])('%s', (_name, a, b, want) => {
    expect(ratio(a, b)).toBe(want);
  });
});

describe('formatRatio', () => {
  it.each([
    [undefined, '–'],
    [0.3333, '0.33×'],
    [2.44, '2.4×'],
    [12.7, '13×'],
  ])('%s → %s', (value, want) => {
    expect(formatRatio(value)).toBe(want);
  });
});

describe('markdownTable', () => {
  it('puts the mock against raw and Prism, for both mounts', () => {
    const table = markdownTable([list]);
    const row = table.split('\n')[2];
    expect(row).toBe('| list | 50 | 500 | 120 | 2.4× | 0.24× | 300 | 6.0× | 0.60× | 4.0× | 1 / 4 | 100 (1.0×, 1.0×) |');
  });

  it('gives an upload its entities per second and leaves missing servers as –', () => {
    const row = markdownTable([upload]).split('\n')[2];
    expect(row).toContain('upload (25,000 entities/s)');
    expect(row).toContain('| – | – | 300,000 | – | – |');
  });
});

describe('checkTargets', () => {
  it('checks each read against raw, Prism and p99, and the upload against entities/s', () => {
    const checks = checkTargets([list, upload]);
    expect(checks.map((c) => [c.met, c.detail])).toEqual([
      [true, '2.4×'],
      [true, '0.24×'],
      [true, '4 ms'],
      [true, '25,000 entities/s'],
    ]);
  });

  it('misses a target the run misses, and cannot judge what it did not measure', () => {
    const slow: CaseResult = { name: 'slow', kind: 'read', measures: { raw: measure(50, 1), standalone: measure(200, 1, { p99: 9 }) } };
    expect(checkTargets([slow]).map((c) => c.met)).toEqual([false, undefined, false]);
  });

  it('counts entities per second from requests per second', () => {
    expect(entitiesPerSecond(upload, 'standalone')).toBe(25_000);
    expect(entitiesPerSecond(upload, 'raw')).toBeUndefined();
  });
});

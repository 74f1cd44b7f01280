import { describe, expect, it } from 'vitest';
import {
  type CaseResult,
  checkBefore,
  checkTargets,
  entitiesPerSecond,
  formatChange,
  formatRatio,
  markdownTable,
  type Measure,
  ratio,
  type TargetName,
} from './ratios.ts';

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

describe('formatChange', () => {
  it.each([
    [undefined, '–'],
    [1.0449, '1.04×'],
    [0.951, '0.95×'],
    [1.2, '1.20×'],
  ])('%s → %s', (value, want) => {
    expect(formatChange(value)).toBe(want);
  });
});

describe('markdownTable with --targets and --baseline', () => {
  const withBefore: CaseResult = { ...list, measures: { ...list.measures, baseline: measure(115, 6100) } };
  const onlyRaw: CaseResult = {
    name: 'list',
    kind: 'read',
    measures: { raw: measure(50, 9000), standalone: measure(120, 6000), baseline: measure(100, 7000) },
  };
  const table: Array<[string, CaseResult[], readonly TargetName[] | undefined, string]> = [
    ['all four: as without a baseline', [list], undefined, '| list | 50 | 500 | 120 | 2.4× | 0.24× | 300 | 6.0× | 0.60× | 4.0× | 1 / 4 | 100 (1.0×, 1.0×) |'],
    [
      'a baseline: its µs and × before after the mock',
      [withBefore],
      ['standalone', 'raw', 'prism', 'express', 'baseline'] as const,
      '| list | 50 | 500 | 120 | 2.4× | 0.24× | 115 | 1.04× | 300 | 6.0× | 0.60× | 4.0× | 1 / 4 | 100 (1.0×, 1.0×) |',
    ],
    [
      'standalone and raw with a baseline: Prism and Express n/a',
      [onlyRaw],
      ['standalone', 'raw', 'baseline'] as const,
      '| list | 50 | n/a | 120 | 2.4× | n/a | 100 | 1.20× | n/a | n/a | n/a | n/a | 1 / 4 | 100 (1.0×, n/a) |',
    ],
    [
      'a baseline run that has no figure: –',
      [list],
      ['standalone', 'raw', 'prism', 'express', 'baseline'] as const,
      '| list | 50 | 500 | 120 | 2.4× | 0.24× | – | – | 300 | 6.0× | 0.60× | 4.0× | 1 / 4 | 100 (1.0×, 1.0×) |',
    ],
    [
      'standalone alone',
      [{ name: 'list', kind: 'read', measures: { standalone: measure(120, 6000) } } satisfies CaseResult],
      ['standalone'] as const,
      '| list | n/a | n/a | 120 | n/a | n/a | n/a | n/a | n/a | n/a | 1 / 4 | 100 (n/a, n/a) |',
    ],
  ];
  it.each(table)('%s', (_name, results, targets, want) => {
    const [header = '', separator = '', row] = markdownTable(results, targets).split('\n');
    expect(row).toBe(want);
    // Header, separator and row have the same number of columns.
    expect(separator.split('|').length).toBe(want.split('|').length);
    expect(header.split('|').length).toBe(want.split('|').length);
    expect(header.includes('× before')).toBe(targets?.includes('baseline') ?? false);
  });
});

describe('checkBefore', () => {
  const read = (name: string, now: number | undefined, before: number | undefined): CaseResult => ({
    name,
    kind: 'read',
    measures: { ...(now === undefined ? {} : { standalone: measure(now, 1) }), ...(before === undefined ? {} : { baseline: measure(before, 1) }) },
  });
  it.each([
    ['every read within 5%', [read('a', 104, 100), read('b', 90, 100)], true, "worst: a 1.04×; the reads' geometric mean 0.97×"],
    ['exactly 5% is within', [read('a', 105, 100)], true, "worst: a 1.05×; the reads' geometric mean 1.05×"],
    ['one read 6% above misses, named', [read('a', 101, 100), read('b', 106, 100)], false, "worst: b 1.06×; the reads' geometric mean 1.03×"],
    [
      'noise both ways: the worst misses, the mean shows no move',
      [read('a', 140, 100), read('b', 71, 100)],
      false,
      "worst: a 1.40×; the reads' geometric mean 1.00×",
    ],
    ['a read with no figure before cannot be judged', [read('a', 100, 100), read('b', 100, undefined)], undefined, 'no figure for b'],
    [
      'the upload does not count',
      [read('a', 100, 100), { ...read('up', 200, 100), kind: 'upload' as const }],
      true,
      "worst: a 1.00×; the reads' geometric mean 1.00×",
    ],
    ['no read at all cannot be judged', [], undefined, 'no figure for any read'],
  ])('%s', (_name, results, met, detail) => {
    expect(checkBefore(results)).toEqual({ target: "every read within 5% of before's CPU per request", met, detail });
  });

  it('is listed by checkTargets only with a baseline, and the checks against targets not run are left out', () => {
    const r = read('a', 110, 100);
    expect(checkTargets([r]).map((c) => c.target)).toEqual(['a: CPU ≤ 3× raw', 'a: CPU ≤ ⅓ Prism', 'a: p99 ≤ 5 ms']);
    const checks = checkTargets([r], undefined, ['standalone', 'baseline']);
    expect(checks.map((c) => [c.target, c.met, c.detail])).toEqual([
      ['a: p99 ≤ 5 ms', true, '4 ms'],
      ["every read within 5% of before's CPU per request", false, "worst: a 1.10×; the reads' geometric mean 1.10×"],
    ]);
  });
});

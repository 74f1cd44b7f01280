import { describe, expect, it } from 'vitest';
import { hostileRun, SECRET } from '../testing/hostileRun.ts';
import { formatConsoleReport } from './formatConsoleReport.ts';
import { toJsonReport } from './toJsonReport.ts';
import { toJunitXml } from './toJunitXml.ts';

// Every reporter reads the same finished result: the waived failure, coverage and certificate show in each.
describe('reporters of a finished result', () => {
  const result = hostileRun();

  it('console: waived failures, coverage and the closing summary with the waived count', () => {
    const text = formatConsoleReport(result);
    expect(text).toMatch(/Waived \(known failures, not failing the run\)\n {2}~ \[MUST\] no-server-error on getGroup: answered 500/);
    expect(text).toMatch(/\nCoverage \(profile platform\): operations \d+\/\d+/);
    expect(text.split('\n').at(-1)).toBe('0 passed, 1 failed, 1 skipped, 1 waived, 1 warning');
    expect(text).not.toContain(SECRET);
  });

  it('JUnit: a waived failure is not a failure, and is told in system-out', () => {
    const xml = toJunitXml(result);
    expect(xml).toContain('<failure type="filter-matches"');
    expect(xml).not.toContain('<failure type="no-server-error"');
    expect(xml).toMatch(/<system-out>[^<]*WAIVED \(flaky &lt;script&gt;/);
  });

  it('JSON: the rule source, the waived failures, coverage, waivers, verdict and certificate', () => {
    const json = JSON.parse(toJsonReport(result));
    expect(json.cases[0].failures[0].source).toEqual({ kind: 'description', text: 'Filters return only the groups that match them.' });
    expect(json.cases[0].waived).toEqual([expect.objectContaining({ check: 'no-server-error', waiver: expect.objectContaining({ expires: '2026-12-31' }) })]);
    expect(json.cases[0].checks).toContain('response-schema');
    expect(json).toMatchObject({
      profile: 'platform',
      verdict: { result: 'fail', reasons: ['1 case failed'] },
      waivers: { applied: [expect.objectContaining({ check: 'no-server-error', failures: 1 })], expired: [], stale: [] },
    });
    for (const key of ['operations', 'statuses', 'parameters'])
      expect(json.coverage[key]).toEqual(expect.objectContaining({ covered: expect.any(Number), total: expect.any(Number), notCovered: expect.any(Array) }));
    expect(json.certificate).toMatchObject({ result: 'fail', seed: 7, target: 'http://h', specSha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });
});

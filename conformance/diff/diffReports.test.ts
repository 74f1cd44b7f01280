import { describe, expect, it } from 'vitest';
import { diffReports, formatDiff, isRegression, type ReportForDiff } from './diffReports.ts';

const failure = (check: string, operationId?: string) => ({ check, message: `${check} broke`, exchange: operationId ? { operationId } : {} });
const report = (
  failures: ReturnType<typeof failure>[],
  notCovered: Array<{ operation: string; item: string }>,
  outOfPlan: string[] = [],
  extra: Partial<ReportForDiff> = {},
): ReportForDiff => ({
  cases: [{ area: 'groups', title: 'filter', status: failures.length ? 'failed' : 'passed', failures }],
  coverage: { operations: { covered: 3 - notCovered.length, total: 3, percent: 0, notCovered }, outOfPlan },
  ...extra,
});

describe('diffReports', () => {
  it('tells newly failing, fixed and still failing steps apart, naming the rules a failing step breaks anew', () => {
    const step = (title: string, failures: ReturnType<typeof failure>[]) => ({
      area: 'groups',
      title,
      status: failures.length ? 'failed' : 'passed',
      failures,
    });
    const diff = diffReports(
      { cases: [step('filter', [failure('filter-matches', 'listGroups'), failure('total-count', 'listGroups')]), step('sort', [failure('sort-order')])] },
      {
        cases: [
          step('filter', [failure('filter-matches', 'listGroups'), failure('filter-matches', 'searchGroups'), failure('filter-matches', 'searchGroups')]),
          step('sort', []),
          step('page', [failure('pages-disjoint', 'listGroups')]),
        ],
      },
    );
    expect(diff.newlyFailing).toEqual([
      { step: 'groups › page', rules: [{ check: 'pages-disjoint', operation: 'listGroups', count: 1, message: 'pages-disjoint broke' }] },
    ]);
    expect(diff.fixed.map((k) => k.step)).toEqual(['groups › sort']);
    expect(diff.stillFailing).toMatchObject([
      { step: 'groups › filter', newRules: [{ check: 'filter-matches', operation: 'searchGroups', count: 2, message: 'filter-matches broke' }] },
    ]);
    expect(isRegression(diff)).toBe(true);
    expect(formatDiff(diff)).toContain(
      [
        'Failed steps: 2 → 2',
        'Newly failing: 1',
        '  ✗ groups › page',
        '      pages-disjoint on listGroups: pages-disjoint broke',
        'Fixed: 1',
        '  ✓ groups › sort',
        '      sort-order: sort-order broke',
        'Still failing: 1',
        '  ✗ groups › filter breaks a rule it did not before',
        '      filter-matches on searchGroups ×2: filter-matches broke',
      ].join('\n'),
    );
  });

  it('is no regression when the same steps fail on the same rules', () => {
    const same = report([failure('filter-matches', 'listGroups')], []);
    expect(isRegression(diffReports(same, same))).toBe(false);
  });

  it('reports coverage changes of planned operations only, and notes a different spec', () => {
    const before = report(
      [],
      [
        { operation: 'getGroup', item: 'operation' },
        { operation: 'token', item: 'operation' },
      ],
      [],
      { certificate: { specSha256: 'aaa' } },
    );
    const after = report([], [{ operation: 'searchGroups', item: 'operation' }], ['token'], { certificate: { specSha256: 'bbb' } });
    const diff = diffReports(before, after);
    expect(diff.coverage).toEqual([
      {
        figure: 'operations',
        before: { covered: 1, total: 3, percent: 0 },
        after: { covered: 2, total: 3, percent: 0 },
        newlyCovered: ['getGroup operation'],
        noLongerCovered: ['searchGroups operation'],
      },
    ]);
    expect(diff.notes).toEqual(['specSha256 differs: aaa → bbb']);
  });

  it('compares a report without coverage (an older suite) by its failures alone', () => {
    const diff = diffReports({ cases: [] }, report([failure('no-server-error')], []));
    expect(diff.newlyFailing.map((k) => k.rules.map((r) => r.check))).toEqual([['no-server-error']]);
    expect(formatDiff(diff)).toContain('Coverage operations: n/a → 3/3 (0%)');
  });
});

describe('the failure count of conform:diff', () => {
  it('counts failed steps, as the console, the HTML report and JUnit do, whatever number of rules each broke', () => {
    const step = (title: string, failures: number) => ({
      area: 'groups',
      title,
      status: failures > 0 ? 'failed' : 'passed',
      failures: Array.from({ length: failures }, (_, i) => ({ check: `c${i}` })),
    });
    const diff = diffReports({ cases: [step('a', 2), step('b', 0)] }, { cases: [step('a', 3), step('b', 1), step('c', 0)] });
    expect(diff.failedSteps).toEqual({ before: 1, after: 2 });
    expect(formatDiff(diff)).toMatch(/^Failed steps: 1 → 2$/m);
  });
});

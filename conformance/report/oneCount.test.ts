import { describe, expect, it } from 'vitest';
import { loadContract } from '../../spec/contract.ts';
import type { CheckFailure } from '../checks/Check.ts';
import { diffReports, type ReportForDiff } from '../diff/diffReports.ts';
import { findProfile } from '../plan/profiles.ts';
import type { CaseResult } from '../run/RunResult.ts';
import { fakeExchange } from '../testing/fakeExchange.ts';
import { finishRun } from './finishRun.ts';
import { formatConsoleReport } from './formatConsoleReport.ts';
import { toHtmlReport } from './toHtmlReport.ts';
import { toJsonReport } from './toJsonReport.ts';
import { toJunitXml } from './toJunitXml.ts';

const contract = loadContract();
const NOW = new Date('2026-03-02T09:00:00.000Z');

const fail = (check: string, operationId: string | undefined, severity: CheckFailure['severity'] = 'MUST'): CheckFailure => ({
  check,
  severity,
  message: `${check} broke`,
  exchange: fakeExchange(operationId, 200, []),
});
const step = (
  title: string,
  status: CaseResult['status'],
  failures: CheckFailure[],
  warnings: CheckFailure[] = [],
  operationIds: string[] = [],
): CaseResult => ({
  area: 'groups',
  title,
  status,
  failures,
  warnings,
  operationIds,
  exchanges: 1,
  durationMs: 1,
  ...(status === 'skipped' ? { skipReason: 'read-only' } : {}),
});

/**
 * One faulty target's run: a step breaking two rules on two operations (with a SHOULD warning), a step breaking
 * one rule twice, a step broken outside the spec's operations, a step with a warning only, a step whose only
 * failure is waived, a passed step and a skipped one. Three steps fail.
 */
const faulty = finishRun(
  {
    baseUrl: 'http://h',
    seed: 7,
    strict: false,
    readOnly: false,
    areas: ['groups'],
    startedAt: NOW.toISOString(),
    durationMs: 10,
    cases: [
      step(
        'read a listed group',
        'failed',
        [fail('filter-matches', 'listGroups'), fail('get-matches-list', 'getGroup')],
        [fail('default-order', 'listGroups', 'SHOULD')],
        ['listGroups', 'getGroup'],
      ),
      step('search', 'failed', [fail('search-finds', 'searchGroups'), fail('search-finds', 'searchGroups')], [], ['searchGroups']),
      step('base URL', 'failed', [fail('no-server-error', undefined)]),
      step('sort', 'passed', [], [fail('sort-order', 'listGroups', 'SHOULD')], ['listGroups']),
      step('total', 'failed', [fail('total-count', 'listGroups')], [], ['listGroups']),
      step('page', 'passed', [], [], ['listGroups']),
      step('sync', 'skipped', []),
    ],
    counts: { passed: 2, failed: 4, skipped: 1, warnings: 2 },
    exchanges: 7,
    conformant: false,
    redact: (text) => text,
  },
  { contract, profile: findProfile('platform'), waivers: [{ check: 'total-count', reason: 'known', expires: '2027-01-01' }], now: () => NOW },
);
const passing = { cases: faulty.cases.map((c) => ({ ...c, status: 'passed', failures: [] })) };
const json = JSON.parse(toJsonReport(faulty)) as ReportForDiff & { counts: { failed: number }; certificate: { counts: { failed: number } } };
const junit = toJunitXml(faulty);
const html = toHtmlReport(faulty, contract);
const diff = diffReports(passing, json);
const numbers = (text: string, pattern: RegExp): number[] => [...text.matchAll(pattern)].map((m) => Number(m[1]));
const sum = (list: number[]): number => list.reduce((a, b) => a + b, 0);

describe('every reporter counts the same failures', () => {
  it.each<[string, () => number]>([
    ['the console summary line', () => Number(/(\d+) failed/.exec(formatConsoleReport(faulty).split('\n').at(-1) ?? '')?.[1])],
    ["the console's areas", () => sum(numbers(formatConsoleReport(faulty), /✗ \w[\w-]*: (\d+) failed/g))],
    ['the JSON counts', () => json.counts.failed],
    ["the JSON certificate's counts", () => json.certificate.counts.failed],
    ['JUnit testsuites failures', () => Number(/<testsuites [^>]*failures="(\d+)"/.exec(junit)?.[1])],
    ['JUnit testsuite failures, summed', () => sum(numbers(junit, /<testsuite [^>]*failures="(\d+)"/g))],
    ['JUnit <failure> elements', () => (junit.match(/<failure /g) ?? []).length],
    ["the HTML report's counts", () => Number(/<li class="failed"><b>(\d+)<\/b>/.exec(html)?.[1])],
    ["the HTML report's failed steps", () => Number(/<h2>(\d+) failed steps?<\/h2>/.exec(html)?.[1])],
    ["the HTML report's operation badges, summed", () => sum(numbers(html, /data-failed-steps="(\d+)"/g))],
    ['conform:diff against a passing run: newly failing', () => diff.newlyFailing.length],
    ['conform:diff: failed steps after', () => diff.failedSteps.after],
  ])('%s: 3 failed steps', (_name, count) => {
    expect(count()).toBe(3);
  });

  it('the waived failure and the SHOULD warnings are counted apart, in every report that shows them', () => {
    expect(faulty.counts).toMatchObject({ failed: 3, waived: 1, warnings: 2 });
    expect(Number(/<li class="waived"><b>(\d+)<\/b>/.exec(html)?.[1])).toBe(1);
    expect(Number(/<li class="warnings"><b>(\d+)<\/b>/.exec(html)?.[1])).toBe(2);
  });
});

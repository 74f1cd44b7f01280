import { describe, expect, it } from 'vitest';
import { loadContract } from '../../spec/contract.ts';
import { findProfile } from '../plan/profiles.ts';
import type { CaseResult, RunResult } from '../run/RunResult.ts';
import { fakeExchange } from '../testing/fakeExchange.ts';
import { finishRun } from './finishRun.ts';
import { formatConsoleReport } from './formatConsoleReport.ts';
import { toHtmlReport } from './toHtmlReport.ts';
import { toJsonReport } from './toJsonReport.ts';
import { toJunitXml } from './toJunitXml.ts';

const contract = loadContract();
const NOW = new Date('2026-03-02T09:00:00.000Z');
const STOPPED = "the run's deadline (--timeout 60 s) passed: 1 step not finished";

const step = (status: CaseResult['status']): CaseResult => ({
  area: 'groups',
  title: `a ${status} step`,
  status,
  failures: status === 'failed' ? [{ check: 'filter-matches', severity: 'MUST', message: 'broke', exchange: fakeExchange('listGroups', 200, []) }] : [],
  warnings: [],
  operationIds: ['listGroups'],
  exchanges: 1,
  durationMs: 1,
  ...(status === 'skipped' ? { skipReason: "not finished: the run's deadline (--timeout 60 s) passed during this step" } : {}),
});

function raw(statuses: CaseResult['status'][], incomplete: boolean): RunResult {
  const cases = statuses.map(step);
  const count = (s: CaseResult['status']) => cases.filter((c) => c.status === s).length;
  return {
    baseUrl: 'http://h',
    seed: 7,
    strict: false,
    readOnly: false,
    areas: ['groups'],
    startedAt: NOW.toISOString(),
    durationMs: 10,
    cases,
    counts: { passed: count('passed'), failed: count('failed'), skipped: count('skipped'), warnings: 0 },
    exchanges: cases.length,
    conformant: count('failed') === 0 && !incomplete,
    ...(incomplete ? { incomplete: STOPPED } : {}),
    redact: (text) => text,
  };
}

// A failure found is a failure whatever did not finish; a run its deadline stopped never passes.
describe('the verdict of a run its deadline stopped', () => {
  it.each<[string, CaseResult['status'][], boolean, 'pass' | 'fail' | 'incomplete', RegExp]>([
    ['finished, nothing failed', ['passed'], false, 'pass', /✓ Conformant/],
    ['stopped, nothing failed', ['passed', 'skipped'], true, 'incomplete', /Incomplete: the deadline stopped the run/],
    ['stopped, something failed', ['failed', 'skipped'], true, 'fail', /✗ Not conformant/],
    ['finished, something failed', ['failed'], false, 'fail', /✗ Not conformant/],
  ])('%s: %s', (_name, statuses, incomplete, verdict, heading) => {
    const result = finishRun(raw(statuses, incomplete), { contract, profile: findProfile('platform'), now: () => NOW });
    expect(result.verdict.result).toBe(verdict);
    expect(result.certificate.result).toBe(verdict);
    expect(toHtmlReport(result, contract)).toMatch(heading);
    const json = JSON.parse(toJsonReport(result)) as { incomplete?: string; conformant: boolean; verdict: { result: string } };
    expect(json.incomplete).toBe(incomplete ? STOPPED : undefined);
    // The JSON's yes or no is the verdict's, never decided apart from it.
    expect([json.verdict.result, json.conformant]).toEqual([verdict, verdict === 'pass']);
    const last = formatConsoleReport(result, { color: false }).split('\n').at(-1);
    expect(last?.includes('INCOMPLETE')).toBe(verdict === 'incomplete');
  });
});

// The console's last line and JUnit read the one verdict: a run no step failed, failed by an expired waiver, is red.
describe('a verdict decided by more than the steps', () => {
  it('an expired waiver fails the run: the console ends in red and JUnit names the verdict', () => {
    const result = finishRun(raw(['passed'], false), {
      contract,
      profile: findProfile('platform'),
      now: () => NOW,
      waivers: [{ check: 'filter-matches', reason: 'old', expires: '2026-01-01' }],
    });
    expect(result.verdict.result).toBe('fail');
    expect(formatConsoleReport(result, { color: true }).split('\n').at(-1)).toBe('\u001b[31m1 passed, 0 failed\u001b[39m');
    expect(toJunitXml(result)).toContain('<property name="verdict" value="fail"/>');
  });
});

import { describe, expect, it } from 'vitest';
import type { CheckFailure } from '../checks/Check.ts';
import type { CaseResult, RunResult } from '../run/RunResult.ts';
import { fakeExchange } from '../testing/fakeExchange.ts';
import { formatConsoleReport } from './formatConsoleReport.ts';
import { summaryLine } from './summaryLine.ts';
import { toJsonReport } from './toJsonReport.ts';
import { toJunitXml } from './toJunitXml.ts';

describe('summaryLine', () => {
  it.each([
    [{ passed: 3, failed: 0, skipped: 0, warnings: 0 }, '3 passed, 0 failed'],
    [{ passed: 3, failed: 2, skipped: 1, warnings: 0 }, '3 passed, 2 failed, 1 skipped'],
    [{ passed: 3, failed: 0, skipped: 0, warnings: 1 }, '3 passed, 0 failed, 1 warning'],
    [{ passed: 0, failed: 1, skipped: 4, warnings: 2 }, '0 passed, 1 failed, 4 skipped, 2 warnings'],
  ])('%o → %s', (counts, want) => {
    expect(summaryLine(counts)).toBe(want);
  });
});

const exchange = { ...fakeExchange('listGroups', 200, [{ name: 'B' }]), request: { method: 'GET', url: 'http://h/v1/groups?name=A', headers: { authorization: 'Bearer SECRET-TOKEN' } }, curl: `curl -sS -i 'http://h/v1/groups?name=A' -H 'authorization: Bearer '"$CONFORM_TOKEN"` };
const failure: CheckFailure = { check: 'filter-matches', severity: 'MUST', message: 'item 0 ("b") does not match name=A & <co>', path: 'response[0]', expected: 'name=A', actual: 'B', exchange };
const warning: CheckFailure = { ...failure, check: 'default-order', severity: 'SHOULD', message: 'groups come newest first', path: 'response[1]' };
const cases: CaseResult[] = [
  { area: 'groups', title: 'filter by name', status: 'failed', failures: [failure], warnings: [warning], operationIds: ['listGroups'], exchanges: 2, durationMs: 12 },
  { area: 'groups', title: 'read groups by id', status: 'passed', failures: [], warnings: [], operationIds: ['getGroup'], exchanges: 1, durationMs: 3 },
  { area: 'sync', title: 'Sync', status: 'skipped', skipReason: '--read-only', failures: [], warnings: [], operationIds: [], exchanges: 0, durationMs: 0 },
];
const result: RunResult = {
  baseUrl: 'http://h',
  seed: 7,
  strict: false,
  readOnly: true,
  areas: ['groups', 'sync'],
  startedAt: '2026-03-02T09:00:00.000Z',
  durationMs: 1500,
  cases,
  counts: { passed: 1, failed: 1, skipped: 1, warnings: 1 },
  exchanges: 3,
  conformant: false,
  redact: (text) => text.split('SECRET-TOKEN').join('$CONFORM_TOKEN'),
};

describe('formatConsoleReport', () => {
  it('groups failures and warnings by operation and ends with the summary line', () => {
    const text = formatConsoleReport(result);
    expect(text).toBe(
      [
        '',
        'Failures',
        '',
        'listGroups  GET /v1/groups',
        '  ✗ [MUST] filter-matches: item 0 ("b") does not match name=A & <co>',
        '      step:      groups › filter by name',
        '      at:        response[0]',
        '      expected:  "name=A"',
        '      actual:    "B"',
        '      response:  200 [{"name":"B"}]',
        `      reproduce: curl -sS -i 'http://h/v1/groups?name=A' -H 'authorization: Bearer '"$CONFORM_TOKEN"`,
        '',
        'Warnings (SHOULD: rules of our own, failures under --strict)',
        '',
        'listGroups  GET /v1/groups',
        '  ✗ [SHOULD] default-order: groups come newest first',
        '      step:      groups › filter by name',
        '      at:        response[1]',
        '      expected:  "name=A"',
        '      actual:    "B"',
        '      response:  200 [{"name":"B"}]',
        `      reproduce: curl -sS -i 'http://h/v1/groups?name=A' -H 'authorization: Bearer '"$CONFORM_TOKEN"`,
        '',
        'Skipped',
        '  - sync › Sync: --read-only',
        '',
        '3 requests in 1500 ms · seed 7',
        '1 passed, 1 failed, 1 skipped, 1 warning',
      ].join('\n'),
    );
  });
});

describe('toJunitXml', () => {
  it('writes a suite per area, a case per step, escaped, with warnings in system-out', () => {
    const xml = toJunitXml(result);
    expect(xml).toContain('<testsuites name="conformance" tests="3" failures="1" errors="0" skipped="1" time="1.500">');
    expect(xml).toContain('<testsuite name="groups" tests="2" failures="1" errors="0" skipped="0" time="0.015" timestamp="2026-03-02T09:00:00.000Z">');
    expect(xml).toContain('<failure type="filter-matches" message="[MUST] filter-matches: item 0 (&quot;b&quot;) does not match name=A &amp; &lt;co&gt;">');
    expect(xml).toContain('<system-out>WARNING [SHOULD] default-order: groups come newest first');
    expect(xml).toContain('<testcase classname="conformance.groups" name="read groups by id" time="0.003"/>');
    expect(xml).toContain('<skipped message="--read-only"/>');
    expect(xml).not.toContain('SECRET-TOKEN');
  });
});

describe('toJsonReport', () => {
  it('serialises the result with secrets redacted', () => {
    const text = toJsonReport(result);
    const json = JSON.parse(text);
    expect(text).not.toContain('SECRET-TOKEN');
    expect(json).toMatchObject({ seed: 7, conformant: false, counts: { passed: 1, failed: 1, skipped: 1, warnings: 1 } });
    expect(json.cases[0].failures[0]).toMatchObject({ check: 'filter-matches', severity: 'MUST', path: 'response[0]', exchange: { request: { headers: { authorization: 'Bearer $CONFORM_TOKEN' } }, response: { status: 200 } } });
    expect(json.cases[2]).toMatchObject({ status: 'skipped', skipReason: '--read-only' });
  });
});

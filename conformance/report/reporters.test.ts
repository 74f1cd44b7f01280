import { describe, expect, it } from 'vitest';
import type { CheckFailure } from '../checks/Check.ts';
import type { CaseResult, RunResult } from '../run/RunResult.ts';
import { fakeExchange } from '../testing/fakeExchange.ts';
import { finishedRun } from '../testing/finishedRun.ts';
import { replayVariables, setupLine } from '../run/replayVariables.ts';
import { shouldColor } from './colors.ts';
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

const exchange = {
  ...fakeExchange('listGroups', 200, [{ name: 'B' }]),
  request: { method: 'GET', url: 'http://h/v1/groups?name=A', headers: { authorization: 'Bearer SECRET-TOKEN' } },
  curl: `curl -sS -i 'http://h/v1/groups?name=A' -H 'authorization: Bearer '"$CONFORM_TOKEN"`,
};
const failure: CheckFailure = {
  check: 'filter-matches',
  severity: 'MUST',
  message: 'item 0 ("b") does not match name=A & <co>',
  path: 'response[0]',
  expected: 'name=A',
  actual: 'B',
  exchange,
};
const warning: CheckFailure = { ...failure, check: 'default-order', severity: 'SHOULD', message: 'groups come newest first', path: 'response[1]' };
const cases: CaseResult[] = [
  {
    area: 'groups',
    title: 'filter by name',
    status: 'failed',
    failures: [failure],
    warnings: [warning],
    operationIds: ['listGroups'],
    exchanges: 2,
    durationMs: 12,
  },
  { area: 'groups', title: 'read groups by id', status: 'passed', failures: [], warnings: [], operationIds: ['getGroup'], exchanges: 1, durationMs: 3 },
  { area: 'sync', title: 'Sync', status: 'skipped', skipReason: '--read-only', failures: [], warnings: [], operationIds: [], exchanges: 0, durationMs: 0 },
];
const raw: RunResult = {
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

// The reporters read a finished run (coverage, verdict, certificate), as the command line gives them.
const result = finishedRun(raw);

describe('formatConsoleReport', () => {
  it('groups failures and warnings by operation and ends with the summary line', () => {
    const text = formatConsoleReport(result);
    expect(text.split('\n')).toEqual([
      '',
      'Failures',
      '',
      'listGroups  GET /v1/groups',
      '  ✗ [MUST] filter-matches: item 0 ("b") does not match name=A & <co>',
      '      step:      groups › filter by name',
      '      at:        response[0]',
      '      expected:  "name=A"',
      '      actual:    "B"',
      '      response:  200 item [0] of 1: {"name":"B"}',
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
      'Areas',
      '  ✗ groups: 1 failed, 1 passed',
      '  – sync: not tested (every step skipped)',
      '',
      'Skipped',
      '  - sync › Sync: --read-only',
      '',
      expect.stringMatching(/^Coverage \(profile platform\): operations 0\/\d+ \(0%\) · statuses 0\/\d+ \(0%\)/),
      expect.stringMatching(/^ {2}operations not covered: listGroups \(skipped: sync › Sync: --read-only\); /),
      '3 requests in 1500 ms · seed 7',
      '1 passed, 1 failed, 1 skipped, 1 warning',
    ]);
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
    expect(json.cases[0].failures[0]).toMatchObject({
      check: 'filter-matches',
      severity: 'MUST',
      path: 'response[0]',
      exchange: { request: { headers: { authorization: 'Bearer $CONFORM_TOKEN' } }, response: { status: 200 } },
    });
    expect(json.cases[2]).toMatchObject({ status: 'skipped', skipReason: '--read-only' });
  });
});

describe('formatConsoleReport, for a developer acting in one read', () => {
  const item = (i: number): Record<string, unknown> => ({ _id: `g${i}`, alias: `a${i}`, name: `N${i}` });
  const body = [item(0), item(1), item(2), item(3)];
  const listExchange = { ...fakeExchange('listGroups', 200, body), curl: `curl 'http://h/v1/groups' -H 'authorization: Bearer '"$CONFORM_TOKEN"` };
  const spelled = (i: number): CheckFailure => ({
    check: 'key-spelling',
    severity: 'MUST',
    message: `response[${i}].Alias is spelled "Alias"; the documented key is "alias"`,
    path: `response[${i}].Alias`,
    expected: 'alias',
    actual: 'Alias',
    exchange: listExchange,
    source: { kind: 'description', text: 'Keys are case-sensitive and spelled as below.' },
  });
  const grouped = finishedRun({
    ...raw,
    cases: [
      {
        area: 'groups',
        title: 'list',
        status: 'failed',
        failures: [spelled(2), spelled(0), spelled(1), spelled(3)],
        warnings: [],
        operationIds: ['listGroups'],
        exchanges: 1,
        durationMs: 1,
      },
    ],
    counts: { passed: 0, failed: 1, skipped: 0, warnings: 0 },
    replay: [
      { name: 'CONFORM_TOKEN', origin: 'config key "token" of /x/conform.json', shell: `"$(node -p 'require(process.argv[1]).token' '/x/conform.json')"` },
    ],
    notFound: 0,
  });

  it('prints identical failures once, with how many more, and the offending item of the array', () => {
    const text = formatConsoleReport(grouped);
    expect(text.match(/✗ \[MUST\] key-spelling/g)).toHaveLength(1);
    expect(text).toContain('and 3 more like it (response[0].Alias, response[1].Alias, response[3].Alias)');
    expect(text).toContain('response:  200 item [2] of 4: {"_id":"g2","alias":"a2","name":"N2"}');
    expect(text).toContain('rule:      the description: "Keys are case-sensitive and spelled as below."');
  });

  it('prints the setup line, naming each variable and where its value came from, before the reproducers', () => {
    const text = formatConsoleReport(grouped);
    expect(text).toContain(
      `  export CONFORM_TOKEN="$(node -p 'require(process.argv[1]).token' '/x/conform.json')"  # CONFORM_TOKEN: config key "token" of /x/conform.json`,
    );
    expect(text.indexOf('export CONFORM_TOKEN')).toBeLessThan(text.indexOf('      reproduce:'));
  });

  it('says when most requests were 404', () => {
    expect(formatConsoleReport({ ...grouped, exchanges: 10, notFound: 9 })).toContain('9 of 10 requests were answered 404: is the base URL right?');
    expect(formatConsoleReport({ ...grouped, exchanges: 10, notFound: 2 })).not.toContain('is the base URL right?');
  });

  it('colours only when asked', () => {
    expect(formatConsoleReport(grouped)).not.toContain('\u001b[');
    expect(formatConsoleReport(grouped, { color: true })).toContain('\u001b[31m');
  });
});

describe('shouldColor', () => {
  it.each([
    ['a TTY', {}, true, true],
    ['a pipe', {}, false, false],
    ['NO_COLOR on a TTY', { NO_COLOR: '1' }, true, false],
    ['an empty NO_COLOR', { NO_COLOR: '' }, true, true],
    ['FORCE_COLOR on a pipe', { FORCE_COLOR: '1' }, false, true],
    ['FORCE_COLOR=0 on a TTY', { FORCE_COLOR: '0' }, true, true],
    ['FORCE_COLOR beats NO_COLOR', { FORCE_COLOR: '1', NO_COLOR: '1' }, false, true],
    ['a dumb terminal', { TERM: 'dumb' }, true, false],
  ])('%s', (_name, env, tty, want) => {
    expect(shouldColor(env, tty)).toBe(want);
  });
});

describe('setupLine', () => {
  it('assigns every variable and says where each came from', () => {
    const config = {
      baseUrl: 'http://h',
      token: 't',
      appSecret: 's',
      headers: { 'X-Api-Key': 'k', 'X-Mock-Session': 'w1' },
      origins: {
        token: { from: 'flag' as const, name: '--token' },
        appSecret: { from: 'env' as const, name: 'CONFORM_APP_SECRET' },
        'headers.x-api-key': { from: 'config' as const, name: 'headers.X-Api-Key', file: '/c.json' },
      },
    };
    const line = setupLine(replayVariables(config, { loggedIn: true, saveToken: '/tmp/tok' }));
    expect(line).toBe(
      `export CONFORM_TOKEN="\${CONFORM_TOKEN:?set it to the value given to --token}" CONFORM_APP_SECRET="\${CONFORM_APP_SECRET:?set it as for the run}" CONFORM_USER_TOKEN="$(cat '/tmp/tok')" CONFORM_HEADER_X_API_KEY="$(node -p 'require(process.argv[1]).headers["X-Api-Key"]' '/c.json')"` +
        `  # CONFORM_TOKEN: flag --token; CONFORM_APP_SECRET: environment; CONFORM_USER_TOKEN: the suite's OAuth login, saved by --save-token to /tmp/tok; CONFORM_HEADER_X_API_KEY: config key "headers.X-Api-Key" of /c.json`,
    );
  });
});

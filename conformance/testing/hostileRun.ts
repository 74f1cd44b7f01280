import { loadContract } from '../../spec/contract.ts';
import type { CheckFailure } from '../checks/Check.ts';
import { findProfile } from '../plan/profiles.ts';
import { finishRun } from '../report/finishRun.ts';
import type { ReportData } from '../report/Report.ts';
import type { RunResult } from '../run/RunResult.ts';
import { fakeExchange } from './fakeExchange.ts';

export const HOSTILE = '<script>alert("x")</script><img src=x onerror=alert(1)>';
export const SECRET = 'SECRET-TOKEN-123';

/** A finished result whose failures carry markup and a secret everywhere a target controls text; tests only. */
export function hostileRun(): ReportData {
  const exchange = {
    ...fakeExchange('listGroups', 200, [{ name: HOSTILE }]),
    request: {
      method: 'GET',
      url: `http://h/v1/groups?name=${encodeURIComponent(HOSTILE)}`,
      headers: { authorization: `Bearer ${SECRET}`, 'x-evil': HOSTILE },
    },
    curl: `curl -sS 'http://h/v1/groups' -H 'authorization: Bearer '"$CONFORM_TOKEN"`,
  };
  const described: CheckFailure = {
    check: 'filter-matches',
    severity: 'MUST',
    message: `item 0 (${HOSTILE}) does not match`,
    path: 'response[0].name',
    expected: 'name=A',
    actual: HOSTILE,
    exchange,
    source: { kind: 'description', text: 'Filters return only the groups that match them.' },
  };
  const decided: CheckFailure = {
    check: 'default-order',
    severity: 'SHOULD',
    message: 'groups come newest first',
    exchange,
    source: { kind: 'decision', text: 'Groups are listed oldest first' },
  };
  const bare: CheckFailure = { check: 'no-server-error', severity: 'MUST', message: 'answered 500', exchange: fakeExchange('getGroup', 500, 'boom') };
  const raw: RunResult = {
    baseUrl: 'http://h',
    seed: 7,
    strict: false,
    readOnly: false,
    areas: ['groups'],
    startedAt: '2026-03-02T09:00:00.000Z',
    durationMs: 20,
    cases: [
      {
        area: 'groups',
        title: `filter ${HOSTILE}`,
        status: 'failed',
        failures: [described, bare],
        warnings: [decided],
        operationIds: ['listGroups', 'getGroup'],
        exchanges: 2,
        durationMs: 5,
        checks: ['filter-matches', 'no-server-error', 'default-order', 'response-schema'],
      },
      {
        area: 'groups',
        title: 'read',
        status: 'skipped',
        skipReason: `no group ${HOSTILE}`,
        failures: [],
        warnings: [],
        operationIds: [],
        exchanges: 0,
        durationMs: 0,
      },
    ],
    counts: { passed: 0, failed: 1, skipped: 1, warnings: 1 },
    exchanges: 2,
    exchangeLog: [exchange],
    conformant: false,
    redact: (text) => text.split(SECRET).join('$CONFORM_TOKEN'),
  };
  return finishRun(raw, {
    contract: loadContract(),
    profile: findProfile('platform'),
    now: () => new Date('2026-03-02T09:00:01.000Z'),
    waivers: [{ check: 'no-server-error', operation: 'getGroup', reason: `flaky ${HOSTILE}`, expires: '2026-12-31' }],
  });
}

import { describe, expect, it } from 'vitest';
import type { CheckFailure } from '../checks/Check.ts';
import { UsageError } from '../config/UsageError.ts';
import type { CaseResult, RunResult } from '../run/RunResult.ts';
import { fakeExchange } from '../testing/fakeExchange.ts';
import { applyWaivers } from './applyWaivers.ts';
import { isExpired, parseWaivers, type Waiver } from './waivers.ts';

const known = { checks: new Set(['filter-matches', 'default-order', 'no-server-error']), operations: new Set(['listGroups', 'getGroup']) };
const parse = (value: unknown) => parseWaivers(JSON.stringify(value), 'waivers.json', known);

describe('parseWaivers', () => {
  it('reads a list of waivers, operation optional', () => {
    expect(
      parse([
        { check: 'filter-matches', operation: 'listGroups', reason: 'ticket 12', expires: '2026-04-30' },
        { check: 'default-order', reason: 'r', expires: '2026-01-01' },
      ]),
    ).toEqual([
      { check: 'filter-matches', operation: 'listGroups', reason: 'ticket 12', expires: '2026-04-30' },
      { check: 'default-order', reason: 'r', expires: '2026-01-01' },
    ]);
  });

  it.each([
    ['not JSON', '{', /waivers.json is not JSON/],
    ['not a list', JSON.stringify({ check: 'x' }), /must hold a JSON array/],
    ['an entry that is not an object', JSON.stringify(['filter-matches']), /waiver 0 must be an object/],
    ['an unknown key', JSON.stringify([{ check: 'filter-matches', reason: 'r', expires: '2026-01-01', until: 'x' }]), /waiver 0 has unknown key "until"/],
    ['no reason', JSON.stringify([{ check: 'filter-matches', expires: '2026-01-01' }]), /waiver 0 needs "reason"/],
    ['an empty reason', JSON.stringify([{ check: 'filter-matches', reason: ' ', expires: '2026-01-01' }]), /needs "reason" as a non-empty string/],
    ['no check', JSON.stringify([{ reason: 'r', expires: '2026-01-01' }]), /waiver 0 needs "check"/],
    [
      'an unknown check',
      JSON.stringify([{ check: 'filter-match', reason: 'r', expires: '2026-01-01' }]),
      /waiver 0 \(filter-match\): no check is named "filter-match"/,
    ],
    [
      'an unknown operation',
      JSON.stringify([{ check: 'filter-matches', operation: 'listGroup', reason: 'r', expires: '2026-01-01' }]),
      /the spec has no operation "listGroup"/,
    ],
    [
      'a date in another format',
      JSON.stringify([{ check: 'filter-matches', reason: 'r', expires: '30/04/2026' }]),
      /"expires" must be a date YYYY-MM-DD, got "30\/04\/2026"/,
    ],
    ['a date that does not exist', JSON.stringify([{ check: 'filter-matches', reason: 'r', expires: '2026-02-30' }]), /must be a date YYYY-MM-DD/],
    [
      'a bad second entry',
      JSON.stringify([
        { check: 'filter-matches', reason: 'r', expires: '2026-01-01' },
        { check: 'default-order', reason: 'r', expires: 20260101 },
      ]),
      /waiver 1 needs "expires"/,
    ],
  ])('refuses %s, naming the entry', (_name, text, message) => {
    expect(() => parseWaivers(text, 'waivers.json', known)).toThrow(UsageError);
    expect(() => parseWaivers(text, 'waivers.json', known)).toThrow(message);
  });
});

describe('isExpired', () => {
  const waiver: Waiver = { check: 'filter-matches', reason: 'r', expires: '2026-03-02' };
  it.each([
    ['the day before', '2026-03-01T23:59:59.000Z', false],
    ['on its last day', '2026-03-02T23:59:59.999Z', false],
    ['the day after', '2026-03-03T00:00:00.000Z', true],
  ])('%s', (_name, now, expired) => {
    expect(isExpired(waiver, new Date(now))).toBe(expired);
  });
});

describe('applyWaivers', () => {
  const failure = (check: string, operationId: string): CheckFailure => ({
    check,
    severity: 'MUST',
    message: `${check} broke`,
    exchange: fakeExchange(operationId, 200),
  });
  const cases: CaseResult[] = [
    {
      area: 'groups',
      title: 'filter',
      status: 'failed',
      failures: [failure('filter-matches', 'listGroups'), failure('filter-matches', 'listGroups')],
      warnings: [],
      operationIds: ['listGroups'],
      exchanges: 2,
      durationMs: 1,
    },
    {
      area: 'groups',
      title: 'read',
      status: 'failed',
      failures: [failure('filter-matches', 'getGroup'), failure('no-server-error', 'getGroup')],
      warnings: [],
      operationIds: ['getGroup'],
      exchanges: 1,
      durationMs: 1,
    },
  ];
  const result: RunResult = {
    baseUrl: 'http://h',
    seed: 1,
    strict: false,
    readOnly: false,
    areas: ['groups'],
    startedAt: '',
    durationMs: 1,
    cases,
    counts: { passed: 0, failed: 2, skipped: 0, warnings: 0 },
    exchanges: 3,
    conformant: false,
    redact: (t) => t,
  };
  const now = new Date('2026-03-02T09:00:00.000Z');

  it('waives matching failures (by check, and operation when given) and passes a case left with none', () => {
    const waiver: Waiver = { check: 'filter-matches', operation: 'listGroups', reason: 'known bug #12', expires: '2026-04-30' };
    const { result: out, outcome } = applyWaivers(result, [waiver], now);
    expect(out.cases.map((c) => [c.status, c.failures.map((f) => f.check), c.waived?.map((f) => f.waiver.reason)])).toEqual([
      ['passed', [], ['known bug #12', 'known bug #12']],
      ['failed', ['filter-matches', 'no-server-error'], undefined],
    ]);
    expect(out.counts).toEqual({ passed: 1, failed: 1, skipped: 0, warnings: 0, waived: 2 });
    expect(outcome).toEqual({ applied: [{ waiver, failures: 2 }], expired: [], stale: [] });
    expect(result.cases[0]?.status).toBe('failed');
  });

  it('a waiver without operation covers the check everywhere; the run conforms when nothing is left', () => {
    const { result: out } = applyWaivers(
      result,
      [
        { check: 'filter-matches', reason: 'r', expires: '2026-04-30' },
        { check: 'no-server-error', operation: 'getGroup', reason: 'r', expires: '2026-04-30' },
      ],
      now,
    );
    expect(out.conformant).toBe(true);
    expect(out.counts.waived).toBe(4);
  });

  it('reports an expired waiver (it waives nothing) and a stale one (it matched nothing)', () => {
    const expired: Waiver = { check: 'filter-matches', reason: 'old', expires: '2026-03-01' };
    const stale: Waiver = { check: 'default-order', reason: 'fixed since?', expires: '2027-01-01' };
    const { result: out, outcome } = applyWaivers(result, [expired, stale], now);
    expect(out.counts.failed).toBe(2);
    expect(out.counts.waived).toBe(0);
    expect(outcome).toEqual({ applied: [], expired: [expired], stale: [stale] });
  });
});

import { describe, expect, it } from 'vitest';
import { loadContract } from '../../../spec/contract.ts';
import type { Exchange } from '../../client/Exchange.ts';
import type { CaseResult, RunResult } from '../../run/RunResult.ts';
import { computeCoverage } from './computeCoverage.ts';
import { listedValues } from './specInventory.ts';

const contract = loadContract();

function exchange(operationId: string, status: number | undefined, url: string, extra: Partial<Exchange['request']> = {}): Exchange {
  return {
    id: 1,
    operationId,
    request: { method: 'GET', url: `http://h${url}`, headers: {}, ...extra },
    ...(status !== undefined ? { response: { status, headers: {}, bodyText: '', body: undefined } } : { error: 'ECONNRESET' }),
    durationMs: 1,
    curl: '',
  };
}

function run(exchanges: Exchange[], overrides: Partial<RunResult> = {}, cases: CaseResult[] = []): RunResult {
  return {
    baseUrl: 'http://h',
    seed: 1,
    strict: false,
    readOnly: false,
    areas: ['groups', 'data-actions', 'installations'],
    startedAt: '',
    durationMs: 1,
    cases,
    counts: { passed: 0, failed: 0, skipped: 0, warnings: 0 },
    exchanges: exchanges.length,
    exchangeLog: exchanges,
    conformant: true,
    redact: (t) => t,
    ...overrides,
  };
}

const plan = { operations: [...contract.operations.keys()] };

describe('computeCoverage', () => {
  it('counts an operation covered only by a success, and says why the others are not', () => {
    const coverage = computeCoverage(
      contract,
      run([
        exchange('listGroups', 200, '/v1/groups?active=true&sort=-name,alias'),
        exchange('searchGroups', 401, '/v1/groups/search'),
        exchange('getGroup', undefined, '/v1/groups/x'),
      ]),
      plan,
    );
    const why = Object.fromEntries(coverage.operations.notCovered.map((u) => [u.operation, `${u.why}: ${u.detail}`]));
    expect(why).toMatchObject({
      searchGroups: 'not reachable: every request was refused (401)',
      getGroup: 'not reachable: no answer: ECONNRESET',
      getUpdatedUsers: 'not reachable: no step of the suite sends a request to it',
    });
    expect(coverage.operations).toMatchObject({ covered: 1, total: 8 });
    expect(coverage.outOfPlan).toEqual(expect.arrayContaining(['getUserInfo', 'uploadSyncEntities', 'token']));
    expect(coverage.outOfPlan).not.toContain('listGroups');
  });

  it('covers statuses, parameters and the values the spec lists for them', () => {
    const coverage = computeCoverage(
      contract,
      run([
        exchange('listGroups', 200, '/v1/groups?active=true&sort=-name,alias', { headers: { 'community-id': 'c' } }),
        exchange('listGroups', 400, '/v1/groups?active=maybe'),
      ]),
      plan,
    );
    const missing = (figure: 'statuses' | 'parameters') => coverage[figure].notCovered.filter((u) => u.operation === 'listGroups').map((u) => u.item);
    expect(missing('statuses')).toEqual(['401', '403']);
    const params = missing('parameters');
    for (const covered of ['header community-id', 'query active', 'query active=true', 'query sort', 'query sort=name', 'query sort=alias'])
      expect(params).not.toContain(covered);
    for (const uncovered of ['query active=false', 'query sort=createdAt', 'query page', 'query limit']) expect(params).toContain(uncovered);
    expect(coverage.parameters.notCovered.find((u) => u.item === 'query page')).toMatchObject({
      why: 'not reachable',
      detail: 'no step of the suite sends this parameter',
    });
  });

  it('covers request body keys, nested', () => {
    const body = JSON.stringify({ secret: 's', data: { after: '2026-01-01T00:00:00Z', limit: 5 } });
    const coverage = computeCoverage(
      contract,
      run([
        exchange('getUpdatedUsers', 200, '/v1/@platform:data:Users:getUpdatedAfter', { method: 'POST', body, headers: { 'content-type': 'application/json' } }),
      ]),
      plan,
    );
    const users = coverage.requestBodyKeys.notCovered.filter((u) => u.operation === 'getUpdatedUsers').map((u) => u.item);
    for (const key of ['secret', 'data', 'data.after', 'data.limit']) expect(users).not.toContain(key);
    expect(users).toContain('data.season');
  });

  it('blames --read-only for a write, and a skipped step for what it would have reached', () => {
    const skipped: CaseResult = {
      area: 'data-actions',
      title: 'data actions',
      status: 'skipped',
      skipReason: 'no app secret (--app-secret or CONFORM_APP_SECRET)',
      failures: [],
      warnings: [],
      operationIds: [],
      exchanges: 0,
      durationMs: 0,
    };
    const coverage = computeCoverage(contract, run([], { readOnly: true }, [skipped]), plan);
    const why = Object.fromEntries(coverage.operations.notCovered.map((u) => [u.operation, u.why]));
    expect(why).toMatchObject({
      updateAppInstallation: 'read-only',
      approveAppInstallation: 'read-only',
      getUpdatedUsers: 'skipped',
      listGroups: 'not reachable',
    });
    expect(coverage.statuses.notCovered.find((u) => u.operation === 'getUpdatedUsers')?.detail).toMatch(/no app secret/);
  });

  it('counts only the profile operations of the selected areas', () => {
    const coverage = computeCoverage(
      contract,
      run([exchange('getUpdatedUsers', 200, '/x'), exchange('getUpdatedComponents', 200, '/y')], { areas: ['data-actions'] }),
      { operations: ['getUpdatedUsers', 'getUpdatedComponents'] },
    );
    expect(coverage.operations).toMatchObject({ covered: 2, total: 2, percent: 100, notCovered: [] });
  });

  it.each([
    ['a boolean', { type: 'boolean' }, ['true', 'false']],
    ['x-known-values', { type: 'string', 'x-known-values': ['a', 'b'] }, ['a', 'b']],
    ['an enum', { enum: ['x', 1] }, ['x', '1']],
    ['a comma-separated list', { type: 'string', pattern: '^(members|groups|community)(,(members|groups|community))*$' }, ['members', 'groups', 'community']],
    ['a signed list', { type: 'string', pattern: '^-?(createdAt|name)(,-?(createdAt|name))*$' }, ['createdAt', 'name']],
    ['a free string', { type: 'string' }, []],
  ])('lists the values of %s', (_name, schema, values) => {
    expect(listedValues({ name: 'p', in: 'query', required: false, schema, schemaPointer: '', inferred: false })).toEqual(values);
  });
});

import { describe, expect, it } from 'vitest';
import { fakeExchange } from '../testing/fakeExchange.ts';
import type { CaseResult } from '../run/RunResult.ts';
import { claimOperations, keepClaimed, parseProfileFile } from './claimOperations.ts';
import { findProfile } from './profiles.ts';

const platform = findProfile('platform');

describe('claimOperations: a partner who implements part of the API', () => {
  it('keeps the areas that send to a claimed operation, and counts only the claimed operations', () => {
    const p = claimOperations(platform, ['getUpdatedUsers', 'getUpdatedComponents']);
    expect(p.operations).toEqual(['getUpdatedUsers', 'getUpdatedComponents']);
    expect(p.areas).toEqual(['data-actions', 'sync', 'generate']);
    expect(p.checks).toContain('data-action-limit');
    expect(p.checks).not.toContain('approve-effect');
  });

  it.each<[string, string[], RegExp]>([
    ['an operation the spec lacks', ['listGroups', 'deleteEverything'], /--operations names deleteEverything/],
    ['nothing', [], /names no operation/],
  ])('refuses %s', (_name, operations, message) => {
    expect(() => claimOperations(platform, operations)).toThrow(message);
  });

  it('reads a profile file strictly', () => {
    const p = parseProfileFile('{"name":"escola-parceira","operations":["listGroups","getGroup"],"areas":["groups"]}', 'p.json', platform);
    expect(p).toMatchObject({ name: 'escola-parceira', operations: ['listGroups', 'getGroup'], areas: ['groups'] });
    expect(() => parseProfileFile('{"name":"x","operations":["listGroups"],"area":[]}', 'p.json', platform)).toThrow(/unknown key "area"/);
    expect(() => parseProfileFile('{"name":"x"}', 'p.json', platform)).toThrow(/"operations" lists/);
    expect(() => parseProfileFile('{"name":"x","operations":["listGroups"],"areas":["installations"]}', 'p.json', platform)).toThrow(
      /not an area of the claimed/,
    );
  });
});

describe('keepClaimed: nothing is failed on an operation the target does not claim', () => {
  const failure = (operationId: string | undefined) => ({
    check: 'auth-required',
    severity: 'MUST' as const,
    message: 'no token accepted',
    exchange: fakeExchange(operationId, 200, {}),
  });
  const step = (title: string, failures: ReturnType<typeof failure>[]): CaseResult => ({
    area: 'auth',
    title,
    status: failures.length ? 'failed' : 'passed',
    failures,
    warnings: [],
    operationIds: [],
    exchanges: 1,
    durationMs: 1,
  });

  it('takes out the failures on unclaimed operations, reports them apart, and passes a step left with none', () => {
    const { cases, unclaimed } = keepClaimed(
      [
        step('every protected operation needs a token', [failure('listGroups'), failure('uploadSyncEntities')]),
        step('sync', [failure('uploadSyncEntities')]),
        step('broken', [failure(undefined)]),
      ],
      ['listGroups'],
    );
    expect(cases.map((c) => [c.title, c.status, c.failures.length])).toEqual([
      ['every protected operation needs a token', 'failed', 1],
      ['sync', 'passed', 0],
      ['broken', 'failed', 1],
    ]);
    expect(unclaimed.map((u) => `${u.step}: ${u.failure.exchange.operationId}`)).toEqual([
      'auth › every protected operation needs a token: uploadSyncEntities',
      'auth › sync: uploadSyncEntities',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { configValueMap, isConfiguredCredential } from './configValueMap.ts';
import { ReplayMapper } from './ReplayMapper.ts';
import { relationOf } from './replayRelations.ts';
import type { RecordedCall } from './selectApiEntries.ts';

const call = (n: number, responseJson: unknown, requestJson?: unknown): RecordedCall => ({
  n,
  har: { index: n, startedDateTime: '', method: 'GET', url: 'http://x/', headers: {}, status: 200, responseHeaders: {} },
  operationId: 'listGroups',
  pathParams: {},
  query: [],
  responseJson,
  ...(requestJson !== undefined ? { requestJson } : {}),
});

const recorded = { community: 'mock-c', appId: 'mock-app', pendingApproval: { appId: 'mock-manual', community: 'mock-c' } };
const target = { baseUrl: 'http://t', community: 'real-c', appId: 'real-app', pendingApproval: { appId: 'real-manual', community: 'real-c' } };

describe('ReplayMapper', () => {
  const mapper = (): ReplayMapper => {
    const m = new ReplayMapper(configValueMap(recorded, target));
    const upload = call(1, undefined, { groups: { data: [{ alias: 'mine' }] } });
    m.sent(upload);
    m.answer(upload, undefined);
    m.answer(
      call(2, [
        { _id: 'm1', alias: 'seed-a' },
        { _id: 'm2', alias: 'mine' },
        { _id: 'm3', alias: 'seed-c' },
      ]),
      [
        { _id: 't9', alias: 'mine' },
        { _id: 't1', alias: 'x' },
        { _id: 't2', alias: 'y' },
      ],
    );
    return m;
  };

  it.each<[string, string, string, object]>([
    ['a configured value', 'appId', 'mock-manual', { value: 'real-manual', from: 'config' }],
    ['a run id the client names', 'syncRunId', 'run-7', { value: 'run-7', from: 'client' }],
    ['an id at a position of an earlier answer', 'groupId', 'm3', { value: 't2', from: 'answer', source: { call: 2, path: 'response[2]._id' } }],
    ['the id of a group the client uploaded: by its alias', 'groupId', 'm2', { value: 't9', from: 'answer' }],
    ['an alias the client uploaded', 'alias', 'mine', { value: 'mine', from: 'client' }],
    ['an id from nowhere', 'groupId', 'zz', { unmapped: expect.stringMatching(/came from no earlier answer/) }],
  ])('maps %s', (_name, param, value, want) => {
    expect(mapper().pathParam(param, value)).toMatchObject(want);
  });

  it('maps query values taken from answers, leaves paging and short values alone', () => {
    const m = mapper();
    expect([m.queryValue('alias', 'seed-c'), m.queryValue('page', 'm1'), m.queryValue('name', 'ab'), m.queryValue('q', 'typed')]).toEqual([
      'y',
      'm1',
      'ab',
      'typed',
    ]);
  });

  it('replaces configured values at any depth of a body', () => {
    expect(mapper().body({ context: { community: 'mock-c' }, list: ['mock-app', 'other'] })).toEqual({
      context: { community: 'real-c' },
      list: ['real-app', 'other'],
    });
  });
});

describe('isConfiguredCredential', () => {
  it.each<[string, string | undefined, boolean]>([
    ['sk_0123456789abcdef', 'sk_0123456789abcdef', true],
    ['***cdef', 'sk_0123456789abcdef', true],
    ['***beef', 'sk_0123456789abcdef', false],
    ['***', 'short', true],
    ['***', 'sk_0123456789abcdef', false],
    ['anything', undefined, false],
  ])('%s against %s: %s', (recordedValue, configured, want) => {
    expect(isConfiguredCredential(recordedValue, configured)).toBe(want);
  });
});

describe('relationOf', () => {
  it.each<[Record<string, string>, Record<string, string>, ReturnType<typeof relationOf>]>([
    [{ limit: '3', page: '1' }, { limit: '3', page: '2' }, 'next-page'],
    [{ limit: '8' }, { limit: '8', name: 'A' }, 'narrowed'],
    [{ limit: '8', name: 'A' }, { limit: '8', name: 'B' }, undefined],
    [{ limit: '8' }, { limit: '5', name: 'A' }, undefined],
    [{ limit: '3' }, { limit: '3', page: '2' }, undefined],
  ])('%j then %j: %s', (before, after, want) => {
    expect(relationOf(before, after)).toBe(want);
  });
});

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

describe('ReplayMapper.rebase (read-modify-write)', () => {
  const listed = {
    manifest: { id: 'mock-app', displayName: 'Mock app' },
    approvedAt: '2025-01-01T00:00:00.000Z',
    active: true,
    status: 'installed',
    contactInfo: { name: 'Ana', telephone: '+55 11 1' },
  };
  const theirs = { manifest: { id: 'real-app', displayName: 'Real app' }, approvedAt: '2026-02-02T00:00:00.000Z', active: true, status: 'installed' };
  const withAnswer = (): ReplayMapper => {
    const m = new ReplayMapper(configValueMap(recorded, target));
    m.answer(call(1, [listed]), [{ ...theirs, contactInfo: { name: 'Bruno', telephone: '+55 21 2' } }]);
    return m;
  };

  it("sends the target's record with what the frontend changed, key by key", () => {
    const sent = { ...listed, contactInfo: { ...listed.contactInfo, email: 'front@example.org' } };
    expect(withAnswer().rebase(sent)).toEqual({ ...theirs, contactInfo: { name: 'Bruno', telephone: '+55 21 2', email: 'front@example.org' } });
  });

  it('leaves out what the target does not have, and keeps a changed top-level value as sent', () => {
    const sent = { ...listed, status: 'uninstalled', approvedBy: 'u1' };
    const m = new ReplayMapper(configValueMap(recorded, target));
    m.answer(call(1, [{ ...listed, approvedBy: 'u1' }]), [theirs]);
    expect(m.rebase(sent)).toEqual({ manifest: theirs.manifest, approvedAt: theirs.approvedAt, active: true, status: 'uninstalled' });
  });

  it.each<[string, unknown]>([
    ['a body of its own (fewer than three keys as answered)', { active: true, status: 'installed', note: 'x' }],
    ['a body less than half of which was answered', { active: true, status: 'installed', approvedAt: listed.approvedAt, a: 1, b: 2, c: 3, d: 4 }],
    ['not an object', ['a']],
  ])('sends %s as recorded', (_name, sent) => {
    expect(withAnswer().rebase(sent)).toEqual(sent);
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

describe('ReplayMapper on a large recording', () => {
  // 200 recorded lists of 100 installations each (20,000 records, sharing six of their nine values), then 200
  // writes of one of them with a change: the work is bounded by counts, not time.
  const READS = 200;
  const PER_LIST = 100;
  const WRITES = 200;
  const record = (r: number, i: number) => ({
    _id: `id-${r}-${i}`,
    alias: `alias-${r}-${i}`,
    name: `Nome ${r}.${i}`,
    status: 'installed',
    active: true,
    community: 'c',
    season: '2026',
    createdAt: '2026-01-01T00:00:00.000Z',
    manifest: { id: 'app', approval: 'manual' },
  });

  it('indexes each recorded record once and visits only the records sharing a rare value with each write', () => {
    const m = new ReplayMapper(configValueMap(recorded, target));
    for (let r = 0; r < READS; r++) {
      const list = Array.from({ length: PER_LIST }, (_, i) => record(r, i));
      m.answer(
        call(r + 1, list),
        list.map((x) => ({ ...x, _id: `t-${x._id}` })),
      );
    }
    for (let w = 0; w < WRITES; w++) {
      const source = record(w, w % PER_LIST);
      expect(m.rebase({ ...source, status: 'uninstalled' })).toEqual({ ...source, _id: `t-${source._id}`, status: 'uninstalled' });
    }
    // Each recorded record (the 20,000 installations and their manifests; the lists are arrays) is indexed once.
    expect(m.index.work.indexed).toBe(READS * PER_LIST * 2);
    // A write of 9 keys needs 5 shared ones. Its rarest pairs (the changed status: none; the id: its record,
    // sharing 8) are walked first; a record met later could share at most 7, so the 20,000 records sharing a
    // common value are never visited.
    expect(m.index.work.visited).toBeLessThanOrEqual(WRITES * 3);
  });

  it('prefers the latest answer when the same record was listed twice, and the first place in it', () => {
    const m = new ReplayMapper(configValueMap(recorded, target));
    const x = record(0, 0);
    m.answer(call(1, [x]), [{ ...x, _id: 'old' }]);
    m.answer(call(2, [x, x]), [
      { ...x, _id: 'new' },
      { ...x, _id: 'second' },
    ]);
    expect(m.rebase({ ...x, active: false })).toMatchObject({ _id: 'new', active: false });
  });
});

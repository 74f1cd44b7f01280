import { describe, expect, it } from 'vitest';
import type { StubRequest } from './matchStub.ts';
import { matchStub } from './matchStub.ts';
import type { StubDefinition } from './StubDefinition.ts';
import { StubSet } from './StubSet.ts';

const request = (over: Partial<StubRequest> = {}): StubRequest => ({
  method: 'GET',
  path: '/v1/groups',
  operationId: 'listGroups',
  query: { season: '2026', tag: ['a', 'b'] },
  headers: { 'community-id': 'c1', 'x-trace': 't-42' },
  body: undefined,
  ...over,
});

describe('matchStub: every part named must match, parts not named match anything', () => {
  const cases: [string, StubDefinition, StubRequest, boolean][] = [
    ['nothing named matches any request', { status: 500 }, request(), true],
    ['the operation', { operationId: 'listGroups' }, request(), true],
    ['another operation', { operationId: 'getGroup' }, request(), false],
    ['the method in any case', { method: 'GET' }, request({ method: 'get' }), true],
    ['another method', { method: 'POST' }, request(), false],
    ['a path pattern', { path: '/v1/*' }, request(), true],
    ['a path pattern that does not cover the path', { path: '/v1/groups/*' }, request(), false],
    ['a query value', { when: { query: { season: '2026' } } }, request(), true],
    ['a query pattern', { when: { query: { season: '20*' } } }, request(), true],
    ['a query value that differs', { when: { query: { season: '2025' } } }, request(), false],
    ['a repeated parameter matches when one of its values does', { when: { query: { tag: 'b' } } }, request(), true],
    ['an absent parameter', { when: { query: { page: '*' } } }, request(), false],
    ['exactQuery refuses a parameter not named', { when: { query: { season: '2026' }, exactQuery: true } }, request(), false],
    ['exactQuery with every parameter named', { when: { query: { season: '*', tag: '*' }, exactQuery: true } }, request(), true],
    ['exactQuery without parameters on a request without any', { when: { exactQuery: true } }, request({ query: {} }), true],
    ['a header, its name lower-cased when parsed', { when: { headers: { 'x-trace': 't-*' } } }, request(), true],
    ['an absent header', { when: { headers: { 'x-other': '*' } } }, request(), false],
    ['a body that holds the keys given', { when: { body: { a: 1, b: { c: 'x' } } } }, request({ body: { a: 1, b: { c: 'x', d: 2 }, e: 3 } }), true],
    ['a body value that differs', { when: { body: { a: 1 } } }, request({ body: { a: 2 } }), false],
    ['an array is compared element by element', { when: { body: { list: [1, 2] } } }, request({ body: { list: [1, 2, 3] } }), false],
    ['no body at all', { when: { body: { a: 1 } } }, request(), false],
    [
      'all parts at once',
      { operationId: 'listGroups', method: 'GET', path: '/v1/groups', when: { query: { season: '2026' }, headers: { 'community-id': 'c1' } } },
      request(),
      true,
    ],
  ];
  it.each(cases)('%s', (_name, stub, req, want) => {
    expect(matchStub(stub, req)).toBe(want);
  });
});

describe('StubSet: which stub answers', () => {
  const cases: [string, { stubs: StubDefinition[]; requests: number; want: (string | undefined)[] }][] = [
    ['none: the stateful mock answers', { stubs: [], requests: 1, want: [undefined] }],
    [
      'the one that matches',
      {
        stubs: [
          { operationId: 'getGroup', status: 1 },
          { operationId: 'listGroups', status: 2 },
        ],
        requests: 1,
        want: ['s2'],
      },
    ],
    ['on a tie, the one added last', { stubs: [{ status: 1 }, { status: 2 }], requests: 2, want: ['s2', 's2'] }],
    ['a higher priority beats a newer one', { stubs: [{ status: 1, priority: 5 }, { status: 2 }], requests: 1, want: ['s1'] }],
    ['times counts down, then the next one answers', { stubs: [{ status: 1 }, { status: 2, times: 2 }], requests: 3, want: ['s2', 's2', 's1'] }],
    ['a used-up stub with nothing behind it: the mock answers', { stubs: [{ status: 1, times: 1 }], requests: 2, want: ['s1', undefined] }],
    [
      'a higher priority that does not match does not hide a lower one',
      { stubs: [{ status: 1 }, { operationId: 'getGroup', status: 2, priority: 9 }], requests: 1, want: ['s1'] },
    ],
  ];
  it.each(cases)('%s', (_name, { stubs, requests, want }) => {
    const set = new StubSet();
    for (const stub of stubs) set.add(stub);
    const got = Array.from({ length: requests }, () => set.take(request())?.id);
    expect(got).toEqual(want);
  });

  it('counts what each stub answered, keeps a used-up stub listed, and skips a switched-off one', () => {
    const set = new StubSet();
    const a = set.add({ status: 1, times: 1 });
    const b = set.add({ status: 2 });
    set.setEnabled(b.id, false);
    expect(set.take(request())?.id).toBe(a.id);
    expect(set.take(request())).toBeUndefined();
    expect(set.list().map((s) => [s.id, s.matched, s.remaining, s.enabled])).toEqual([
      ['s1', 1, 0, true],
      ['s2', 0, undefined, false],
    ]);
  });

  it('exports and restores its state, ids continuing after the highest', () => {
    const set = new StubSet();
    set.add({ status: 1 });
    set.add({ status: 2, times: 3 });
    set.take(request());
    const copy = new StubSet();
    copy.restoreState(JSON.parse(JSON.stringify(set.exportState())));
    expect(copy.list()).toEqual(set.list());
    expect(copy.add({ status: 3 }).id).toBe('s3');
  });
});

import { describe, expect, it } from 'vitest';
import { loadContract } from '../../spec/contract.ts';
import { harToStubs } from './harToStubs.ts';
import { StubSet } from './StubSet.ts';

const contract = loadContract(undefined, { compile: 'lazy' });

function entry(
  method: string,
  url: string,
  status: number,
  body?: unknown,
  extra: { headers?: Record<string, string>; request?: unknown; truncated?: boolean } = {},
) {
  return {
    request: {
      method,
      url: `https://staging.example.org${url}`,
      headers: Object.entries({ 'community-id': 'c1', authorization: 'Bearer ***abcd', ...extra.headers }).map(([name, value]) => ({ name, value })),
      ...(extra.request !== undefined ? { postData: { mimeType: 'application/json', text: JSON.stringify(extra.request) } } : {}),
    },
    response: {
      status,
      headers: [
        { name: 'Content-Type', value: 'application/json' },
        { name: 'X-Total-Count', value: '7' },
        { name: 'Set-Cookie', value: 'sid=1' },
        { name: 'Date', value: 'x' },
      ],
      content: { mimeType: 'application/json', ...(body !== undefined ? { text: JSON.stringify(body) } : {}) },
    },
    ...(extra.truncated ? { _truncated: true } : {}),
  };
}
const har = (...entries: unknown[]) => ({ log: { version: '1.2', entries } });

describe('harToStubs', () => {
  it('skips what the stateful mock must answer, saying why', () => {
    const { stubs, skipped } = harToStubs(
      har(
        entry('GET', '/oauth/authorize?x=1', 200),
        entry('GET', '/v1/groups', 0),
        entry('GET', '/v1/groups', 200, [], { truncated: true }),
        entry('GET', '/v1/groups', 200, []),
      ),
      contract,
    );
    expect(stubs).toHaveLength(1);
    expect(skipped.map((s) => [s.entry, s.reason])).toEqual([
      [0, 'GET /oauth/authorize is no API operation'],
      [1, 'status 0 (no answer recorded)'],
      [2, 'a body was cut when it was recorded'],
    ]);
  });

  it('matches what the request had, answers what was recorded, and leaves the connection’s headers and secrets out', () => {
    const { stubs } = harToStubs(
      har(entry('POST', '/v2/sync/run-1/uploadEntities', 200, { ok: true, clientSecret: 'sk_0123456789abcdef' }, { request: { groups: {}, secret: 'x' } })),
      contract,
    );
    expect(stubs[0]).toMatchObject({
      operationId: expect.any(String),
      method: 'POST',
      path: '/v2/sync/run-1/uploadEntities',
      when: { exactQuery: true, headers: { 'community-id': 'c1' }, body: { groups: {} } },
      status: 200,
      body: { ok: true, clientSecret: '***cdef' },
      headers: { 'Content-Type': 'application/json', 'X-Total-Count': '7' },
    });
  });

  it('a request recorded several times answers its answers in order, then the last one again', () => {
    const { stubs } = harToStubs(
      har(entry('GET', '/v1/groups?limit=2', 200, ['a']), entry('GET', '/v1/groups?limit=3', 200, ['x']), entry('GET', '/v1/groups?limit=2', 200, ['b'])),
      contract,
    );
    const set = new StubSet();
    for (const stub of stubs) set.add(stub);
    const req = (limit: string) => ({
      method: 'GET',
      path: '/v1/groups',
      operationId: 'listGroups',
      query: { limit },
      headers: { 'community-id': 'c1' },
      body: undefined,
    });
    expect([set.take(req('2'))?.body, set.take(req('2'))?.body, set.take(req('2'))?.body, set.take(req('3'))?.body]).toEqual([['a'], ['b'], ['b'], ['x']]);
    // Another query, or one more parameter: not what was recorded.
    expect(set.take({ ...req('2'), query: { limit: '2', page: '2' } })).toBeUndefined();
  });

  it('refuses what is not a HAR', () => {
    expect(() => harToStubs({ log: {} }, contract)).toThrow(/log.entries must be an array/);
  });
});

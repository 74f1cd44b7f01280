/** The journal's query.NAME and header.NAME filters, on GET /__mock/journal and POST /__mock/journal/count. */
import { describe, expect, it } from 'vitest';
import type { MockHarness } from '../testing/startMock.ts';
import { useMock } from '../testing/useMock.ts';

let mock: MockHarness;
let community: string;
let token: string;
useMock('file', (fx) => ({ mock, community, token } = fx));

describe('the journal matches query parameters and headers', () => {
  it.each([
    ['query.season=2026', { 'query.season': '2026' }, ['/v1/groups?season=2026&limit=1']],
    ['query.season=20*', { 'query.season': '20*' }, ['/v1/groups?season=2026&limit=1', '/v1/groups?season=2025']],
    ['query.limit=1 and query.season=2026', { 'query.limit': 1, 'query.season': '2026' }, ['/v1/groups?season=2026&limit=1']],
    ['a parameter no request has', { 'query.page': '2' }, []],
    ['header.community-id', { 'header.community-id': 'COMMUNITY' }, ['/v1/groups?season=2026&limit=1', '/v1/groups?season=2025', '/v1/groups']],
    ['a header name in capitals', { 'header.X-Trace': 't-1' }, ['/v1/groups?season=2025']],
    ['bodyContains on a request without a body', { bodyContains: 'x' }, []],
  ])('%s', async (_name, filter, urls) => {
    await mock.call('DELETE', '/__mock/journal');
    await mock.call('GET', '/v1/groups?season=2026&limit=1', { token, community });
    await mock.call('GET', '/v1/groups?season=2025', { token, community, headers: { 'x-trace': 't-1' } });
    await mock.call('GET', '/v1/groups', { token, community });
    const query = Object.fromEntries(Object.entries(filter).map(([k, v]) => [k, v === 'COMMUNITY' ? community : v]));
    const listed = (await mock.call<any[]>('GET', '/__mock/journal', { query })).body;
    expect(listed.map((e) => e.url)).toEqual(urls);
    expect((await mock.call<any>('POST', '/__mock/journal/count', { body: query })).body).toEqual({ count: urls.length });
  });

  it.each([
    ['a misspelt prefix', { 'params.season': '2026' }, /Unknown journal filter "params.season"/],
    ['an empty name', { 'query.': '2026' }, /Unknown journal filter/],
    ['too many stars', { 'header.x': '*a'.repeat(17) }, /at most 16/],
    ['a path pattern with too many stars', { path: `${'*a'.repeat(17)}b` }, /at most 16/],
    ['a path pattern too long', { path: `/${'a'.repeat(600)}` }, /at most 512 characters/],
  ])('refuses %s with a 400 naming it', async (_name, query, detail) => {
    const res = await mock.call<any>('GET', '/__mock/journal', { query });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(detail);
  });

  it('answers a hostile *a*a*a…b path pattern against long journaled paths (linear matching)', async () => {
    await mock.call('DELETE', '/__mock/journal');
    for (let i = 0; i < 20; i++) await mock.call('GET', `/v1/groups/${'a'.repeat(4000)}${i}`, { token, community });
    const res = await mock.call<any[]>('GET', '/__mock/journal', { query: { path: `${'*a'.repeat(16)}b` } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect((await mock.call<any[]>('GET', '/__mock/journal', { query: { path: `${'*a'.repeat(15)}*1` } })).body.length).toBeGreaterThan(0);
  });
});

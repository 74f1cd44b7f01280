import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Group } from '../../spec/openapi.d.ts';
import { devToken, type MockHarness, startMock } from '../testing/startMock.ts';

let mock: MockHarness;
let community: string;
let other: string;
let token: string;
let all: Group[];

beforeAll(async () => {
  mock = await startMock();
  const communities = mock.deps.store.communities();
  community = communities[0]!.id;
  other = communities[1]!.id;
  token = devToken(mock.deps, community, 'coordenator');
  const list = await mock.call<Group[]>('GET', '/v1/groups', { token, community, query: { limit: 1000 } });
  all = list.body;
});
afterAll(async () => {
  expect(mock.violations).toEqual([]);
  await mock.close();
});

const get = (path: string, query?: Record<string, string | number | boolean>) => mock.call<any>('GET', path, { token, community, query });

describe('GET /v1/groups', () => {
  it("lists the community's groups in creation order, with X-Total-Count", async () => {
    expect(all.length).toBeGreaterThan(5);
    expect(all.every((g) => g.community === community)).toBe(true);
    const created = all.map((g) => g.createdAt as string);
    expect(created).toEqual([...created].sort());
    const res = await get('/v1/groups', { limit: 3 });
    expect(res.body).toEqual(all.slice(0, 3));
    expect(res.headers.get('x-total-count')).toBe(String(all.length));
  });

  it.each([
    ['active=true', () => ({ active: true }), (g: Group) => g.active === true],
    ['active=false', () => ({ active: false }), (g: Group) => g.active === false],
    ['name', () => ({ name: all[1]!.name }), (g: Group) => g.name === all[1]!.name],
    ['season', () => ({ season: all[0]!.season as string }), (g: Group) => g.season === all[0]!.season],
    [
      'admins.user',
      () => ({ 'admins.user': all.find((g) => g.admins?.length)!.admins![0]!.user as string }),
      (g: Group) => !!g.admins?.some((a) => a.user === all.find((x) => x.admins?.length)!.admins![0]!.user),
    ],
    ['createdAt (a day)', () => ({ createdAt: all[2]!.createdAt!.slice(0, 10) }), (g: Group) => g.createdAt!.startsWith(all[2]!.createdAt!.slice(0, 10))],
    ['createdAt (an instant)', () => ({ createdAt: all[2]!.createdAt as string }), (g: Group) => g.createdAt === all[2]!.createdAt],
  ])('filters by %s: only matching groups, a subset of the list', async (_name, filter, predicate) => {
    const res = await get('/v1/groups', { ...filter(), limit: 1000 });
    expect(res.status).toBe(200);
    const expected = all.filter(predicate);
    expect(expected.length).toBeGreaterThan(0);
    expect(res.body).toEqual(expected);
  });

  it('pages without overlap', async () => {
    const p1 = await get('/v1/groups', { limit: 4, page: 1 });
    const p2 = await get('/v1/groups', { limit: 4, page: 2 });
    expect([...p1.body, ...p2.body]).toEqual(all.slice(0, 8));
    const beyond = await get('/v1/groups', { limit: 4, page: 10_000 });
    expect(beyond.body).toEqual([]);
  });

  it.each([['name'], ['-updatedAt'], ['alias,-createdAt']])('sorts by %s', async (sort) => {
    const res = await get('/v1/groups', { sort, limit: 1000 });
    const [first] = sort.split(',');
    const key = first!.replace('-', '') as keyof Group;
    const values = (res.body as Group[]).map((g) => String(g[key]));
    const sorted = [...values].sort();
    expect(values).toEqual(first!.startsWith('-') ? sorted.reverse() : sorted);
  });

  it.each([
    ['active=maybe', { active: 'maybe' }, 'active', 'type'],
    ['limit=0', { limit: 0 }, 'limit', 'minimum'],
    ['limit=abc', { limit: 'abc' }, 'limit', 'type'],
    ['page=-1', { page: -1 }, 'page', 'minimum'],
    ['sort=colour', { sort: 'colour' }, 'sort', 'pattern'],
    ['createdAt=yesterday', { createdAt: 'yesterday' }, 'createdAt', 'format'],
    ['createdAt=2026-02-30 (no such day)', { createdAt: '2026-02-30' }, 'createdAt', 'format'],
    ['createdAt=2026-13-45 (no such month)', { createdAt: '2026-13-45' }, 'createdAt', 'format'],
    ['createdAt=2026-01-15T25:00:00Z (no such hour)', { createdAt: '2026-01-15T25:00:00Z' }, 'createdAt', 'format'],
  ])('refuses %s with a 400 problem naming the parameter', async (_name, query, path, rule) => {
    const res = await get('/v1/groups', query);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.body.errors).toEqual([expect.objectContaining({ in: 'query', path, rule })]);
    expect(res.body.detail).toContain(`query.${path}`);
  });
});

describe('authentication and community', () => {
  it.each([
    ['no token', {}, 401, 'unauthorized', /^Bearer realm=/],
    ['an unknown token', { authorization: 'Bearer nope' }, 401, 'invalid_token', /error="invalid_token"/],
    ['a malformed header', { authorization: 'Basic abc' }, 401, 'invalid_token', /error="invalid_token"/],
  ])('%s → %s with WWW-Authenticate', async (_name, headers, status, code, challenge) => {
    const res = await mock.call<any>('GET', '/v1/groups', { community, headers });
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
    expect(res.headers.get('www-authenticate')).toMatch(challenge);
  });

  it('a missing community-id is a 400', async () => {
    const res = await mock.call<any>('GET', '/v1/groups', { token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'missing_community', errors: [{ in: 'header', path: 'community-id', rule: 'required' }] });
  });

  it('a token of another community is a 403', async () => {
    const res = await mock.call<any>('GET', '/v1/groups', { token, community: other });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('forbidden');
  });

  it('an expired token is a 401', async () => {
    const value = 'expired-token-for-test';
    mock.deps.store.putToken({
      token: value,
      kind: 'user',
      subject: 'x',
      communities: [community],
      scopes: [],
      issuedAt: '2026-01-01T00:00:00.000Z',
      expiresAt: '2026-01-01T01:00:00.000Z',
    });
    const res = await mock.call<any>('GET', '/v1/groups', { token: value, community });
    expect(res.status).toBe(401);
    expect(res.body.detail).toMatch(/expired/);
  });
});

describe('GET /v1/groups/search', () => {
  it.each([
    ['its alias', (g: Group) => ({ q: g.alias as string })],
    ['its name', (g: Group) => ({ q: g.name })],
    ['its name in upper case without accents', (g: Group) => ({ q: g.name.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase() })],
    ['alias (exact)', (g: Group) => ({ alias: g.alias as string })],
  ])('finds a listed group by %s; total counts all matches', async (_name, query) => {
    const target = all[3]!;
    const res = await get('/v1/groups/search', { ...query(target), limit: 1000 });
    expect(res.status).toBe(200);
    expect(res.body.hits).toContainEqual(target);
    expect(res.body.total).toBe(res.body.hits.length);
  });

  it('total counts beyond the page', async () => {
    const res = await get('/v1/groups/search', { limit: 1 });
    expect(res.body.hits).toHaveLength(1);
    expect(res.body.total).toBe(all.length);
  });

  it('finds nothing for nonsense', async () => {
    expect((await get('/v1/groups/search', { q: 'zzzz-nada-zzzz' })).body).toEqual({ total: 0, hits: [] });
  });
});

describe('GET /v1/groups/{groupId}', () => {
  it('equals its list entry', async () => {
    for (const g of all.slice(0, 5)) expect((await get(`/v1/groups/${g._id}`)).body).toEqual(g);
  });
  it.each([
    ['an unknown id', () => '000000000000000000000000'],
    ['a group of another community', () => mock.deps.store.queryGroups({ community: other, page: 1, limit: 1 }).items[0]!._id],
  ])('is a 404 for %s', async (_name, id) => {
    const res = await get(`/v1/groups/${id()}`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
  });
});

describe('bad requests change no state', () => {
  it('leaves the store as it was', async () => {
    const before = mock.deps.store.snapshot();
    await get('/v1/groups', { active: 'maybe' });
    await mock.call('GET', '/v1/groups', { community });
    await mock.call('POST', '/v1/groups', { token, community, body: {} });
    expect(mock.deps.store.snapshot()).toEqual(before);
  });
});

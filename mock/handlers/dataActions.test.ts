import { describe, expect, it } from 'vitest';
import type { DataActionUser } from '../../spec/openapi.d.ts';
import type { MockHarness } from '../testing/startMock.ts';
import { useMock } from '../testing/useMock.ts';

let mock: MockHarness;
let community: string;
let secret: string;
let season: string;

useMock('file', (fx) => {
  ({ mock, community, secret } = fx);
  season = mock.deps.store.community(community)!.seasons.at(-1)!;
});

const USERS = '/v1/@platform:data:Users:getUpdatedAfter';
const COMPONENTS = '/v1/@platform:data:Components:getUpdatedAfter';
const call = (path: string, body: unknown) => mock.call<any>('POST', path, { body });
const request = (data: Record<string, unknown>, over: Record<string, unknown> = {}) => ({
  context: { issuedAt: '2026-03-01T12:00:00.000Z', action: '@platform:data:Users:getUpdatedAfter', community },
  secret,
  data,
  ...over,
});

describe('data actions', () => {
  it("return the season's users oldest first, at most limit, never older than after", async () => {
    const all = (await call(USERS, request({ season, limit: 1000 }))).body.data as DataActionUser[];
    expect(all.length).toBeGreaterThan(3);
    const times = all.map((u) => u.updatedAt as string);
    expect(times).toEqual([...times].sort());
    const after = times[Math.floor(times.length / 2)]!;
    const later = (await call(USERS, request({ season, after, limit: 1000 }))).body.data as DataActionUser[];
    expect(later.every((u) => (u.updatedAt as string) >= after)).toBe(true);
    expect(later.length).toBe(times.filter((t) => t >= after).length);
    const limited = (await call(USERS, request({ season, limit: 2 }))).body.data;
    expect(limited).toEqual(all.slice(0, 2));
  });

  it('without a season, every season; a season nobody is in gives nothing', async () => {
    const everyone = (await call(USERS, request({ limit: 1000 }))).body.data;
    const inSeason = (await call(USERS, request({ season, limit: 1000 }))).body.data;
    expect(everyone.length).toBeGreaterThanOrEqual(inSeason.length);
    expect((await call(USERS, request({ season: '1999' }))).body.data).toEqual([]);
  });

  it('components work the same way', async () => {
    const res = await call(COMPONENTS, request({ season, limit: 1000 }, { context: { community, action: '@platform:data:Components:getUpdatedAfter' } }));
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    for (const c of res.body.data) expect(Object.values(c.fields).every((v) => typeof v === 'string')).toBe(true);
  });

  it.each([
    ['a wrong secret', () => request({}, { secret: 'sk_wrong' }), 401, 'invalid_secret'],
    ['a secret of an app not installed in that community', () => request({}, { context: { community: 'comunidade-inexistente' } }), 401, 'invalid_secret'],
    ['no context.community', () => request({}, { context: { action: '@platform:data:Users:getUpdatedAfter' } }), 400, 'invalid_request'],
    [
      'another action in context.action',
      () => request({}, { context: { community, action: '@platform:data:Components:getUpdatedAfter' } }),
      400,
      'invalid_request',
    ],
    ['no secret', () => ({ context: { community } }), 400, 'invalid_request'],
    ['a limit of 0', () => request({ limit: 0 }), 400, 'invalid_request'],
    ['a string limit', () => request({ limit: '10' }), 400, 'invalid_request'],
    ['after that is not a date-time', () => request({ after: 'ontem' }), 400, 'invalid_request'],
  ])('refuse %s with no data', async (_name, body, status, code) => {
    const res = await call(USERS, body());
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
    expect(res.body.data).toBeUndefined();
  });
});

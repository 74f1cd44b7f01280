/**
 * MSW in Node: with `setupServer(...mockHandlers(mock, { baseUrl }))`, the global `fetch` of the code under
 * test is answered by the mock, statefully: a list, a PUT read back, an upload then found by search; a base
 * path and a per-test session are honoured; a request outside the base is not the mock's.
 */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMock } from './createMock.ts';
import { mockHandlers } from './mockHandlers.ts';

const API = 'http://api.edu.test';
const PREFIXED = 'http://localhost:5173/api';
const COMMUNITY = 'colegio-horizonte';
const auth = { authorization: 'Bearer dev-colegio-horizonte-coordenator', 'community-id': COMMUNITY };
const mock = createMock({ clock: { now: '2026-03-01T12:00:00.000Z', frozen: true } });
const server = setupServer(...mockHandlers(mock, { baseUrl: API }), ...mockHandlers(mock, { baseUrl: PREFIXED, session: 'prefixed' }));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

async function json<T>(res: Response): Promise<T> {
  expect(res.headers.get('x-contract-violations')).toBeNull();
  return (await res.json()) as T;
}

describe('mockHandlers with setupServer (msw/node)', () => {
  it('answers a list through the global fetch', async () => {
    const res = await fetch(`${API}/v1/groups?limit=3`, { headers: auth });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('x-total-count'))).toBeGreaterThan(3);
    expect(await json<unknown[]>(res)).toHaveLength(3);
  });

  it('keeps a PUT: the installation read back has what was sent', async () => {
    const [installation] = await json<{ manifest: { id: string } }[]>(
      await fetch(`${API}/v1/appmaker/apps/app-diario-escolar/installations`, { headers: auth }),
    );
    expect(installation?.manifest.id).toBe('app-diario-escolar');
    const contactInfo = { name: 'Fernanda Alves', telephone: '+55 11 90000-0000', message: 'Ligar à tarde.' };
    const put = await fetch(`${API}/v1/appmaker/apps/app-diario-escolar/installations/${COMMUNITY}`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ contactInfo }),
    });
    expect(put.status).toBe(200);
    const [again] = await json<{ contactInfo?: unknown }[]>(await fetch(`${API}/v1/appmaker/apps/app-diario-escolar/installations`, { headers: auth }));
    expect(again?.contactInfo).toEqual(contactInfo);
  });

  it('finds an uploaded group by search', async () => {
    const before = await json<{ total: number }>(await fetch(`${API}/v1/groups/search?q=zebra`, { headers: auth }));
    expect(before.total).toBe(0);
    const upload = await fetch(`${API}/v2/sync/run-msw/uploadEntities`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ groups: { data: [{ alias: 'turma-zebra', name: 'Turma Zebra', season: '2026', active: true }] } }),
    });
    expect(upload.status).toBe(200);
    const after = await json<{ total: number; hits: { alias: string }[] }>(await fetch(`${API}/v1/groups/search?q=zebra`, { headers: auth }));
    expect(after.hits.map((h) => h.alias)).toEqual(['turma-zebra']);
  });

  it('under a base path, the authorization server names URLs under it (the issuer, the token endpoint)', async () => {
    const metadata = await json<{ issuer: string; token_endpoint: string }>(await fetch(`${PREFIXED}/.well-known/oauth-authorization-server`));
    expect(metadata.issuer).toBe(PREFIXED);
    expect(metadata.token_endpoint).toBe(`${PREFIXED}/oauth/token`);
    const direct = await json<{ issuer: string }>(await fetch(`${API}/.well-known/oauth-authorization-server`));
    expect(direct.issuer).toBe(API);
  });

  it('answers under a base path, in the session it was given, and refuses as the server does', async () => {
    expect((await fetch(`${PREFIXED}/v1/groups?limit=1`, { headers: auth })).status).toBe(200);
    expect(mock.session('prefixed').journal.count({ operationId: 'listGroups' })).toBe(1);
    const refused = await fetch(`${PREFIXED}/v1/groups`, { headers: { authorization: auth.authorization } });
    expect(refused.status).toBe(400);
    expect(await json<{ code: string }>(refused)).toMatchObject({ code: 'missing_community' });
  });

  it('leaves a request outside the base alone', async () => {
    await expect(fetch('http://elsewhere.test/v1/groups')).rejects.toThrow();
  });
});

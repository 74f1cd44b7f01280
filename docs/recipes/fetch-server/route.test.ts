// The route handler called as Next.js calls it: with a WHATWG Request, for a Response.
import { expect, it } from 'vitest';
import { GET, POST } from './route.ts';

const headers = { authorization: 'Bearer dev-colegio-horizonte-coordenator', 'community-id': 'colegio-horizonte' };

it('answers a list, and finds an upload by search', async () => {
  const list = await GET(new Request('http://localhost:3000/api/v1/groups?limit=2', { headers }));
  expect(list.status).toBe(200);
  expect(await list.json()).toHaveLength(2);

  const upload = { groups: { data: [{ alias: 'turma-9z', name: 'Turma 9Z', season: '2026', active: true }] } };
  const sent = await POST(
    new Request('http://localhost:3000/api/v2/sync/run-1/uploadEntities', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(upload),
    }),
  );
  expect(sent.status).toBe(200);
  const found = await GET(new Request('http://localhost:3000/api/v1/groups/search?q=9z', { headers }));
  expect(((await found.json()) as { hits: Array<{ name: string }> }).hits.map((g) => g.name)).toEqual(['Turma 9Z']);
});

it('refuses what the contract refuses: no community-id is a 400 problem', async () => {
  const res = await GET(new Request('http://localhost:3000/api/v1/groups', { headers: { authorization: headers.authorization } }));
  expect([res.status, res.headers.get('content-type')]).toEqual([400, 'application/problem+json; charset=utf-8']);
});

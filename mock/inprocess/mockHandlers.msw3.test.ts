/**
 * mockHandlers with msw 3 (the registry's 3.0.x), as a user who installed msw 3 gets it: the `msw` that
 * mockHandlers imports is msw 3 here (the `msw3` development alias, put in its place), and msw 3's own
 * setupServer answers a list, a PUT read back and an upload found by search. msw 3 declares Node >= 22.12:
 * on an older Node this file says so and skips (CI's Node 24 quick tier runs it).
 */
import type { SetupServer } from 'msw3/node';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMock } from './createMock.ts';

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
const supported = major > 22 || (major === 22 && minor >= 12);
if (!supported) console.warn(`mockHandlers.msw3.test.ts: msw 3 declares Node >= 22.12 and this is Node ${process.versions.node}; skipped`);

// What `import { http } from 'msw'` in mockHandlers.ts resolves to when the user's msw is 3.
vi.mock('msw', async () => await import('msw3'));

const API = 'http://api.edu.test';
const auth = { authorization: 'Bearer dev-colegio-horizonte-coordenator', 'community-id': 'colegio-horizonte' };
let server: SetupServer | undefined;

beforeAll(async () => {
  if (!supported) return;
  const { setupServer } = await import('msw3/node');
  const { mockHandlers } = await import('./mockHandlers.ts');
  // Typed against msw 2 here (the repository's `msw`); at run time they are msw 3's, as the first test shows.
  const handlers = mockHandlers(createMock({ clock: { now: '2026-03-01T12:00:00.000Z', frozen: true } }), { baseUrl: API, session: 'msw3' });
  server = setupServer(...(handlers as unknown as Parameters<typeof setupServer>));
  // msw 3 names it onUnhandledFrame (msw 2: onUnhandledRequest).
  server.listen({ onUnhandledFrame: 'error' });
});
afterAll(() => server?.close());

describe.skipIf(!supported)('mockHandlers with msw 3 (setupServer from msw3/node)', () => {
  it('builds its handlers with msw 3 itself, not msw 2', async () => {
    const [msw, msw3, installed] = await Promise.all([import('msw'), import('msw3'), import('msw3/package.json', { with: { type: 'json' } })]);
    expect(msw.http).toBe(msw3.http);
    expect((installed.default as { version: string }).version).toMatch(/^3\./);
  });

  it('answers a list, keeps a PUT, and finds an upload by search', async () => {
    const list = await fetch(`${API}/v1/groups?limit=2`, { headers: auth });
    expect(list.status).toBe(200);
    expect(await list.json()).toHaveLength(2);

    const installations = `${API}/v1/appmaker/apps/app-diario-escolar/installations`;
    const contactInfo = { name: 'Fernanda Alves', telephone: '+55 11 90000-0000', message: 'Ligar à tarde.' };
    const put = await fetch(`${installations}/colegio-horizonte`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ contactInfo }),
    });
    expect(put.status).toBe(200);
    const [readBack] = (await (await fetch(installations, { headers: auth })).json()) as { contactInfo?: unknown }[];
    expect(readBack?.contactInfo).toEqual(contactInfo);

    const upload = await fetch(`${API}/v2/sync/run-msw3/uploadEntities`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ groups: { data: [{ alias: 'turma-zebra', name: 'Turma Zebra', season: '2026', active: true }] } }),
    });
    expect(upload.status).toBe(200);
    const found = (await (await fetch(`${API}/v1/groups/search?q=zebra`, { headers: auth })).json()) as { hits: { alias: string }[] };
    expect(found.hits.map((h) => h.alias)).toEqual(['turma-zebra']);
  });
});

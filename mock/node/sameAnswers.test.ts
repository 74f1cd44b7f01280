/**
 * Same answers everywhere: for one seed and a frozen clock, mockMiddleware under /api in a foreign Express app
 * and eduMock in a real Vite dev server answer the corpus (mock/testing/answerCorpus.ts: every API operation,
 * their errors, sessions, unknown routes, CORS), the /__mock controls and the OAuth and docs routes with the
 * status, headers and body bytes the node:http server answers, request after request on the same evolving
 * state; MSW's setupServer with mockHandlers answers the API corpus, the controls and the OAuth routes the
 * same (every route runs the one lifecycle; only the docs, which read files, are the Node mounts' alone).
 * (mock.fetch itself is compared on the same corpus, and its controls, in mock/inprocess/createMock.test.ts.)
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFrozenClock } from '../clock.ts';
import { createDeps, type MockDeps } from '../createDeps.ts';
import { createMockApi } from '../createMockApi.ts';
import { faultCatalog } from '../faults/catalog.ts';
import { createMockServer } from '../http/createMockServer.ts';
import { DEFAULT_SESSION } from '../sessions/SessionRegistry.ts';
import { answerCorpus, auth, json, pick, sentRequest } from '../testing/answerCorpus.ts';
import { setupServer } from 'msw/node';
import { createMock } from '../inprocess/createMock.ts';
import { mockHandlers } from '../inprocess/mockHandlers.ts';
import { eduMock } from './eduMock.ts';
import { mockMiddleware } from './mockMiddleware.ts';

const NOW = '2026-03-01T12:00:00.000Z';
const CLOCK = { now: NOW, frozen: true };

let deps: MockDeps;
let server: Server;
let host: Server;
let vite: { close(): Promise<void> } | undefined;
let viteRoot: string;
type Mount = 'middleware' | 'vite' | 'msw';
const bases: Record<'server' | Mount, string> = { server: '', middleware: '', vite: '', msw: 'http://api.msw.test/api' };
const MOUNTS: readonly Mount[] = ['middleware', 'vite'];
// MSW's setupServer in this process (mockHandlers over createMock): the API corpus only, as createMock's
// Fetch handler answers the API; requests to the servers above pass through it untouched.
const msw = setupServer(...mockHandlers(createMock({ clock: CLOCK }), { baseUrl: bases.msw }));

const listening = async (s: Server): Promise<string> => {
  if (!s.listening) await once(s, 'listening');
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  // The server as mock/server.ts builds it: every request to the node:http mount of the one lifecycle.
  deps = createDeps({ clock: createFrozenClock(NOW) });
  const api = createMockApi(deps, { faultCatalog });
  server = createMockServer(api).listen(0, '127.0.0.1');
  bases.server = await listening(server);

  const foreign = express();
  foreign.get('/health', (_req, res) => void res.json({ ok: true }));
  foreign.use('/api', mockMiddleware({ clock: CLOCK }));
  host = foreign.listen(0, '127.0.0.1');
  bases.middleware = `${await listening(host)}/api`;

  const { createServer } = await import('vite');
  viteRoot = mkdtempSync(join(tmpdir(), 'edu-vite-same-'));
  const dev = await createServer({
    root: viteRoot,
    configFile: false,
    logLevel: 'silent',
    plugins: [eduMock({ base: '/api', clock: CLOCK })],
    // Vite's own CORS (server.cors, on for localhost origins) runs before any plugin and answers preflights
    // itself; off, the mock's CORS rules answer them, as the server's do (docs/in-process.md says so).
    server: { port: 0, host: '127.0.0.1', strictPort: false, cors: false },
  });
  await dev.listen();
  vite = dev;
  bases.vite = `http://127.0.0.1:${(dev.httpServer?.address() as AddressInfo).port}/api`;
  msw.listen({ onUnhandledRequest: 'bypass' });
}, 60_000);

afterAll(async () => {
  msw.close();
  for (const s of [server, host]) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
  await vite?.close();
  rmSync(viteRoot, { recursive: true, force: true });
});

/** What a client reads of an answer; URLs naming the mount are written as the server's, to compare the rest. */
async function answer(base: string, path: string, init: RequestInit) {
  const res = await fetch(base + path, { ...init, redirect: 'manual' });
  const body = (await res.text()).split(base).join('BASE');
  const headers = pick(res.headers);
  // Where a URL of the mock is in the body, its length differs by the mount path's.
  return { status: res.status, headers: { ...headers, 'content-length': body.includes('BASE') ? 'varies' : headers['content-length'] }, body };
}

async function sameEverywhere(path: string, init: RequestInit, mounts: readonly Mount[] = MOUNTS): Promise<void> {
  const want = await answer(bases.server, path, init);
  for (const mount of mounts) expect({ mount, ...(await answer(bases[mount], path, init)) }).toEqual({ mount, ...want });
}

const CORPUS = answerCorpus(() => deps.sessions.use(DEFAULT_SESSION).store);

describe('the API corpus, through the server, mockMiddleware, eduMock and MSW', () => {
  it.each(CORPUS)('%s', async (_name, sent) => {
    const { path, init } = sentRequest(sent);
    await sameEverywhere(path, init, [...MOUNTS, 'msw']);
  });
});

describe('the controls, OAuth and docs routes, under the mount path', () => {
  const session = { 'x-mock-session': 'controls' };
  const put = (body: unknown) => ({ method: 'PUT', headers: { ...session, ...json }, body: JSON.stringify(body) });
  it.each<[string, string, RequestInit]>([
    ['a request in the session', '/v1/groups?limit=2', { headers: { ...auth, ...session } }],
    ['GET /__mock/clock', '/__mock/clock', { headers: session }],
    ['PUT /__mock/clock', '/__mock/clock', put({ now: '2026-04-01T08:00:00.000Z' })],
    ['PUT /__mock/clock refuses a bad date', '/__mock/clock', put({ now: 'nope' })],
    ['POST /__mock/clock/advance', '/__mock/clock/advance', { method: 'POST', headers: { ...session, ...json }, body: '{"seconds":90}' }],
    ['PUT /__mock/faults refuses an unknown fault', '/__mock/faults', put({ active: ['no-such-fault'] })],
    ['PUT /__mock/faults', '/__mock/faults', put({ active: [faultCatalog[0]!.name] })],
    ['GET /__mock/faults', '/__mock/faults', { headers: session }],
    ['PUT /__mock/latency refuses an unknown key', '/__mock/latency', put({ msec: 3 })],
    ['GET /__mock/journal/count', '/__mock/journal/count?operationId=listGroups', { headers: session }],
    ['GET /__mock/state', '/__mock/state', { headers: session }],
    ['POST /__mock/reset', '/__mock/reset', { method: 'POST', headers: session }],
    ['GET /__mock/session', '/__mock/session', { headers: session }],
    ['an unknown control: 404', '/__mock/nothing', {}],
    ['the authorization server metadata', '/.well-known/oauth-authorization-server', {}],
    [
      'the token endpoint, a bad grant',
      '/oauth/token',
      { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=nope' },
    ],
    ['the authorize endpoint without a client', '/oauth/authorize', {}],
    ['the served spec', '/openapi.json', {}],
  ])('%s', async (_name, path, init) => {
    // The served spec reads a file: only the Node mounts serve it. Everything else is the one lifecycle's, MSW's too.
    await sameEverywhere(path, init, path === '/openapi.json' ? MOUNTS : [...MOUNTS, 'msw']);
  });
});

/**
 * mockMiddleware inside a foreign Express app, under a path prefix, on 127.0.0.1:0: the API, the controls and
 * the docs under the prefix are the mock's (answered as the server answers them), every other route stays the
 * app's own.
 */
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockMiddleware } from './mockMiddleware.ts';

const headers = { authorization: 'Bearer dev-colegio-horizonte-coordenator', 'community-id': 'colegio-horizonte' };
const mock = mockMiddleware({ clock: { now: '2026-03-01T12:00:00.000Z', frozen: true } });
let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.get('/health', (_req, res) => void res.json({ ok: true }));
  app.use('/api', mock);
  app.use((_req, res) => void res.status(418).send('the app’s own'));
  server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('mockMiddleware under /api in an Express app', () => {
  it.each([
    ['an API operation', '/api/v1/groups?limit=2', headers, 200],
    ['an API operation without a token', '/api/v1/groups', {}, 401],
    ['a control', '/api/__mock/clock', {}, 200],
    ['the served spec', '/api/openapi.json', {}, 200],
    ['a route of the mock it does not know', '/api/v1/nothing-here', headers, 404],
    ['a route of the app', '/health', {}, 200],
    ['a route neither knows', '/elsewhere', {}, 418],
  ])('%s: %s', async (_name, path, sent, status) => {
    const res = await fetch(`${base}${path}`, { headers: sent });
    expect(res.status).toBe(status);
  });

  it('answers a list with the seeded groups, and its session controls see the request', async () => {
    const res = await fetch(`${base}/api/v1/groups?limit=2`, { headers: { ...headers, 'x-mock-session': 'mw' } });
    expect(res.headers.get('x-total-count')).toMatch(/^\d+$/);
    expect(((await res.json()) as unknown[]).length).toBe(2);
    expect(mock.session('mw').journal.count({ operationId: 'listGroups' })).toBe(1);
  });

  it('refuses an unknown fault and a bad session name at once', () => {
    expect(() => mockMiddleware({ faults: ['no-such-fault'] })).toThrow(/unknown faults no-such-fault/);
    expect(() => mock.session('bad name')).toThrow(TypeError);
  });
});

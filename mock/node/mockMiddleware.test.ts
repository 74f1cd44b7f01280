/**
 * mockMiddleware inside a foreign Express app, under a path prefix, on 127.0.0.1:0: the API, the controls and
 * the docs under the prefix are the mock's (answered as the server answers them), every other route stays the
 * app's own.
 */
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freedWithin } from '../../scripts/testing/portFreed.ts';
import { mockMiddleware } from './mockMiddleware.ts';

const committedLoginHint = (JSON.parse(readFileSync(new URL('../../fixtures/conform.mock.json', import.meta.url), 'utf8')) as { oauth: { loginHint: string } })
  .oauth.loginHint;
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

  it('names itself under /api: the OAuth issuer and endpoints, the served spec, the docs and the HAR', async () => {
    const metadata = (await (await fetch(`${base}/api/.well-known/oauth-authorization-server`)).json()) as Record<string, string>;
    expect([metadata.issuer, metadata.authorization_endpoint, metadata.token_endpoint]).toEqual([
      `${base}/api`,
      `${base}/api/oauth/authorize`,
      `${base}/api/oauth/token`,
    ]);
    const spec = (await (await fetch(`${base}/api/openapi.json`)).json()) as { servers: Array<{ url: string }> };
    expect(spec.servers[0]?.url).toBe(`${base}/api`);
    const root = await fetch(`${base}/api/`, { redirect: 'manual' });
    expect(root.headers.get('location')).toBe('/api/docs');
    const page = await (await fetch(`${base}/api/docs`)).text();
    const links = [...page.matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(4);
    expect(links.filter((link) => !link.startsWith('/api/'))).toEqual([]);
    for (const link of links) expect([link, (await fetch(`${base}${link}`)).status]).toEqual([link, 200]);
    await fetch(`${base}/api/v1/groups?limit=1`, { headers: { ...headers, 'x-mock-session': 'har' } });
    const har = (await (await fetch(`${base}/api/__mock/journal/har`, { headers: { 'x-mock-session': 'har' } })).json()) as {
      log: { entries: Array<{ request: { url: string } }> };
    };
    expect(har.log.entries.map((e) => e.request.url)).toEqual([`${base}/api/v1/groups?limit=1`]);
  });

  it('logs in under /api: the consent page posts back under it and the redirect names the issuer', async () => {
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: 'app-diario-escolar',
      redirect_uri: 'http://localhost:5173/callback',
      scope: 'openid',
      state: 's1',
    });
    const page = await fetch(`${base}/api/oauth/authorize?${query}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    expect(new URL(action!, `${base}/api/oauth/authorize`).pathname).toBe('/api/oauth/authorize');
    // prompt=none (RFC 9207's iss on the redirect back) for a user of the seeded data.
    query.set('prompt', 'none');
    query.set('login_hint', committedLoginHint);
    const redirect = await fetch(`${base}/api/oauth/authorize?${query}`, { redirect: 'manual' });
    const back = new URL(redirect.headers.get('location')!);
    expect([back.origin + back.pathname, back.searchParams.get('iss'), back.searchParams.has('code')]).toEqual([
      'http://localhost:5173/callback',
      `${base}/api`,
      true,
    ]);
  });

  it('listen() serves the same mock on a port of its own: a request through the app is journaled there too, and close frees the port', async () => {
    const running = await mock.listen();
    const { hostname, port } = new URL(running.url);
    try {
      expect(hostname).toBe('127.0.0.1');
      await (await fetch(`${base}/api/v1/groups?limit=1`, { headers: { ...headers, 'x-mock-session': 'both' } })).text();
      const own = await fetch(`${running.url}/__mock/journal/count?operationId=listGroups`, { headers: { 'x-mock-session': 'both' } });
      expect(await own.json()).toEqual({ count: 1 });
      expect(running.session('both').journal.count({ operationId: 'listGroups' })).toBe(1);
      await expect(mock.listen(Number(port))).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await running.close();
    }
    expect(await freedWithin(Number(port))).toBe(true);
  });

  it('refuses an unknown fault and a bad session name at once', () => {
    expect(() => mockMiddleware({ faults: ['no-such-fault'] })).toThrow(/unknown faults no-such-fault/);
    expect(() => mock.session('bad name')).toThrow(TypeError);
  });
});

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadContract } from '../../spec/contract.ts';
import { DEFAULT_JOURNAL_BUDGET_BYTES } from '../journal/JournalBudget.ts';
import type { Journal } from '../journal/Journal.ts';
import { createProxyServer, type ProxyOptions } from './createProxyServer.ts';
import { rawHttp } from './testing/rawHttp.ts';
import { type RecordingServer, startRecordingServer } from './testing/recordingServer.ts';

const contract = loadContract();
const TOKEN = 'Bearer user-token-0123456789abcdef';

describe('the validating proxy against hostile requests', () => {
  let upstream: RecordingServer;
  let internal: RecordingServer;
  let servers: Server[] = [];
  const start = async (options: Partial<ProxyOptions> = {}): Promise<{ port: number; origin: string; journal: Journal }> => {
    const { server, journal } = createProxyServer({ upstream: new URL(upstream.url), contract, ...options });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { port, origin: `http://127.0.0.1:${port}`, journal };
  };
  beforeEach(async () => {
    // The upstream names a header of its own in Connection (RFC 9110 §7.6.1): it must not reach the client.
    upstream = await startRecordingServer({ connection: 'x-upstream-hop', 'x-upstream-hop': 'upstream-private', 'keep-alive': 'timeout=99' });
    internal = await startRecordingServer();
  });
  afterEach(async () => {
    await Promise.all(servers.map((s) => new Promise<void>((resolve) => (s.closeAllConnections(), s.close(() => resolve())))));
    servers = [];
    await upstream.close();
    await internal.close();
  });

  describe('request-targets: only the upstream is ever reached', () => {
    it.each<[string, (p: { proxy: number; internal: number }) => string, RegExp]>([
      ['absolute-form naming another host', (p) => `GET http://127.0.0.2:${p.internal}/x HTTP/1.1`, /absolute-form/],
      ['absolute-form naming another port of this host', (p) => `POST http://127.0.0.1:${p.internal}/x HTTP/1.1`, /absolute-form/],
      ['absolute-form with a foreign name and the proxy port', (p) => `GET http://evil.example:${p.proxy}/v1/groups HTTP/1.1`, /absolute-form/],
      ['absolute-form of another scheme', (p) => `GET ftp://127.0.0.1:${p.internal}/x HTTP/1.1`, /absolute-form/],
      ['a path starting with //', (p) => `GET //127.0.0.1:${p.internal}/x HTTP/1.1`, /starts with \/\//],
      ['a path starting with ///', (p) => `POST ///127.0.0.1:${p.internal}/x HTTP/1.1`, /starts with \/\//],
      ['a backslash read as a slash', (p) => `GET /\\127.0.0.1:${p.internal}/x HTTP/1.1`, /backslash/],
      ['dot segments', () => `GET /v1/../../x HTTP/1.1`, /dot segment/],
      ['encoded dot segments', () => `GET /v1/%2e%2E/x HTTP/1.1`, /dot segment/],
      // Node's parser refuses it before the proxy sees it; the mock's server answers that as a problem too.
      ['authority-form', (p) => `GET 127.0.0.1:${p.internal} HTTP/1.1`, /origin-form|HPE_INVALID_URL/],
      ['asterisk-form', () => `OPTIONS * HTTP/1.1`, /asterisk-form/],
    ])('%s → 400 problem, nothing sent anywhere', async (_name, line, detail) => {
      const proxy = await start();
      const answer = await rawHttp(
        proxy.port,
        `${line({ proxy: proxy.port, internal: internal.port })}\r\nHost: 127.0.0.1:${proxy.port}\r\nAuthorization: ${TOKEN}`,
      );
      expect(answer.status).toBe(400);
      expect(answer.headers).toContainEqual(['content-type', expect.stringMatching(/^application\/problem\+json/)]);
      expect((JSON.parse(answer.body) as { detail: string }).detail).toMatch(detail);
      expect(internal.received).toEqual([]);
      expect(upstream.received).toEqual([]);
      expect(proxy.journal.size).toBe(0);
    });

    it('CONNECT (authority-form) → 400 problem, no tunnel', async () => {
      const proxy = await start();
      const answer = await rawHttp(proxy.port, `CONNECT 127.0.0.1:${internal.port} HTTP/1.1\r\nHost: 127.0.0.1:${internal.port}`);
      expect(answer.status).toBe(400);
      expect(internal.received).toEqual([]);
    });

    it('absolute-form naming the proxy itself is its path, sent to the upstream (RFC 9112 §3.2.2: a server accepts it)', async () => {
      const proxy = await start();
      const answer = await rawHttp(proxy.port, `GET http://127.0.0.1:${proxy.port}/v1/groups?limit=1 HTTP/1.1\r\nHost: 127.0.0.1:${proxy.port}`);
      expect(answer.status).toBe(200);
      expect(upstream.received.map((r) => r.url)).toEqual(['/v1/groups?limit=1']);
      expect(internal.received).toEqual([]);
    });

    it('keeps the upstream path prefix, and refuses what would leave it', async () => {
      const prefixed = new URL(`${upstream.url}/api/`);
      const { server } = createProxyServer({ upstream: prefixed, contract });
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const port = (server.address() as AddressInfo).port;
      expect((await rawHttp(port, `GET /v1/groups HTTP/1.1\r\nHost: localhost:${port}`)).status).toBe(200);
      expect((await rawHttp(port, `GET /../x HTTP/1.1\r\nHost: localhost:${port}`)).status).toBe(400);
      expect(upstream.received.map((r) => r.url)).toEqual(['/api/v1/groups']);
    });
  });

  it('refuses a foreign Host on every proxied path (DNS rebinding), with --allowed-hosts as the way in', async () => {
    const proxy = await start();
    for (const path of ['/v1/groups', '/anything', '/']) {
      const answer = await rawHttp(proxy.port, `GET ${path} HTTP/1.1\r\nHost: rebound.example:${proxy.port}\r\nAuthorization: ${TOKEN}`);
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'host_not_allowed' });
    }
    expect(upstream.received).toEqual([]);
    const allowed = await start({ hostPolicy: { allowedHosts: ['staging-proxy.internal'] } });
    expect((await rawHttp(allowed.port, `GET /v1/groups HTTP/1.1\r\nHost: staging-proxy.internal:${allowed.port}`)).status).toBe(200);
    expect(upstream.received).toHaveLength(1);
  });

  describe('cross-site browser requests never reach the upstream', () => {
    it.each<[string, string, Record<string, string>]>([
      ['a simple POST from another origin', 'POST', { origin: 'http://evil.example', 'content-type': 'text/plain' }],
      ['a form POST from another origin', 'POST', { origin: 'http://evil.example', 'content-type': 'application/x-www-form-urlencoded' }],
      ['a JSON PUT from another origin', 'PUT', { origin: 'http://evil.example', 'content-type': 'application/json' }],
      ['a preflight from another origin', 'OPTIONS', { origin: 'http://evil.example', 'access-control-request-method': 'PUT' }],
      ['a CORS GET from another origin', 'GET', { origin: 'http://evil.example' }],
      ['a GET from another port of localhost', 'GET', { origin: 'http://localhost:5173' }],
      ['an opaque origin (sandboxed page)', 'POST', { origin: 'null', 'content-type': 'text/plain' }],
      ['a no-cors GET a browser marks cross-site (an <img>)', 'GET', { 'sec-fetch-site': 'cross-site' }],
      ['a write a browser marks same-site without Origin', 'POST', { 'sec-fetch-site': 'same-site' }],
    ])('%s → 403 cross_site_request', async (_name, method, headers) => {
      const proxy = await start();
      const answer = await fetch(`${proxy.origin}/v2/sync/r1/uploadEntities`, {
        method,
        headers: { authorization: TOKEN, ...headers },
        ...(method === 'GET' || method === 'OPTIONS' ? {} : { body: 'x=1' }),
      });
      expect(answer.status).toBe(403);
      expect(((await answer.json()) as { code: string }).code).toBe('cross_site_request');
      expect(upstream.received).toEqual([]);
      expect(proxy.journal.size).toBe(0);
    });

    it.each<[string, Record<string, string>, Partial<ProxyOptions>]>([
      ['a client that is not a browser (no Origin)', {}, {}],
      ['the proxy’s own origin', { 'sec-fetch-site': 'same-origin' }, {}],
      [
        'an origin given with --allowed-origins',
        { origin: 'http://localhost:5173', 'sec-fetch-site': 'same-site' },
        { allowedOrigins: ['http://localhost:5173/'] },
      ],
    ])('%s → forwarded', async (_name, headers, options) => {
      const proxy = await start(options);
      const own: Record<string, string> = headers['sec-fetch-site'] === 'same-origin' ? { origin: proxy.origin } : {};
      const answer = await fetch(`${proxy.origin}/v2/sync/r1/uploadEntities`, { method: 'POST', headers: { ...headers, ...own }, body: '{}' });
      expect(answer.status).toBe(200);
      expect(upstream.received).toHaveLength(1);
    });
  });

  it('strips hop-by-hop headers and every header Connection names, both ways (RFC 9110 §7.6.1)', async () => {
    const proxy = await start();
    const answer = await rawHttp(
      proxy.port,
      [
        'GET /v1/groups HTTP/1.1',
        `Host: 127.0.0.1:${proxy.port}`,
        'Connection: close, X-Client-Hop',
        'X-Client-Hop: client-private',
        'Keep-Alive: timeout=300',
        'TE: trailers',
        'Proxy-Authorization: Basic cHJveHk6c2VjcmV0',
        'Proxy-Connection: keep-alive',
        'Trailer: X-Late',
        'X-End-To-End: kept',
      ].join('\r\n'),
    );
    expect(answer.status).toBe(200);
    const sent = upstream.received[0]?.headers ?? {};
    for (const name of ['x-client-hop', 'te', 'proxy-authorization', 'proxy-connection', 'trailer']) expect(sent[name], name).toBeUndefined();
    expect(sent['keep-alive'] ?? '').not.toContain('300');
    expect(sent['x-end-to-end']).toBe('kept');
    const names = answer.headers.map(([name]) => name);
    expect(names).not.toContain('x-upstream-hop');
    expect(answer.headers.find(([name]) => name === 'keep-alive')?.[1] ?? '').not.toContain('99');
    expect(JSON.stringify(answer.headers)).not.toContain('x-upstream-hop');
  });

  it('keeps the journal within its byte budget: the oldest uploads go first', async () => {
    const budget = 4 * 1024 * 1024;
    const proxy = await start({ journalBudgetBytes: budget });
    const upload = Buffer.alloc(1024 * 1024, 0x61);
    for (let i = 0; i < 20; i++) await (await fetch(`${proxy.origin}/upload/${i}`, { method: 'POST', body: upload })).arrayBuffer();
    expect(upstream.received).toHaveLength(20);
    expect(proxy.journal.bytes).toBeLessThanOrEqual(budget);
    const kept = proxy.journal.list().map((e) => e.path);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.at(-1)).toBe('/upload/19');
    expect(kept).not.toContain('/upload/0');
  });

  it('bounds its journal by the mock’s default budget when given none', { timeout: 60_000 }, async () => {
    const proxy = await start();
    const upload = Buffer.alloc(1024 * 1024, 0x62);
    const count = Math.ceil(DEFAULT_JOURNAL_BUDGET_BYTES / upload.length) + 2;
    for (let i = 0; i < count; i++) await (await fetch(`${proxy.origin}/upload/${i}`, { method: 'POST', body: upload })).arrayBuffer();
    expect(proxy.journal.bytes).toBeLessThanOrEqual(DEFAULT_JOURNAL_BUDGET_BYTES);
    expect(proxy.journal.size).toBeLessThan(count);
  });

  describe('its controls (journal, HAR, dashboard) with an admin token', () => {
    it('needs the token for the journal and its HAR, and refuses to clear it without', async () => {
      const proxy = await start({ adminToken: 'proxy-admin-token-0123' });
      await fetch(`${proxy.origin}/v1/groups`);
      for (const [method, path] of [
        ['GET', '/__mock/journal'],
        ['GET', '/__mock/journal/har'],
        ['GET', '/__mock/journal/count'],
        ['DELETE', '/__mock/journal'],
      ] as const) {
        const refused = await fetch(proxy.origin + path, { method });
        expect(refused.status, `${method} ${path}`).toBe(401);
        expect(((await refused.json()) as { code: string }).code).toBe('admin_token_required');
        const wrong = await fetch(proxy.origin + path, { method, headers: { authorization: 'Bearer nope' } });
        expect(wrong.status).toBe(401);
      }
      expect(proxy.journal.size).toBe(1);
      const ok = await fetch(`${proxy.origin}/__mock/journal`, { headers: { authorization: 'Bearer proxy-admin-token-0123' } });
      expect(ok.status).toBe(200);
      expect((await fetch(`${proxy.origin}/__mock/ui`)).status).toBe(200);
    });

    it.each(['0.0.0.0', '::', '192.168.1.20', 'staging-proxy.internal'])('refuses to be built bound to %s without an admin token', (boundHost) => {
      expect(() => createProxyServer({ upstream: new URL(upstream.url), contract, hostPolicy: { boundHost } })).toThrow(/admin token/);
      expect(() => createProxyServer({ upstream: new URL(upstream.url), contract, hostPolicy: { boundHost }, adminToken: 't0123456789' })).not.toThrow();
    });

    it('refuses its controls to another site’s page even on loopback', async () => {
      const proxy = await start();
      const answer = await fetch(`${proxy.origin}/__mock/journal`, { method: 'DELETE', headers: { origin: 'http://evil.example' } });
      expect(answer.status).toBe(403);
    });
  });
});

/**
 * A browser on the same machine cannot be turned against the mock: the API answers any origin without
 * credentials, the controls answer no other origin and refuse its simple requests, a foreign Host is refused
 * (DNS rebinding) and never names the issuer, and the controls need the admin token when one is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpRequest, stateDigest } from '../testing/httpRequest.ts';
import { type MockHarness, startMock } from '../testing/startMock.ts';

const TOKEN = 'Bearer dev-colegio-horizonte-coordenator';
const COMMUNITY = 'colegio-horizonte';
let mock: MockHarness;
let guarded: MockHarness;
let port: string;

beforeAll(async () => {
  [mock, guarded] = await Promise.all([
    startMock(),
    startMock({
      app: {
        adminToken: 's3cret-admin',
        allowedHosts: ['mock.team.example'],
        corsOrigins: ['http://localhost:5173'],
        publicUrl: 'https://mock.example.com.br/',
      },
    }),
  ]);
  port = new URL(mock.baseUrl).port;
});
afterAll(async () => {
  await Promise.all([mock.close(), guarded.close()]);
});

describe('CORS: the API for browser apps on any origin, without credentials', () => {
  it('a page on http://localhost:5173 reads groups with a bearer token (preflight, then the call)', async () => {
    const pre = await httpRequest(mock.baseUrl, 'OPTIONS', '/v1/groups', {
      origin: 'http://localhost:5173',
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'authorization, community-id',
    });
    expect(pre.status).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('*');
    expect(pre.headers['access-control-allow-headers']).toBe('authorization, community-id');
    expect(pre.headers['access-control-allow-credentials']).toBeUndefined();
    const res = await httpRequest(mock.baseUrl, 'GET', '/v1/groups?limit=1', {
      origin: 'http://localhost:5173',
      authorization: TOKEN,
      'community-id': COMMUNITY,
    });
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-expose-headers']).toContain('X-Total-Count');
  });

  it.each([
    ['any origin, by default: no credentials', 'default', 'https://evil.example', '*', undefined],
    ['a listed origin (--cors-origins): echoed, with credentials', 'guarded', 'http://localhost:5173', 'http://localhost:5173', 'true'],
    ['an origin not listed: no CORS headers', 'guarded', 'https://evil.example', undefined, undefined],
  ])('%s', async (_name, which, origin, allowOrigin, credentials) => {
    const target = which === 'default' ? mock : guarded;
    const res = await httpRequest(target.baseUrl, 'GET', '/v1/groups?limit=1', { origin, authorization: TOKEN, 'community-id': COMMUNITY });
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(allowOrigin);
    expect(res.headers['access-control-allow-credentials']).toBe(credentials);
  });

  it.each([
    ['GET', '/__mock/state'],
    ['GET', '/__mock/tokens'],
    ['OPTIONS', '/__mock/reset'],
    ['OPTIONS', '/__mock/state'],
  ])('the controls answer no other origin: %s %s has no CORS headers', async (method, path) => {
    const res = await httpRequest(mock.baseUrl, method, path, { origin: 'https://evil.example', 'access-control-request-method': 'POST' });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

describe('state-changing controls refuse cross-site simple requests', () => {
  it.each([
    ['POST', '/__mock/reset', { origin: 'https://evil.example', 'content-type': 'text/plain' }, ''],
    ['POST', '/__mock/reset', { 'sec-fetch-site': 'cross-site' }, ''],
    ['POST', '/__mock/reset', { 'sec-fetch-site': 'same-site', origin: 'http://localhost:5173' }, ''],
    ['PUT', '/__mock/state', { origin: 'https://evil.example', 'content-type': 'text/plain' }, '{"seed":1}'],
    ['PUT', '/__mock/faults', { origin: 'null', 'content-type': 'text/plain' }, '{"active":[]}'],
    ['PUT', '/__mock/latency', { origin: 'http://127.0.0.1:1', 'content-type': 'text/plain' }, '{"ms":100}'],
    ['POST', '/__mock/clock/advance', { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' }, 'seconds=1'],
    ['DELETE', '/__mock/journal', { origin: 'https://evil.example' }, undefined],
  ])('%s %s %j → 403 cross_site_request, nothing changed', async (method, path, headers, body) => {
    const before = stateDigest(mock.deps);
    const latency = mock.deps.latency.ms;
    const res = await httpRequest(mock.baseUrl, method, path, headers as Record<string, string>, body);
    expect(res.status).toBe(403);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body.code).toBe('cross_site_request');
    expect(stateDigest(mock.deps)).toBe(before);
    expect(mock.deps.latency.ms).toBe(latency);
  });

  it.each([
    ['no Origin (curl, scripts)', {}],
    ['its own origin (the dashboard)', { origin: `http://127.0.0.1:${'PORT'}` }],
    ['Sec-Fetch-Site same-origin', { 'sec-fetch-site': 'same-origin' }],
    ['Sec-Fetch-Site none (typed in the address bar)', { 'sec-fetch-site': 'none' }],
  ])('accepts a reset from %s', async (_name, headers) => {
    const h = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v.replace('PORT', port)]));
    const res = await httpRequest(mock.baseUrl, 'POST', '/__mock/reset', h);
    expect(res.status).toBe(204);
  });
});

describe('reads of the controls refuse other sites too (a journal query costs work and shows data)', () => {
  it.each([
    ['GET', '/__mock/journal?path=*a*a*a*b', { 'sec-fetch-site': 'cross-site' }],
    ['GET', '/__mock/journal/count', { origin: 'https://evil.example' }],
    ['GET', '/__mock/state', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }],
    ['GET', '/__mock/tokens', { origin: 'null' }],
  ])('%s %s %j → 403 cross_site_request', async (method, path, headers) => {
    const res = await httpRequest(mock.baseUrl, method, path, headers as Record<string, string>);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('cross_site_request');
  });

  it.each([
    ['the dashboard page from a link on another site', '/__mock/ui', { 'sec-fetch-site': 'cross-site' }],
    ['the journal from the address bar', '/__mock/journal', { 'sec-fetch-site': 'none' }],
    ['the journal from its own origin', '/__mock/journal', { 'sec-fetch-site': 'same-origin', origin: `http://127.0.0.1:${'PORT'}` }],
    ['the journal from curl', '/__mock/journal', {}],
  ])('still answers %s', async (_name, path, headers) => {
    const h = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v.replace('PORT', port)]));
    const res = await httpRequest(mock.baseUrl, 'GET', path, h);
    expect(res.status).toBe(200);
  });
});

describe('Host allow-list (DNS rebinding)', () => {
  it.each([
    ['GET', '/.well-known/oauth-authorization-server'],
    ['GET', '/__mock/state'],
    ['POST', '/__mock/reset'],
    ['GET', '/v1/groups'],
    ['POST', '/v2/sync/rebind/uploadEntities'],
    ['GET', '/oauth/authorize?response_type=code&client_id=app-diario-escolar'],
  ])('Host: evil.example on %s %s → 403 host_not_allowed, nothing changed', async (method, path) => {
    const before = stateDigest(mock.deps);
    const res = await httpRequest(
      mock.baseUrl,
      method,
      path,
      { host: `evil.example:${port}`, authorization: TOKEN, 'community-id': COMMUNITY, 'content-type': 'application/json' },
      method === 'POST' ? '{"groups":{"data":[{"alias":"x","name":"x"}]}}' : undefined,
    );
    expect(res.status).toBe(403);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body.code).toBe('host_not_allowed');
    expect(res.body.detail).toContain('--allowed-hosts evil.example');
    expect(res.text).not.toContain('issuer');
    expect(stateDigest(mock.deps)).toBe(before);
  });

  it.each([
    ['localhost', `localhost:${'PORT'}`, `http://localhost:${'PORT'}`],
    ['127.0.0.1', `127.0.0.1:${'PORT'}`, `http://127.0.0.1:${'PORT'}`],
    ['[::1]', `[::1]:${'PORT'}`, `http://[::1]:${'PORT'}`],
  ])('a client that says %s discovers a matching issuer', async (_name, host, issuer) => {
    const res = await httpRequest(mock.baseUrl, 'GET', '/.well-known/oauth-authorization-server', { host: host.replace('PORT', port) });
    expect(res.status).toBe(200);
    expect(res.body.issuer).toBe(issuer.replace('PORT', port));
  });

  it('a forwarded host that is not allowed never becomes the issuer', async () => {
    const res = await httpRequest(mock.baseUrl, 'GET', '/.well-known/oauth-authorization-server', { 'x-forwarded-host': 'evil.example' });
    expect(res.body.issuer).toBe(mock.baseUrl);
  });

  it('--public-url names the issuer whatever Host says; a host named with --allowed-hosts is served', async () => {
    const res = await httpRequest(guarded.baseUrl, 'GET', '/.well-known/oauth-authorization-server', { host: 'mock.team.example' });
    expect(res.status).toBe(200);
    expect(res.body.issuer).toBe('https://mock.example.com.br');
    expect(res.body.token_endpoint).toBe('https://mock.example.com.br/oauth/token');
    const authorize = await httpRequest(
      guarded.baseUrl,
      'GET',
      '/oauth/authorize?response_type=code&client_id=app-diario-escolar&redirect_uri=http://localhost:5173/callback&prompt=none&login_hint=nobody&state=s',
    );
    expect(new URL(String(authorize.headers.location)).searchParams.get('iss')).toBe('https://mock.example.com.br');
  });
});

describe('admin token on /__mock', () => {
  it.each([
    ['no Authorization', {}, 401],
    ['a wrong token', { authorization: 'Bearer nope' }, 401],
    ['the token in another scheme', { authorization: 'Basic s3cret-admin' }, 401],
    ['a development token', { authorization: TOKEN }, 401],
    ['the admin token', { authorization: 'Bearer s3cret-admin' }, 200],
  ])('GET /__mock/state with %s → %i', async (_name, headers, status) => {
    const res = await httpRequest(guarded.baseUrl, 'GET', '/__mock/state', headers as Record<string, string>);
    expect(res.status).toBe(status);
    if (status === 401) {
      expect(res.body.code).toBe('admin_token_required');
      expect(res.headers['www-authenticate']).toMatch(/^Bearer realm="mock controls"/);
      expect(res.text).not.toContain('dataActionSecret');
    }
  });

  it.each([
    ['POST', '/__mock/reset'],
    ['PUT', '/__mock/faults'],
    ['GET', '/__mock/tokens'],
    ['GET', '/__mock'],
    ['GET', '/__mock/sessions'],
  ])('%s %s needs it too, and changes nothing without it', async (method, path) => {
    const before = stateDigest(guarded.deps);
    const res = await httpRequest(
      guarded.baseUrl,
      method,
      path,
      { 'content-type': 'application/json' },
      method === 'GET' ? undefined : '{"active":["ignore-active-filter"]}',
    );
    expect(res.status).toBe(401);
    expect(stateDigest(guarded.deps)).toBe(before);
    expect(guarded.deps.faults.size).toBe(0);
  });

  it('the dashboard page itself loads without it (it asks for the token)', async () => {
    const res = await httpRequest(guarded.baseUrl, 'GET', '/__mock/ui');
    expect(res.status).not.toBe(401);
  });

  it('the API is unaffected: development tokens still work', async () => {
    const res = await httpRequest(guarded.baseUrl, 'GET', '/v1/groups?limit=1', { authorization: TOKEN, 'community-id': COMMUNITY });
    expect(res.status).toBe(200);
  });

  it('on loopback without a token, the controls need none', async () => {
    expect((await httpRequest(mock.baseUrl, 'GET', '/__mock/clock')).status).toBe(200);
  });
});

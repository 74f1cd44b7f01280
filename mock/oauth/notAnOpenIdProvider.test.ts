/**
 * OpenID Connect discovery finds a clear answer, and docs/oauth.md says what the server is (OAuth 2.0 only), how
 * openid-client reaches it, what `openid` grants, and that a reused refresh token revokes the grant.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type MockHarness } from '../testing/startMock.ts';

let mock: MockHarness;
beforeAll(async () => {
  mock = await startMock();
});
afterAll(async () => {
  await mock.close();
});

describe('GET /.well-known/openid-configuration', () => {
  it('is a 404 that names the RFC 8414 metadata and the openid-client option, never cached', async () => {
    const res = await mock.call('GET', '/.well-known/openid-configuration');
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({ error: 'not_found', authorization_server_metadata: `${mock.baseUrl}/.well-known/oauth-authorization-server` });
    expect(res.body.error_description).toContain("algorithm: 'oauth2'");
    const metadata = await mock.call('GET', '/.well-known/oauth-authorization-server');
    expect(metadata.status).toBe(200);
  });
});

describe('docs/oauth.md', () => {
  const readme = readFileSync(new URL('../../docs/oauth.md', import.meta.url), 'utf8');
  it.each([
    ['the server is OAuth 2.0 only', /OAuth 2\.0 server only, not an OpenID Provider/],
    ['the working openid-client call', /client\.discovery\([^;]*algorithm: 'oauth2'/],
    ['openid brings no id_token', /`openid` scope is the platform's own scope[^]*never\s+brings an `id_token`/],
    ['a reused refresh token revokes the grant', /presenting an already used one again revokes the whole grant/],
  ])('says %s', (_name, pattern) => {
    expect(readme).toMatch(pattern);
  });
});

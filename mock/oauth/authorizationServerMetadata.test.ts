import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type MockHarness } from '../testing/startMock.ts';

let mock: MockHarness;
beforeAll(async () => {
  // Forwarded hosts count only once allowed, like the Host itself (mock/http/hostAllowList.ts).
  mock = await startMock({ app: { allowedHosts: ['mock.example.com.br', '.edge.example', 'a.example'], trustProxy: true } });
});
afterAll(async () => {
  await mock.close();
});

const metadata = (headers: Record<string, string> = {}) => mock.call('GET', '/.well-known/oauth-authorization-server', { headers });

describe('GET /.well-known/oauth-authorization-server (RFC 8414)', () => {
  it('describes this server, and validates against the spec', async () => {
    const res = await metadata();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      issuer: mock.baseUrl,
      authorization_endpoint: `${mock.baseUrl}/oauth/authorize`,
      token_endpoint: `${mock.baseUrl}/oauth/token`,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      scopes_supported: ['openid', 'profile', 'fullname', 'email', 'related.communities', 'related.groups', 'related.members', 'related.members.groups'],
      authorization_response_iss_parameter_supported: true,
    });
    const check = mock.deps.contract.validateResponse('getAuthorizationServerMetadata', 200, res.headers.get('content-type') ?? undefined, res.body);
    expect(check).toMatchObject({ documented: true, errors: [] });
  });

  it.each([
    ['X-Forwarded-Proto and -Host', { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'mock.example.com.br' }, 'https://mock.example.com.br'],
    ['the first hop of a list', { 'x-forwarded-proto': 'https, http', 'x-forwarded-host': 'edge.example:8443, inner:4010' }, 'https://edge.example:8443'],
    ['a proto that is not http(s), ignored', { 'x-forwarded-proto': 'javascript', 'x-forwarded-host': 'a.example' }, 'http://a.example'],
    ['a host with a path or markup, ignored', { 'x-forwarded-host': 'evil.example/<x>' }, null],
    ['a forwarded host that is not allowed, ignored', { 'x-forwarded-host': 'evil.example' }, null],
  ])('takes the issuer from %s', async (_name, headers, want) => {
    const res = await metadata(headers);
    const issuer = want ?? mock.baseUrl;
    expect(res.body.issuer).toBe(issuer);
    expect(res.body.token_endpoint).toBe(`${issuer}/oauth/token`);
  });

  it('says Cache-Control: no-store (its URLs follow the Host asked, and a restart may change them)', async () => {
    expect((await metadata()).headers.get('cache-control')).toBe('no-store');
  });
});

describe('X-Forwarded-* without --trust-proxy', () => {
  it('are ignored, even for an allowed host: any client can send them', async () => {
    const plain = await startMock({ app: { allowedHosts: ['mock.example.com.br'] } });
    try {
      const res = await plain.call('GET', '/.well-known/oauth-authorization-server', {
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'mock.example.com.br' },
      });
      expect(res.body.issuer).toBe(plain.baseUrl);
    } finally {
      await plain.close();
    }
  });
});

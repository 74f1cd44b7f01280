import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type MockHarness } from '../testing/startMock.ts';
import { CONFIDENTIAL, PUBLIC, REDIRECT } from '../testing/oauthKit.ts';

/** Nothing a client sends may make the authorization server fail: every answer is a 2xx, 3xx or 4xx. */
let mock: MockHarness;
beforeAll(async () => {
  mock = await startMock();
});
afterAll(async () => {
  await mock.close();
});

const NAMES = [
  'response_type',
  'client_id',
  'redirect_uri',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
  'prompt',
  'login_hint',
  'grant_type',
  'code',
  'code_verifier',
  'refresh_token',
  'client_secret',
  'community',
  'request_id',
  'decision',
  'user_id',
  '__proto__',
  'constructor',
];
const VALUES = fc.oneof(
  fc.constantFrom(
    CONFIDENTIAL,
    PUBLIC,
    REDIRECT,
    'code',
    'S256',
    'plain',
    'none',
    'openid profile',
    'authorization_code',
    'refresh_token',
    'client_credentials',
    'approve',
    'deny',
    'http://[::1]:1/x',
    'http://127.0.0.1:0/%zz',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);
const PARAMS = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...NAMES), fc.string({ maxLength: 10 })), VALUES), { maxLength: 12 });
const toQuery = (pairs: Array<[string, string]>) => new URLSearchParams(pairs).toString();

describe('robustness', () => {
  it('GET /oauth/authorize never answers 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(PARAMS, async (pairs) => {
        const res = await mock.call('GET', `/oauth/authorize?${toQuery(pairs)}`);
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });

  it('POST /oauth/token never answers 5xx, whatever the body, type or Authorization', async () => {
    await fc.assert(
      fc.asyncProperty(
        PARAMS,
        fc.constantFrom(
          'application/x-www-form-urlencoded',
          'application/x-www-form-urlencoded; charset=ISO-8859-1',
          'application/json',
          'text/plain',
          'multipart/form-data',
        ),
        fc.oneof(
          fc.constant(undefined),
          fc.constantFrom('Basic', 'Basic =', 'Basic Og==', 'Basic JXp6OiV6eg==', 'Bearer x'),
          fc.string({ maxLength: 30 }).map((s) => `Basic ${Buffer.from(s).toString('base64')}`),
        ),
        async (pairs, contentType, authorization) => {
          const res = await mock.call('POST', '/oauth/token', { rawBody: toQuery(pairs), contentType, headers: authorization ? { authorization } : {} });
          expect(res.status).toBeLessThan(500);
          if (res.status >= 400) expect(typeof res.body.error).toBe('string');
        },
      ),
      { numRuns: 200 },
    );
  });

  it('POST /oauth/authorize never answers 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(PARAMS, async (pairs) => {
        const res = await mock.call('POST', '/oauth/authorize', { rawBody: toQuery(pairs), contentType: 'application/x-www-form-urlencoded' });
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });

  it('a raw body that is not valid UTF-8 or not form syntax is still a 400', async () => {
    for (const rawBody of ['%', '%%%&&&===', '\u0000\uffff', 'a=%E0%A4%A']) {
      const res = await mock.call('POST', '/oauth/token', { rawBody, contentType: 'application/x-www-form-urlencoded' });
      expect(res.status).toBe(400);
    }
  });
});

/**
 * What the docs and the served contract tell browsers and caches: /docs may not be framed by another site
 * (it holds a logged-in token and an Execute button that writes), the spec is never cached (it names the
 * origin it was asked under).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type MockHarness } from '../testing/startMock.ts';

let mock: MockHarness;
beforeAll(async () => {
  mock = await startMock();
});
afterAll(async () => {
  await mock.close();
});

describe('/docs refuses framing', () => {
  it.each(['/docs', '/docs/', '/docs/index.html', '/docs/docs-init.js', '/docs/swagger-ui-bundle.js'])('%s', async (path) => {
    const res = await fetch(`${mock.baseUrl}${path}`);
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});

describe('the served contract and metadata are not cached', () => {
  it.each(['/openapi.json', '/openapi.yaml', '/.well-known/oauth-authorization-server'])('%s says Cache-Control: no-store', async (path) => {
    const res = await fetch(`${mock.baseUrl}${path}`);
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

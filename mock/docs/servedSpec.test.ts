import { once } from 'node:events';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import openapiTS, { astToString } from 'openapi-typescript';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { createFrozenClock } from '../clock.ts';
import { createDeps } from '../createDeps.ts';
import type { MockHarness } from '../testing/startMock.ts';
import { useMock } from '../testing/useMock.ts';

let mock: MockHarness;
useMock('file', (fx) => ({ mock } = fx));

type Served = {
  servers: Array<{ url: string }>;
  components: { securitySchemes: { oauth2: { flows: { authorizationCode: Record<string, string> } } } };
  paths: Record<string, unknown>;
};

describe('the served spec', () => {
  it('GET /openapi.json names the running mock in servers and in the OAuth flow', async () => {
    const res = await mock.call<Served>('GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body.servers).toEqual([{ url: mock.baseUrl, description: expect.any(String) }]);
    expect(res.body.components.securitySchemes.oauth2.flows.authorizationCode).toMatchObject({
      authorizationUrl: `${mock.baseUrl}/oauth/authorize`,
      tokenUrl: `${mock.baseUrl}/oauth/token`,
    });
    expect(Object.keys(res.body.paths)).toEqual(Object.keys(mock.deps.contract.document.paths ?? {}));
  });

  it('GET /openapi.yaml is the same document', async () => {
    const [json, yaml] = await Promise.all([mock.call<Served>('GET', '/openapi.json'), mock.call<string>('GET', '/openapi.yaml')]);
    expect(yaml.headers.get('content-type')).toMatch(/^application\/yaml/);
    expect(parse(yaml.text)).toEqual(json.body);
  });

  it('follows the Host the client used', async () => {
    // fetch cannot set Host; node:http can.
    const url = new URL('/openapi.json', mock.baseUrl);
    const text = await new Promise<string>((resolve, reject) => {
      request({ host: url.hostname, port: url.port, path: url.pathname, headers: { host: 'localhost:4010' } }, (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve(body));
      })
        .on('error', reject)
        .end();
    });
    expect((JSON.parse(text) as Served).servers[0]?.url).toBe('http://localhost:4010');
  });

  it('does not change the loaded contract', async () => {
    await mock.call('GET', '/openapi.json');
    expect(mock.deps.contract.document.servers?.[0]?.url).toBe('http://localhost:4010');
  });

  it('takes the public URL when one is given', async () => {
    const { app } = createApp(createDeps({ clock: createFrozenClock('2026-03-01T12:00:00.000Z') }), { publicUrl: 'https://mock.example.com' });
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/openapi.json`);
      const body = (await res.json()) as Served;
      expect(body.servers[0]?.url).toBe('https://mock.example.com');
      expect(body.components.securitySchemes.oauth2.flows.authorizationCode.tokenUrl).toBe('https://mock.example.com/oauth/token');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('is what openapi-typescript generates types from', async () => {
    const types = astToString(await openapiTS(new URL('/openapi.json', mock.baseUrl)));
    expect(types).toContain('listGroups');
    expect(types).toContain('"/v1/groups": {');
  });

  it('/ leads to the docs, which load Swagger UI from the mock itself', async () => {
    const root = await mock.call('GET', '/');
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/docs');
    const page = await mock.call<string>('GET', '/docs');
    expect(page.status).toBe(200);
    const assets = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] as string);
    expect(assets.every((a) => a.startsWith('/'))).toBe(true);
    for (const asset of assets) expect((await mock.call('GET', asset)).status, asset).toBe(200);
    expect((await mock.call('GET', '/docs/oauth2-redirect.html')).status).toBe(200);
  });

  it('registers the docs redirect page for the public client', () => {
    expect(mock.deps.store.app('app-agenda-familia')?.redirectUris).toContain('http://localhost:4010/docs/oauth2-redirect.html');
  });
});

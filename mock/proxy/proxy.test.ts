import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMockTarget, type MockTarget } from '../../conformance/testing/startMockTarget.ts';
import { loadContract } from '../../spec/contract.ts';
import { createProxyServer } from './createProxyServer.ts';
import { parseProxyArgs } from './parseProxyArgs.ts';

const contract = loadContract();
const listen = async (server: Server): Promise<string> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
const close = (server: Server | undefined) =>
  new Promise<void>((resolve) => (server ? (server.closeAllConnections(), server.close(() => resolve())) : resolve()));

describe('the validating proxy', () => {
  let mock: MockTarget;
  let broken: MockTarget;
  const servers: Server[] = [];
  const start = async (upstream: string, limits: { timeoutMs?: number; maxBodyBytes?: number; maxRequestBytes?: number } = {}) => {
    const { server } = createProxyServer({ upstream: new URL(upstream), contract, now: () => new Date('2026-03-01T12:00:00.000Z'), ...limits });
    servers.push(server);
    return listen(server);
  };
  beforeAll(async () => {
    mock = await startMockTarget();
    // The mock with a contract-breaking fault: what a broken implementation answers.
    broken = await startMockTarget({ faults: ['group-active-as-string', 'groups-foreign-community'] });
  }, 60_000);
  afterEach(async () => {
    await Promise.all(servers.splice(0).map(close));
  });
  afterAll(async () => {
    await mock.close();
    await broken.close();
  });

  const headers = () => ({ authorization: `Bearer ${mock.config.token}`, 'community-id': mock.config.community as string });

  it('stays silent in front of a correct implementation (the mock), passing every answer through unchanged', async () => {
    const proxy = await start(mock.url);
    for (const path of ['/v1/groups?limit=3', '/v1/groups/search?q=a', `/v1/appmaker/apps/${mock.config.appId}/installations`]) {
      const [direct, via] = await Promise.all([fetch(mock.url + path, { headers: headers() }), fetch(proxy + path, { headers: headers() })]);
      expect(via.status).toBe(direct.status);
      expect(await via.text()).toBe(await direct.text());
      expect(via.headers.get('x-contract-violations')).toBeNull();
    }
    const journal = (await (await fetch(`${proxy}/__mock/journal`)).json()) as Array<{
      operationId: string;
      violations?: string[];
      request: { headers: Record<string, string> };
    }>;
    expect(journal.map((e) => e.operationId)).toEqual(['listGroups', 'searchGroups', 'listAppInstallations']);
    expect(journal.every((e) => e.violations === undefined)).toBe(true);
    expect(JSON.stringify(journal)).not.toContain(mock.config.token);
  });

  it('flags a broken implementation live, in the header, the journal, its HAR and the dashboard', async () => {
    const proxy = await start(broken.url);
    const groups = await fetch(`${proxy}/v1/groups?limit=3`, { headers: headers() });
    expect(groups.status).toBe(200);
    expect(groups.headers.get('x-contract-violations')).toMatch(/\[MUST\] response-schema: .*active must be boolean/);
    expect(groups.headers.get('x-contract-violations')).toMatch(/community-scope/);
    const upstream = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('[{"_id": 1}]'));
    servers.push(upstream);
    const textProxy = await start(await listen(upstream));
    const answer = await fetch(`${textProxy}/v1/groups`, { headers: headers() });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('[{"_id": 1}]');
    expect(answer.headers.get('x-contract-violations')).toMatch(/\[MUST\] content-type: content type is "text\/plain"/);
    const journal = (await (await fetch(`${textProxy}/__mock/journal?operationId=listGroups`)).json()) as Array<{ violations?: string[] }>;
    expect(journal[0]?.violations?.join(' ')).toMatch(/content-type/);
    const har = (await (await fetch(`${textProxy}/__mock/journal/har`)).json()) as { log: { entries: Array<{ _violations?: string[] }> } };
    expect(har.log.entries[0]?._violations?.length).toBeGreaterThan(0);
    const page = await (await fetch(`${proxy}/__mock/ui`)).text();
    expect(page).toContain('<th>violations</th>');
  });

  it('refuses a foreign Host (DNS rebinding), its journal and the API alike', async () => {
    const proxy = new URL(await start(mock.url));
    const status = (path: string) =>
      new Promise<number>((resolve, reject) => {
        request({ host: proxy.hostname, port: proxy.port, path, headers: { host: 'evil.example', ...headers() } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
          .on('error', reject)
          .end();
      });
    const reached = async () => ((await (await fetch(`${mock.url}/__mock/journal/count`)).json()) as { count: number }).count;
    const before = await reached();
    expect(await status('/__mock/journal')).toBe(403);
    expect(await status('/v1/groups?limit=1')).toBe(403);
    expect(await reached()).toBe(before);
  });

  it('masks key-shaped secrets in the journals and HARs of the proxy and of the mock behind it', async () => {
    const proxy = await start(mock.url);
    const secrets = ['SECRETquery0123456789', 'SECRETheader0123456789', 'SECRETjson0123456789', 'SECRETform0123456789', 'SECRETcookie012345'];
    const [query, header, json, form, cookie] = secrets;
    await fetch(`${proxy}/v1/groups?limit=1&api_key=${query}`, { headers: { ...headers(), 'x-api-key': header as string, cookie: `sid=${cookie}` } });
    await fetch(`${proxy}/v2/sync/r1/uploadEntities`, {
      method: 'POST',
      headers: { ...headers(), 'content-type': 'application/json' },
      body: JSON.stringify({ apiKey: json, groups: { data: [] } }),
    });
    await fetch(`${proxy}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=client_credentials&client_id=x&client_secret=${form}`,
    });
    for (const base of [proxy, mock.url]) {
      const journal = await (await fetch(`${base}/__mock/journal`)).text();
      const har = await (await fetch(`${base}/__mock/journal/har`)).text();
      expect(journal).toContain('api_key=');
      expect(har).toContain('x-api-key');
      for (const secret of secrets) {
        expect(journal, `${base} journal`).not.toContain(secret);
        expect(har, `${base} HAR`).not.toContain(secret);
      }
    }
  });

  it('refuses a request body over its bound with a 413 problem, sending nothing upstream', async () => {
    const proxy = await start(mock.url, { maxRequestBytes: 1024 });
    const uploads = async () => ((await (await fetch(`${mock.url}/__mock/journal/count?operationId=uploadSyncEntities`)).json()) as { count: number }).count;
    const before = await uploads();
    const answer = await fetch(`${proxy}/v2/sync/r1/uploadEntities`, {
      method: 'POST',
      headers: { ...headers(), 'content-type': 'application/json' },
      body: JSON.stringify({ groups: { data: [{ alias: 'x'.repeat(2000) }] } }),
    });
    expect(answer.status).toBe(413);
    expect(answer.headers.get('content-type')).toBe('application/problem+json');
    expect(await uploads()).toBe(before);
  });

  it('flags a request that breaks the spec', async () => {
    const proxy = await start(mock.url);
    const answer = await fetch(`${proxy}/v1/groups?limit=3`, { headers: { authorization: headers().authorization } });
    expect(answer.headers.get('x-contract-violations')).toMatch(/\[request\] header community-id/);
  });

  it.each<[string, () => Promise<{ url: string; limits?: { timeoutMs?: number; maxBodyBytes?: number } }>, number, RegExp]>([
    [
      'refuses connections',
      async () => {
        const gone = createServer();
        const url = await listen(gone);
        await close(gone);
        return { url };
      },
      502,
      /cannot be reached: ECONNREFUSED/,
    ],
    [
      'never answers',
      async () => {
        const slow = createServer(() => undefined);
        servers.push(slow);
        return { url: await listen(slow), limits: { timeoutMs: 300 } };
      },
      504,
      /did not answer within 300 ms/,
    ],
    [
      'answers without end',
      async () => {
        const huge = createServer((_req, res) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          const chunk = Buffer.alloc(64 * 1024, 32);
          const pump = () => {
            while (res.write(chunk));
            res.once('drain', pump);
          };
          pump();
        });
        servers.push(huge);
        return { url: await listen(huge), limits: { maxBodyBytes: 1024 * 1024 } };
      },
      502,
      /larger than 1048576 bytes/,
    ],
  ])('answers a problem when the upstream %s, and keeps serving', { timeout: 20_000 }, async (_name, upstream, status, detail) => {
    const { url, limits } = await upstream();
    const proxy = await start(url, limits);
    const answer = await fetch(`${proxy}/v1/groups`, { headers: headers() });
    expect(answer.status).toBe(status);
    expect(answer.headers.get('content-type')).toBe('application/problem+json');
    expect(((await answer.json()) as { detail: string }).detail).toMatch(detail);
    expect((await fetch(`${proxy}/__mock/journal/count`)).status).toBe(200);
  });
});

describe('parseProxyArgs', () => {
  it.each<[string[], RegExp | object]>([
    [['--upstream', 'https://staging.example.org'], { port: 4020, host: '127.0.0.1', timeoutMs: 30_000 }],
    [['--upstream', 'http://a:1', '--port', '0', '--timeout-ms', '500'], { port: 0, timeoutMs: 500 }],
    [[], /--upstream URL is required/],
    [['--upstream', 'ftp://x'], /must be http or https/],
    [['--upstream', 'http://u:p@x'], /no query, fragment or credentials/],
    [['--upstream', 'http://x', '--port', '70000'], /--port takes a whole number/],
    [['--nope'], /Unknown option/],
    [
      ['--upstream', 'http://x', '--allowed-hosts', 'proxy.internal, .corp.example', '--allowed-origins', 'http://localhost:5173,https://app.example/'],
      { allowedHosts: ['proxy.internal', '.corp.example'], allowedOrigins: ['http://localhost:5173', 'https://app.example/'] },
    ],
    [['--upstream', 'http://x', '--allowed-origins', 'http://localhost:5173/app'], /--allowed-origins takes origins/],
    [['--upstream', 'http://x', '--allowed-origins', 'null'], /--allowed-origins takes origins/],
    [['--upstream', 'http://x', '--admin-token', 'proxy-key-0123'], { adminToken: 'proxy-key-0123' }],
    [['--upstream', 'http://x', '--admin-token', 'a b'], /--admin-token takes/],
    [['--upstream', 'http://x'], { journalBudgetBytes: 64 * 1024 * 1024 }],
    [['--upstream', 'http://x', '--journal-budget-mb', '8'], { journalBudgetBytes: 8 * 1024 * 1024 }],
  ])('%j', (argv, want) => {
    if (want instanceof RegExp) expect(() => parseProxyArgs(argv)).toThrow(want);
    else expect(parseProxyArgs(argv)).toMatchObject(want);
  });

  it('takes the admin token from MOCK_ADMIN_TOKEN, as the mock does; the flag wins', () => {
    expect(parseProxyArgs(['--upstream', 'http://x'], { MOCK_ADMIN_TOKEN: 'from-env-0123' }).adminToken).toBe('from-env-0123');
    expect(parseProxyArgs(['--upstream', 'http://x', '--admin-token', 'from-flag-0123'], { MOCK_ADMIN_TOKEN: 'from-env-0123' }).adminToken).toBe(
      'from-flag-0123',
    );
  });
});

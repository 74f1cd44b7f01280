/**
 * A second opinion on the contract, from a validator we did not write: Stoplight Prism.
 * - `prism proxy --errors` in front of the mock turns any answer that breaks spec/openapi.yaml into a 500
 *   with an `sl-violations` header; a representative valid request of every operation must pass it untouched.
 * - `prism mock` serves the spec's own examples, so the document also works as-is with the tool partners
 *   most often reach for.
 * Prism runs from node_modules (nothing is downloaded) on 127.0.0.1; every process is stopped afterwards.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../spec/contract.ts';
import { faultCatalog } from './faults/catalog.ts';
import { devToken, type MockHarness, startMock } from './testing/startMock.ts';

const root = new URL('..', import.meta.url).pathname;
const prismBin = `${root}node_modules/.bin/prism`;
const children: ChildProcess[] = [];

/** Prism takes no port 0: ask the OS for a free port on 127.0.0.1, then hand it over. */
async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  await once(probe, 'close');
  return port;
}

async function startPrism(args: string[]): Promise<string> {
  const port = await freePort();
  const child = spawn(prismBin, [...args, '--host', '127.0.0.1', '--port', String(port)], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`prism did not start: ${out}`)), 45_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Prism is listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`prism exited (${code}): ${out}`)));
  });
  return `http://127.0.0.1:${port}`;
}

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  }
});

describe('prism proxy --errors in front of the mock', () => {
  let mock: MockHarness;
  let proxy: string;
  let token: string;
  const community = 'colegio-horizonte';

  beforeAll(async () => {
    mock = await startMock();
    token = devToken(mock.deps, community, 'coordenator');
    proxy = await startPrism(['proxy', 'spec/openapi.yaml', mock.baseUrl, '--errors']);
  }, 60_000);
  afterAll(async () => {
    await mock.close();
  });

  const bearer = () => ({ authorization: `Bearer ${token}`, 'community-id': community });
  const json = { 'content-type': 'application/json' };
  const sample = (name: string) => readFileSync(`${root}fixtures/samples/${name}`, 'utf8');
  const pending = () => mock.deps.store.installationsInCommunity(community).find((i) => i.status === 'pending_approval')!.appId;
  const groupId = () => mock.deps.store.queryGroups({ community, page: 1, limit: 1 }).items[0]!._id;

  it.each([
    ['listGroups', () => ['GET', '/v1/groups?season=2026&active=true&sort=-name&page=1&limit=5', bearer()]],
    ['searchGroups', () => ['GET', '/v1/groups/search?q=ano&limit=3', bearer()]],
    ['getGroup', () => ['GET', `/v1/groups/${groupId()}`, bearer()]],
    ['getGroup (404)', () => ['GET', '/v1/groups/000000000000000000000000', bearer()]],
    ['listAppInstallations', () => ['GET', '/v1/appmaker/apps/app-diario-escolar/installations', bearer()]],
    [
      'updateAppInstallation',
      () => [
        'PUT',
        `/v1/appmaker/apps/app-diario-escolar/installations/${community}`,
        { ...bearer(), ...json },
        JSON.stringify({ contactInfo: { name: 'Ana', telephone: '+55 11 90000-0000', message: 'Oi' } }),
      ],
    ],
    ['approveAppInstallation', () => ['POST', `/v1/appmaker/apps/${pending()}/installations/${community}/approve`, bearer()]],
    ['approveAppInstallation (409)', () => ['POST', `/v1/appmaker/apps/app-diario-escolar/installations/${community}/approve`, bearer()]],
    ['uploadSyncEntities', () => ['POST', '/v2/sync/prism-run/uploadEntities', { ...bearer(), ...json }, sample('sync-upload.json')]],
    ['getUpdatedUsers', () => ['POST', '/v1/@platform:data:Users:getUpdatedAfter', json, sample('data-action-users.json')]],
    ['getUpdatedComponents', () => ['POST', '/v1/@platform:data:Components:getUpdatedAfter', json, sample('data-action-components.json')]],
    ['getUserInfo', () => ['GET', '/v1/oauth/user/info?includes=members,groups,community', { authorization: 'Bearer dev-colegio-horizonte-guardian' }]],
    ['getAuthorizationServerMetadata', () => ['GET', '/.well-known/oauth-authorization-server', {}]],
  ] as const)('%s passes untouched', async (_name, request) => {
    const [method, path, headers, body] = request() as [string, string, Record<string, string>, string?];
    const res = await fetch(`${proxy}${path}`, { method, headers, body });
    const text = await res.text();
    expect(res.headers.get('sl-violations'), text.slice(0, 300)).toBeNull();
    expect(res.status, text.slice(0, 300)).toBeLessThan(500);
  });
});

describe('prism proxy catches a mock that breaks the contract (negative control)', () => {
  let broken: MockHarness;
  let proxy: string;
  beforeAll(async () => {
    broken = await startMock({ faults: ['group-active-as-string'], faultCatalog });
    proxy = await startPrism(['proxy', 'spec/openapi.yaml', broken.baseUrl, '--errors']);
  }, 60_000);
  afterAll(async () => {
    await broken.close();
  });

  it('turns the broken answer into a 500 with sl-violations naming the key', async () => {
    const res = await fetch(`${proxy}/v1/groups?limit=2`, {
      headers: { authorization: 'Bearer dev-colegio-horizonte-coordenator', 'community-id': 'colegio-horizonte' },
    });
    expect(res.status).toBe(500);
    expect(res.headers.get('sl-violations')).toMatch(/active/);
  });
});

describe('prism mock on the spec', () => {
  let prism: string;
  beforeAll(async () => {
    prism = await startPrism(['mock', 'spec/openapi.yaml']);
  }, 60_000);

  const contract = loadContract();
  it.each([
    ['listGroups', 'GET', '/v1/groups'],
    ['searchGroups', 'GET', '/v1/groups/search?q=x'],
    ['getGroup', 'GET', '/v1/groups/64b7f0c2a1e4d93b5c0f2c10'],
    ['listAppInstallations', 'GET', '/v1/appmaker/apps/app-diario-escolar/installations'],
    ['getUserInfo', 'GET', '/v1/oauth/user/info'],
  ])('%s answers a documented example that our contract module accepts', async (operationId, method, path) => {
    const res = await fetch(`${prism}${path}`, { method, headers: { authorization: 'Bearer x', 'community-id': 'colegio-horizonte' } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(contract.validateResponse(operationId, 200, res.headers.get('content-type') ?? undefined, body)).toEqual({
      documented: true,
      response: expect.anything(),
      errors: [],
    });
  });
});

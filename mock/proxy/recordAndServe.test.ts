import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestTarget, type TestTarget } from '../../conformance/testing/target/startTestTarget.ts';
import { loadContract } from '../../spec/contract.ts';
import { loadStubsFile } from '../cli/loadStubsFile.ts';
import { type MockHarness, startMock } from '../testing/startMock.ts';
import { createProxyServer } from './createProxyServer.ts';
import { createHarRecorder } from './harRecorder.ts';
import { parseProxyArgs } from './parseProxyArgs.ts';

const dir = mkdtempSync(join(tmpdir(), 'record-'));
const file = join(dir, 'staging.har');
let target: TestTarget;
let proxy: Server;
let proxyUrl: string;
let mock: MockHarness;

beforeAll(async () => {
  // The switchable target stands for a staging server the mock knows nothing of: its own data and token.
  target = await startTestTarget();
  const recorder = createHarRecorder(file, target.url);
  ({ server: proxy } = createProxyServer({ upstream: new URL(target.url), contract: loadContract(), record: (x) => recorder.record(x) }));
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  mock = await startMock();
}, 60_000);
afterAll(async () => {
  proxy.closeAllConnections();
  await new Promise((resolve) => proxy.close(resolve));
  await target.close();
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Seen {
  status: number;
  body: string;
  total: string | null;
  type: string | null;
}

/** What a frontend's session does: list, read the first group, list a second page, read the user. */
async function frontendSession(base: string, token: string, community: string): Promise<Seen[]> {
  const call = async (path: string, headers: Record<string, string> = { 'community-id': community }): Promise<Seen> => {
    const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}`, ...headers } });
    return { status: res.status, body: await res.text(), total: res.headers.get('x-total-count'), type: res.headers.get('content-type') };
  };
  const first = await call('/v1/groups?limit=2');
  // The first group id of the list, whatever envelope the implementation chose.
  const id = /"_?id":"([0-9a-f]{24})"/.exec(first.body)?.[1] ?? 'none';
  return [
    first,
    await call(`/v1/groups/${id}`),
    await call('/v1/groups?limit=2&page=2'),
    await call('/v1/groups?limit=2'),
    await call('/v1/groups/ffffffffffffffffffffffff'),
  ];
}

describe('a staging session recorded through the proxy runs offline on the mock', () => {
  it('--record FILE is the proxy’s flag for it', () => {
    expect(parseProxyArgs(['--upstream', 'https://staging.example.org', '--record', file]).record).toBe(file);
    expect(parseProxyArgs(['--upstream', 'https://staging.example.org']).record).toBeUndefined();
  });

  it('answers every recorded call exactly as staging did, secrets masked in the file, the stateful mock for the rest', async () => {
    const { token, community } = target.config as { token: string; community: string };
    const online = await frontendSession(proxyUrl, token, community);
    expect(online.map((s) => s.status)).toEqual([200, 200, 200, 200, 404]);

    const recording = readFileSync(file, 'utf8');
    expect(recording).not.toContain(token);
    expect(JSON.parse(recording).log.entries).toHaveLength(5);

    // Offline: the mock, the recording as the default session's stubs (as `edu-mock --stubs FILE` loads it).
    expect(loadStubsFile(file, mock.deps)).toMatch(/^5 stubs from /);
    const offline = await frontendSession(mock.baseUrl, token, community);
    expect(offline).toEqual(online);

    // Not recorded: the stateful mock answers (it knows no such token).
    const other = await fetch(`${mock.baseUrl}/v1/groups?limit=3`, { headers: { authorization: `Bearer ${token}`, 'community-id': community } });
    expect(other.status).toBe(401);
    expect(other.headers.get('x-mock-stub')).toBeNull();
  });
});

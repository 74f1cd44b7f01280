/**
 * One pipeline, two mount points: createApp() mounts the API pipeline as Express middleware (what an
 * embedding app gets), and the standalone server calls it before Express. Both must answer byte for byte
 * alike, errors included, and the presentation cache must never outlive a record.
 */
import { once } from 'node:events';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type MockApp } from '../app.ts';
import { createFrozenClock } from '../clock.ts';
import { createDeps } from '../createDeps.ts';
import type { MockDeps } from '../createDeps.ts';
import { DEFAULT_SESSION } from '../sessions/SessionRegistry.ts';

let deps: MockDeps;
let mock: MockApp;
const servers: Server[] = [];
let expressUrl: string;
let standaloneUrl: string;

async function listen(server: Server): Promise<string> {
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  deps = createDeps({ clock: createFrozenClock('2026-03-01T12:00:00.000Z') });
  mock = createApp(deps);
  expressUrl = await listen(createServer(mock.app));
  standaloneUrl = await listen(createServer((req, res) => mock.api(req, res)));
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
});

interface Sent {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** A raw request (node:http, so nothing is normalised on the way), answered as status, headers and bytes. */
function send(base: string, { method = 'GET', path, headers = {}, body }: Sent): Promise<{ status: number; headers: Record<string, unknown>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(base + path, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = res.headers;
        resolve({ status: res.statusCode ?? 0, headers: rest, text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const auth = { authorization: 'Bearer dev-colegio-horizonte-coordenator', 'community-id': 'colegio-horizonte' };
const json = { ...auth, 'content-type': 'application/json' };

describe('the standalone mount answers as the Express mount does', () => {
  it.each<[string, Sent]>([
    ['a filtered list', { path: '/v1/groups?active=true&limit=3', headers: auth }],
    ['a search', { path: '/v1/groups/search?q=ano&limit=2', headers: { ...auth, origin: 'http://localhost:5173' } }],
    ['an unknown query parameter (warning header)', { path: '/v1/groups?limit=1&colour=blue', headers: auth }],
    ['no token (401 with a challenge)', { path: '/v1/groups' }],
    ['a bad parameter (400 problem)', { path: '/v1/groups?limit=-1', headers: auth }],
    ['an unknown group (404 problem)', { path: '/v1/groups/000000000000000000000000', headers: auth }],
    ['a Prefer example', { path: '/v1/groups', headers: { ...auth, prefer: 'code=404' } }],
    ['a Prefer the spec cannot satisfy (406)', { path: '/v1/groups', headers: { ...auth, prefer: 'code=418' } }],
    ['broken JSON (400 problem)', { method: 'POST', path: '/v1/@platform:data:Users:getUpdatedAfter', headers: json, body: '{"context":' }],
    [
      'a gzip body',
      {
        method: 'POST',
        path: '/v1/@platform:data:Users:getUpdatedAfter',
        headers: { ...json, 'content-encoding': 'gzip' },
        body: gzipSync('{"context":{"community":"colegio-horizonte"},"secret":"x"}'),
      },
    ],
    [
      'a body of the wrong type (415)',
      { method: 'POST', path: '/v1/@platform:data:Users:getUpdatedAfter', headers: { 'content-type': 'text/plain' }, body: 'hello' },
    ],
    [
      'an unknown encoding (415)',
      { method: 'POST', path: '/v1/@platform:data:Users:getUpdatedAfter', headers: { ...json, 'content-encoding': 'zip9' }, body: '{}' },
    ],
    ['a body over the limit (413)', { method: 'POST', path: '/v2/sync/r/uploadEntities', headers: json, body: Buffer.alloc(50 * 2 ** 20 + 1, 0x20) }],
    ['a method the path does not have (405)', { method: 'DELETE', path: '/v1/groups', headers: auth }],
    ['an unknown path (404)', { path: '/v1/nothing-here', headers: auth }],
    ['a CORS preflight', { method: 'OPTIONS', path: '/v1/groups', headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET' } }],
  ])('%s', async (_name, sent) => {
    const [viaExpress, viaStandalone] = [await send(expressUrl, sent), await send(standaloneUrl, sent)];
    expect(viaStandalone).toEqual(viaExpress);
    expect(viaExpress.status).toBeLessThan(500);
    expect(viaExpress.headers['x-contract-violations']).toBeUndefined();
  });

  it('answers problems as application/problem+json and data as application/json, with CORS headers', async () => {
    const problem = await send(standaloneUrl, { path: '/v1/groups', headers: { origin: 'http://localhost:5173' } });
    expect(problem.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(problem.headers['access-control-allow-origin']).toBe('*');
    const list = await send(standaloneUrl, { path: '/v1/groups?limit=1', headers: auth });
    expect(list.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(list.headers['content-length'])).toBe(Buffer.byteLength(list.text));
  });

  it('journals API requests through either mount', async () => {
    deps.sessions.use(DEFAULT_SESSION).journal.clear();
    await send(standaloneUrl, { path: '/v1/groups?limit=1', headers: auth });
    await send(expressUrl, { path: '/v1/groups/search?q=x', headers: auth });
    expect(
      deps.sessions
        .use(DEFAULT_SESSION)
        .journal.list()
        .map((e) => [e.method, e.url, e.operationId, e.status]),
    ).toEqual([
      ['GET', '/v1/groups?limit=1', 'listGroups', 200],
      ['GET', '/v1/groups/search?q=x', 'searchGroups', 200],
    ]);
  });
});

describe('presented records', () => {
  it('show a change at once: the cache is per record object, and a write stores a new one', async () => {
    const [first] = JSON.parse((await send(standaloneUrl, { path: '/v1/groups?limit=1', headers: auth })).text) as Array<{ _id: string; name: string }>;
    const stored = deps.sessions.use(DEFAULT_SESSION).store.group('colegio-horizonte', first!._id)!;
    deps.sessions.use(DEFAULT_SESSION).store.putGroup({ ...stored, name: 'Renamed class' });
    for (const path of [`/v1/groups/${first!._id}`, '/v1/groups?limit=1']) {
      const text = (await send(standaloneUrl, { path, headers: auth })).text;
      expect(text).toContain('"name":"Renamed class"');
    }
  });

  it('are still checked against the spec: a stored record that breaks it is flagged in every answer showing it', async () => {
    const [first] = JSON.parse((await send(standaloneUrl, { path: '/v1/groups?limit=1', headers: auth })).text) as Array<{ _id: string }>;
    const stored = deps.sessions.use(DEFAULT_SESSION).store.group('colegio-horizonte', first!._id)!;
    deps.sessions.use(DEFAULT_SESSION).store.putGroup({ ...stored, active: 'yes' as unknown as boolean });
    const read = await send(standaloneUrl, { path: `/v1/groups/${first!._id}`, headers: auth });
    expect(read.headers['x-contract-violations']).toMatch(/^\/active must be boolean/);
    const list = await send(expressUrl, { path: '/v1/groups?limit=1', headers: auth });
    expect(list.headers['x-contract-violations']).toMatch(/^\/0\/active must be boolean/);
    deps.sessions.use(DEFAULT_SESSION).store.putGroup(stored);
  });
});

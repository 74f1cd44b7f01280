/**
 * What Node's HTTP parser refuses is answered as problem+json too, and slow clients are cut: raw bytes on a
 * socket, because no HTTP client would send them. Timeouts are shortened here so the test stays fast.
 */
import { once } from 'node:events';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { createFrozenClock } from '../clock.ts';
import { createDeps } from '../createDeps.ts';
import { createMockServer } from './createMockServer.ts';
import { DEFAULT_SESSION } from '../sessions/SessionRegistry.ts';

let server: Server;
let port: number;
let version: () => number;

beforeAll(async () => {
  const deps = createDeps({ clock: createFrozenClock('2026-03-01T12:00:00.000Z') });
  version = () => deps.sessions.use(DEFAULT_SESSION).store.version;
  server = createMockServer(createApp(deps).app, { headersMs: 400, requestMs: 800, checkEveryMs: 100 });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await once(server, 'close');
});

/** Sends raw bytes (optionally in slow pieces) and returns everything the server answered before closing. */
function raw(chunks: string[], gapMs = 0): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString('latin1')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    socket.setTimeout(5000, () => socket.destroy());
    let i = 0;
    const next = (): void => {
      if (i >= chunks.length || socket.destroyed) return;
      socket.write(chunks[i++] as string);
      if (gapMs > 0) setTimeout(next, gapMs);
      else next();
    };
    next();
  });
}

function parse(answer: string): { status: number; contentType: string; body: any } {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  const contentType = /content-type: ([^\r\n]+)/i.exec(head)?.[1] ?? '';
  return { status, contentType, body: body ? JSON.parse(body) : undefined };
}

describe('HTTP parser errors are problem+json', () => {
  it.each([
    ['a NUL in a header value', 'GET /v1/groups HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: a\u0000b\r\n\r\n', 400, 'malformed_http'],
    ['a 20 KB header', `GET /v1/groups HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431, 'headers_too_large'],
    ['no Host in HTTP/1.1', 'GET /v1/groups HTTP/1.1\r\nConnection: close\r\n\r\n', 400, 'malformed_http'],
    [
      'Content-Length with Transfer-Encoding',
      'POST /v2/sync/r/uploadEntities HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      400,
      'malformed_http',
    ],
    [
      'two Content-Length values',
      'POST /v2/sync/r/uploadEntities HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab',
      400,
      'malformed_http',
    ],
    ['a bad chunk size', 'POST /v2/sync/r/uploadEntities HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n', 400, 'malformed_http'],
    ['a space in the method', 'GE T /v1/groups HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', 400, 'malformed_http'],
    ['not HTTP at all', '\u0016\u0003\u0001\u0002\u0000\u0001\u0000\r\n\r\n', 400, 'malformed_http'],
  ])('%s → %s %s', async (_name, request, status, code) => {
    const before = version();
    const answer = parse(await raw([request]));
    expect(answer.status).toBe(status);
    expect(answer.contentType).toMatch(/^application\/problem\+json/);
    expect(answer.body).toMatchObject({ status, code });
    expect(version()).toBe(before);
  });
});

describe('slow clients are cut', () => {
  it('a client that never finishes its headers gets a 408 problem and the socket is closed', async () => {
    const started = performance.now();
    const answer = parse(
      await raw(
        [
          'GET /v1/groups HTTP/1.1\r\n',
          'Host: 127.0.0.1\r\n',
          'X-Slow: 1\r\n',
          'X-Slow: 2\r\n',
          'X-Slow: 3\r\n',
          'X-Slow: 4\r\n',
          'X-Slow: 5\r\n',
          'X-Slow: 6\r\n',
        ],
        200,
      ),
    );
    expect(answer.status).toBe(408);
    expect(answer.body).toMatchObject({ code: 'request_timeout' });
    // Cut near the headers timeout (0.4 s here, 10 s by default), not after the 1.4 s the client would take.
    expect(performance.now() - started).toBeLessThan(1400);
  });
});

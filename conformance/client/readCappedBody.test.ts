import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../testing/startServer.ts';
import { createClient } from './createClient.ts';
import { keptSlice, MAX_BODY_BYTES } from './readCappedBody.ts';
import { createSecretBook } from './SecretBook.ts';

const MB = 1024 * 1024;

describe('bounded reads', () => {
  let server: RunningServer;
  let sentBytes = 0;
  beforeAll(async () => {
    server = await startServer((req, res) => {
      if (req.url === '/huge') {
        // 200 MB of JSON-looking text, streamed a megabyte at a time; stops when the client goes away.
        const chunk = Buffer.alloc(MB, 'a');
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('"');
        let left = 200;
        const pump = (): void => {
          while (left > 0) {
            left--;
            sentBytes += MB;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end('"');
        };
        res.on('close', () => (left = 0));
        pump();
        return;
      }
      if (req.url === '/slow') return void setTimeout(() => res.end('{}'), 2_000);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ list: Array.from({ length: 20_000 }, (_, i) => ({ i })) }));
    });
  });
  afterAll(() => server.close());

  it('a 200 MB answer is a recorded failure after at most the cap, not a crash', async () => {
    const client = createClient({ baseUrl: server.url, secrets: createSecretBook() });
    const exchange = await client.send({ method: 'GET', path: '/huge' });
    expect(exchange.response).toBeUndefined();
    expect(exchange.overCap).toBe(true);
    expect(exchange.error).toMatch(new RegExp(`status 200\\) is over the suite's body cap of ${MAX_BODY_BYTES} bytes`));
    expect(sentBytes).toBeLessThan(200 * MB);
  }, 60_000);

  it('keeps the parsed body whole and a bounded slice of its text', async () => {
    const client = createClient({ baseUrl: server.url, secrets: createSecretBook() });
    const exchange = await client.send({ method: 'GET', path: '/big' });
    expect((exchange.response?.body as { list: unknown[] }).list).toHaveLength(20_000);
    expect(exchange.response?.bodyText.length).toBeLessThan(70 * 1024);
    expect(exchange.response?.bodyText).toMatch(/more characters not kept\]$/);
  });

  it('sends nothing once the overall deadline has passed, and waits no longer than it', async () => {
    const client = createClient({ baseUrl: server.url, secrets: createSecretBook(), deadline: performance.now() + 300 });
    const slow = await client.send({ method: 'GET', path: '/slow' });
    expect(slow.error).toBe("timed out: the run's deadline (--timeout) passed before the answer was complete");
    expect(slow.durationMs).toBeLessThan(1_500);
    const late = await client.send({ method: 'GET', path: '/big' });
    expect(late.error).toMatch(/deadline \(--timeout\) has passed/);
  });

  it.each([
    ['abc', 'abc'],
    ['x'.repeat(10), 'x'.repeat(4) + '… [6 more characters not kept]'],
  ])('keptSlice(%j)', (text, kept) => {
    expect(keptSlice(text, 4)).toBe(kept);
  });

  describe("each request's own deadline and the cap, against targets that never finish", () => {
    let hostile: RunningServer;
    /** Resolves when the server sees the connection of its answer closed: the client let go. */
    const closed: Record<string, Promise<number>> = {};
    beforeAll(async () => {
      hostile = await startServer((req, res) => {
        const path = req.url ?? '/';
        let written = 0;
        closed[path] = new Promise((resolve) => res.on('close', () => resolve(written)));
        res.writeHead(200, { 'content-type': 'application/json' });
        if (path.startsWith('/drip')) {
          // A byte every 20 ms, forever: the headers came at once, the body never ends.
          const timer = setInterval(() => {
            res.write(' ');
            written++;
          }, 20);
          res.on('close', () => clearInterval(timer));
          return;
        }
        // An endless chunked answer, as fast as the client reads it.
        const chunk = Buffer.alloc(16 * 1024, 'a');
        const pump = (): void => {
          while (!res.destroyed) {
            written += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
        };
        pump();
      });
    });
    afterAll(() => hostile.close());

    it.each<[string, string, RegExp]>([
      [
        'a body dripped a byte at a time times out on the request deadline',
        '/drip',
        /^timed out: no complete answer within the request's deadline of 0\.2 s \(--request-timeout\)$/,
      ],
      ['an endless answer stops at the cap', '/endless', /^the answer \(status 200\) is over the suite's body cap of 65536 bytes/],
    ])('%s, and the connection is closed at once', async (_name, path, error) => {
      const client = createClient({ baseUrl: hostile.url, secrets: createSecretBook(), requestTimeoutMs: 200, maxBodyBytes: 64 * 1024 });
      const exchange = await client.send({ method: 'GET', path });
      expect(exchange.response).toBeUndefined();
      expect(exchange.error).toMatch(error);
      // The target sees its connection closed (this resolves), not kept to be drained and reused; what it got
      // to write is at most the cap and what the sockets' buffers hold.
      expect(await closed[path]).toBeLessThan(8 * MB);
    });

    it('the run deadline and the request deadline are apart: a drip request ends on its own, the next is sent', async () => {
      const client = createClient({ baseUrl: hostile.url, secrets: createSecretBook(), requestTimeoutMs: 200, deadline: performance.now() + 600_000 });
      const first = await client.send({ method: 'GET', path: '/drip-1' });
      const second = await client.send({ method: 'GET', path: '/drip-2' });
      expect([first.error, second.error]).toEqual([expect.stringMatching(/request's deadline/), expect.stringMatching(/request's deadline/)]);
    });
  });
});

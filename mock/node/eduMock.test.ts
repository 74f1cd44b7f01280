/**
 * The Vite plugin, driven as Vite drives it: `configureServer` and `configurePreviewServer` get a server whose
 * `middlewares` is a Connect stack (`use(route, handle)`, the route cut off `req.url`, `next()` to the rest),
 * here a minimal one of that shape over a real node:http server on 127.0.0.1:0, with the dev server's own
 * routes after it.
 */
import { once } from 'node:events';
import { createServer, get, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ConnectServer, eduMock } from './eduMock.ts';

type Handle = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/** Connect's routing as Vite has it: a layer answers its route and what is under it, with the route cut off. */
function connectLike(): ConnectServer & { listener: (req: IncomingMessage, res: ServerResponse) => void } {
  const stack: Array<{ route: string; handle: Handle }> = [];
  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    const url = req.url ?? '/';
    let i = 0;
    const next = (error?: unknown): void => {
      if (error) return void res.writeHead(500).end(String(error));
      const layer = stack[i++];
      if (!layer) return void res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>the app');
      const under = url === layer.route || url.startsWith(`${layer.route}/`) || url.startsWith(`${layer.route}?`);
      if (!under) return next();
      req.url = url.slice(layer.route.length) || '/';
      if (!req.url.startsWith('/')) req.url = `/${req.url}`;
      layer.handle(req, res, (e) => {
        req.url = url;
        next(e);
      });
    };
    next();
  };
  return { middlewares: { use: (route, handle) => stack.push({ route, handle }) }, listener };
}

const servers: Server[] = [];
async function serve(listener: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer(listener);
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const headers = { authorization: 'Bearer dev-colegio-horizonte-coordenator', 'community-id': 'colegio-horizonte' };

describe('eduMock, the Vite plugin', () => {
  const plugin = eduMock({ clock: { now: '2026-03-01T12:00:00.000Z', frozen: true } });

  it.each([
    ['configureServer', (p: typeof plugin, s: ConnectServer) => p.configureServer(s)],
    ['configurePreviewServer', (p: typeof plugin, s: ConnectServer) => p.configurePreviewServer(s)],
  ] as const)('%s serves the mock under /api on the dev server origin, and leaves every other route to Vite', async (_name, configure) => {
    const connect = connectLike();
    configure(plugin, connect);
    const base = await serve(connect.listener);
    const list = await fetch(`${base}/api/v1/groups?limit=3`, { headers });
    expect(list.status).toBe(200);
    expect(((await list.json()) as unknown[]).length).toBe(3);
    expect((await fetch(`${base}/api/__mock/clock`)).status).toBe(200);
    expect((await fetch(`${base}/api/v1/groups`)).status).toBe(401);
    const page = await fetch(`${base}/`);
    expect(await page.text()).toContain('the app');
    expect((await fetch(`${base}/apiary`)).status).toBe(200);
  });

  it('dev and preview share one mock: a write through one is read through the other', async () => {
    const [dev, preview] = [connectLike(), connectLike()];
    const shared = eduMock({ clock: { now: '2026-03-01T12:00:00.000Z', frozen: true } });
    shared.configureServer(dev);
    shared.configurePreviewServer(preview);
    const [devBase, previewBase] = [await serve(dev.listener), await serve(preview.listener)];
    await fetch(`${devBase}/api/v1/groups`, { headers: { ...headers, 'x-mock-session': 'shared' } });
    await fetch(`${previewBase}/api/v1/groups`, { headers: { ...headers, 'x-mock-session': 'shared' } });
    expect(shared.middleware.session('shared').journal.count({ operationId: 'listGroups' })).toBe(2);
  });

  it.each([
    ['/mock/', '/mock'],
    ['mock', '/mock'],
    ['/a/b', '/a/b'],
  ])('takes base %s as %s', (base, route) => {
    const used: string[] = [];
    eduMock({ base }).configureServer({ middlewares: { use: (r) => used.push(r) } });
    expect(used).toEqual([route]);
  });

  it.each([
    ['no allowedHosts', undefined, 'app.test', 403],
    ['a name Vite allows', ['app.test'], 'app.test', 200],
    ['a domain Vite allows', ['.tunnel.test'], 'x.tunnel.test:5173', 200],
    ['another name than Vite allows', ['app.test'], 'evil.test', 403],
    ['any host (allowedHosts: true)', true, 'evil.test', 200],
  ] as const)('its host check follows Vite: %s', async (_name, allowedHosts, host, status) => {
    const connect = connectLike();
    eduMock({ clock: { now: '2026-03-01T12:00:00.000Z', frozen: true } }).configureServer({ ...connect, config: { server: { allowedHosts } } });
    const base = new URL(await serve(connect.listener));
    const answered = await new Promise<number>((resolve, reject) => {
      get({ host: base.hostname, port: base.port, path: '/api/v1/groups?limit=1', headers: { ...headers, host } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      }).on('error', reject);
    });
    expect(answered).toBe(status);
  });

  it('refuses base / (the mock would answer every route of the app)', () => {
    expect(() => eduMock({ base: '/' })).toThrow(/base must be a path/);
  });
});

// Vite itself is not a dependency of the package; the test runner brings it (vitest runs on it), as the recipe
// test of docs/sessions.md uses it.
describe('eduMock in a real Vite dev server', () => {
  it('answers /api/v1/groups on the dev server origin, and Vite answers the rest', async () => {
    const { createServer: createViteServer } = await import('vite');
    const root = mkdtempSync(join(tmpdir(), 'edu-vite-'));
    const server = await createViteServer({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [eduMock({ clock: { now: '2026-03-01T12:00:00.000Z', frozen: true } })],
      server: { port: 0, host: '127.0.0.1', strictPort: false },
    });
    await server.listen();
    try {
      const address = server.httpServer?.address() as AddressInfo;
      const base = `http://127.0.0.1:${address.port}`;
      const list = await fetch(`${base}/api/v1/groups?limit=2`, { headers });
      expect(list.status).toBe(200);
      expect(((await list.json()) as unknown[]).length).toBe(2);
      expect((await fetch(`${base}/@vite/client`)).status).toBe(200);
    } finally {
      await server.close();
      rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});

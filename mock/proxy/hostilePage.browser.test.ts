import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { browserTestsRun, launchChromium } from '../../scripts/testing/chromium.ts';
import { loadContract } from '../../spec/contract.ts';
import { createProxyServer, type ProxyOptions } from './createProxyServer.ts';
import { type RecordingServer, startRecordingServer } from './testing/recordingServer.ts';

/**
 * A page of another site, in a real browser, aims at the proxy: at a host behind it through a `//` path, and at
 * the upstream with simple and preflighted writes, a beacon, a form and an image. `evil.test` and
 * `rebound.test` resolve to 127.0.0.1 in this browser only (--host-resolver-rules), so the page is cross-site
 * for the browser, and a name re-pointed at the proxy is DNS rebinding as a browser does it.
 */
const contract = loadContract();
const runs = browserTestsRun('mock/proxy/hostilePage.browser.test.ts');

const attack = (proxy: string, internalPort: number): string => `<!doctype html><meta charset="utf-8"><title>evil</title>
<form id="f" method="post" action="${proxy}/v1/groups" target="sink"><input name="x" value="1"></form>
<iframe name="sink"></iframe>
<script>
window.attacks = Promise.allSettled([
  fetch('${proxy}//127.0.0.1:${internalPort}/steal', { mode: 'no-cors' }),
  fetch('${proxy}//127.0.0.1:${internalPort}/steal', { method: 'POST', mode: 'no-cors', body: 'x' }),
  fetch('${proxy}/v2/sync/r1/uploadEntities', { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: '{"groups":{"data":[]}}' }),
  fetch('${proxy}/v2/sync/r1/uploadEntities', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
  fetch('${proxy}/v1/groups', { credentials: 'include' }),
  new Promise((resolve) => { const img = new Image(); img.onload = img.onerror = resolve; img.src = '${proxy}/v1/groups?img=1'; }),
  Promise.resolve(navigator.sendBeacon('${proxy}/v1/groups?beacon=1', 'x')),
  new Promise((resolve) => { document.querySelector('iframe').onload = resolve; document.getElementById('f').submit(); }),
]).then((results) => results.length);
</script>`;

describe.runIf(runs)('a hostile page in Chromium against the validating proxy', () => {
  let browser: Browser;
  let upstream: RecordingServer;
  let internal: RecordingServer;
  let pageServer: Server;
  let pagePort = 0;
  let page = '';
  const proxies: Server[] = [];
  const startProxy = async (options: Partial<ProxyOptions> = {}): Promise<number> => {
    const { server } = createProxyServer({ upstream: new URL(upstream.url), contract, ...options });
    proxies.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  };
  const visit = async (html: string, url: string): Promise<void> => {
    page = html;
    const tab = await browser.newPage();
    try {
      await tab.goto(url);
      await tab.evaluate(() => (globalThis as unknown as { attacks: Promise<number> }).attacks);
    } finally {
      await tab.close();
    }
  };

  beforeAll(async () => {
    browser = await launchChromium(['--host-resolver-rules=MAP evil.test 127.0.0.1, MAP rebound.test 127.0.0.1']);
    pageServer = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(page));
    await new Promise<void>((resolve) => pageServer.listen(0, '127.0.0.1', resolve));
    pagePort = (pageServer.address() as AddressInfo).port;
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (pageServer ? pageServer.close(() => resolve()) : resolve()));
  });
  beforeEach(async () => {
    upstream = await startRecordingServer();
    internal = await startRecordingServer();
  });
  afterEach(async () => {
    await Promise.all(proxies.splice(0).map((s) => new Promise<void>((resolve) => (s.closeAllConnections(), s.close(() => resolve())))));
    await upstream.close();
    await internal.close();
  });

  it('reaches neither the host behind it nor the upstream', async () => {
    const port = await startProxy();
    await visit(attack(`http://127.0.0.1:${port}`, internal.port), `http://evil.test:${pagePort}/`);
    expect(internal.received).toEqual([]);
    expect(upstream.received).toEqual([]);
  });

  it('is what the same page does through a proxy that allows its origin (so the attacks above were real)', async () => {
    const port = await startProxy({ allowedOrigins: [`http://evil.test:${pagePort}`] });
    await visit(attack(`http://127.0.0.1:${port}`, internal.port), `http://evil.test:${pagePort}/`);
    // The `//` paths are still refused: no origin opens the proxy to another host.
    expect(internal.received).toEqual([]);
    // Every write and CORS read that names its origin arrives; the image (cross-site, no Origin) does not.
    const urls = upstream.received.map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'POST /v2/sync/r1/uploadEntities',
        'GET /v1/groups',
        'POST /v1/groups?beacon=1',
        'POST /v1/groups',
        'OPTIONS /v2/sync/r1/uploadEntities',
      ]),
    );
    expect(urls).not.toContain('GET /v1/groups?img=1');
  });

  it('refuses a name re-pointed at it (DNS rebinding): the page and its same-origin calls get 403', async () => {
    const port = await startProxy();
    const tab = await browser.newPage();
    try {
      const answer = await tab.goto(`http://rebound.test:${port}/v1/groups`);
      expect(answer?.status()).toBe(403);
      expect(await tab.evaluate(async () => (await fetch('/v1/groups', { method: 'POST', body: 'x' })).status)).toBe(403);
    } finally {
      await tab.close();
    }
    expect(upstream.received).toEqual([]);
  });
});

import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserTestsRun, launchChromium } from '../../scripts/testing/chromium.ts';
import { loadContract } from '../../spec/contract.ts';
import { createProxyServer } from './createProxyServer.ts';
import { type RecordingServer, startRecordingServer } from './testing/recordingServer.ts';

const runs = browserTestsRun('mock/proxy/proxyDashboard.browser.test.ts');
const ADMIN = 'proxy-admin-token-0123456789';
const SECRET = 'k_live_SECRET0123456789';

describe.runIf(runs)('the proxy dashboard with an admin token, in Chromium', () => {
  let browser: Browser;
  let upstream: RecordingServer;
  let server: Server;
  let origin = '';
  beforeAll(async () => {
    browser = await launchChromium();
    upstream = await startRecordingServer();
    ({ server } = createProxyServer({ upstream: new URL(upstream.url), contract: loadContract(), adminToken: ADMIN }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await fetch(`${origin}/v1/groups?limit=1&api_key=${SECRET}`, { headers: { 'x-api-key': SECRET } });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (server ? (server.closeAllConnections(), server.close(() => resolve())) : resolve()));
    await upstream?.close();
  });

  it('asks for the token once, shows the journal, and exports the HAR with it, secrets masked', async () => {
    const context = await browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.accept(ADMIN);
    });
    await page.goto(`${origin}/__mock/ui`);
    await page.locator('#journal tbody tr').first().waitFor();
    expect(asked).toEqual(['prompt']);
    expect(await page.locator('#journal tbody tr').count()).toBe(1);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#har')]);
    const har = readFileSync((await download.path()) as string, 'utf8');
    expect((JSON.parse(har) as { log: { entries: unknown[] } }).log.entries).toHaveLength(1);
    expect(har).not.toContain(SECRET);
    await context.close();
  });
});

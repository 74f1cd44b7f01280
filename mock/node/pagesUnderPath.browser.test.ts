/**
 * The dashboard and the docs of a mock mounted under /api in a foreign Express app, in Chromium: the
 * dashboard's calls go to /api/__mock (it fills its data table and resets the session), the docs load Swagger
 * UI and the contract from /api/docs, and no request of either page leaves the mount path for the origin's
 * root (where the app, not the mock, answers). Skipped, saying so, where no browser is installed.
 */
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserTestsRun, launchChromium } from '../../scripts/testing/chromium.ts';
import { mockMiddleware } from './mockMiddleware.ts';

const runs = browserTestsRun('pagesUnderPath.browser.test.ts');
let server: Server;
let base: string;
let browser: Browser;
const mock = mockMiddleware({ clock: { now: '2026-03-01T12:00:00.000Z', frozen: true } });

beforeAll(async () => {
  if (!runs) return;
  const app = express();
  app.use('/api', mock);
  app.use((_req, res) => void res.status(418).send('the app’s own'));
  server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  server?.closeAllConnections();
  server?.close();
});

describe.runIf(runs)('pages of a mock mounted under /api', () => {
  it('the dashboard calls the controls under /api and links to the docs there', async () => {
    const page = await browser.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${base}/api/__mock/ui?session=ui`);
    await expect.poll(() => page.locator('#counts tbody tr').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await page.locator('#reset').click();
    await expect.poll(() => requested.includes('/api/__mock/reset'), { timeout: 20_000 }).toBe(true);
    expect(await page.locator('#docs-link').getAttribute('href')).toBe('/api/docs');
    expect(requested.filter((path) => !path.startsWith('/api/'))).toEqual([]);
    await page.close();
  });

  it('the docs load Swagger UI and the contract from /api/docs, naming the mock at /api', async () => {
    const page = await browser.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${base}/api/docs`);
    await expect.poll(() => page.locator('.opblock').count(), { timeout: 20_000 }).toBeGreaterThan(10);
    expect(await page.locator('.servers select option').first().textContent()).toContain(`${base}/api`);
    expect(requested).toContain('/api/docs/openapi.json');
    expect(requested.filter((path) => !path.startsWith('/api/'))).toEqual([]);
    await page.close();
  });
});

/**
 * The dashboard's journal as a developer meets it in Chromium, on a laptop (1280 px) and a phone (390 px): a
 * long URL is cut with an ellipsis and never pushes the status out of view; the journal comes before the fault
 * switches (collapsed); the filter takes `4xx`/`5xx`; the page's own favicon request never lands in the journal.
 * SCREENSHOT_DIR=dir keeps a screenshot of each width.
 */
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultCatalog } from '../faults/catalog.ts';
import { devToken, type MockHarness, startMock } from '../testing/startMock.ts';
import { browserTestsRun, launchChromium } from '../../scripts/testing/chromium.ts';

const runs = browserTestsRun('dashboardLayout.test.ts');
const SHOTS = process.env.SCREENSHOT_DIR;
const LONG = `/v1/groups/search?q=${'turma-matutina-'.repeat(30)}`;

let mock: MockHarness;
let browser: Browser;

beforeAll(async () => {
  if (!runs) return;
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  mock = await startMock({ faultCatalog });
  browser = await launchChromium();
  const token = devToken(mock.deps, 'colegio-horizonte', 'coordenator');
  // A 200 with a very long URL, a 401, a 404: the journal the page shows.
  expect((await mock.call('GET', LONG, { token, community: 'colegio-horizonte' })).status).toBe(200);
  expect((await mock.call('GET', '/v1/groups', { community: 'colegio-horizonte' })).status).toBe(401);
  expect((await mock.call('GET', '/v1/no-such-route', { token })).status).toBe(404);
}, 60_000);

afterAll(async () => {
  if (!runs) return;
  await browser?.close();
  await mock?.close();
});

describe.skipIf(!runs)('the dashboard journal', () => {
  it.each([
    ['laptop', 1280, 900],
    ['phone', 390, 844],
  ])(
    'on a %s (%i px): a long URL is cut, status stays in view, the journal comes before the fault switches',
    async (name, width, height) => {
      const page = await browser.newPage({ viewport: { width, height } });
      try {
        await page.goto(`${mock.baseUrl}/__mock/ui`);
        const row = page.locator('#journal tbody tr').filter({ hasText: '/v1/groups/search' });
        await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
        const wrap = (await page.locator('#journal-wrap').boundingBox())!;
        const status = (await row.locator('td').nth(4).boundingBox())!;
        // The status cell lies inside the journal's visible box and the window, with room to read "200".
        expect(status.x + status.width).toBeLessThanOrEqual(Math.min(wrap.x + wrap.width, width) + 1);
        expect(status.width).toBeGreaterThan(20);
        expect(await row.locator('td').nth(4).innerText()).toBe('200');
        // The path is cut (its text overflows its cell) with the whole URL in its title.
        const path = row.locator('td').nth(3);
        expect(await path.getAttribute('title')).toBe(LONG);
        expect(
          await path.evaluate(
            (td) =>
              td.scrollWidth > td.clientWidth &&
              (globalThis as unknown as { getComputedStyle(e: unknown): { textOverflow: string } }).getComputedStyle(td).textOverflow === 'ellipsis',
          ),
        ).toBe(true);
        // The journal is reached before any fault switch: the switches are folded away.
        const journalTop = (await page.locator('#journal').boundingBox())!.y;
        const firstSwitch = page.locator('#faults input[type=checkbox]').first();
        await expect.poll(() => page.locator('#faults-count').textContent()).toMatch(/^\(0 of [1-9]\d* on\)$/);
        expect(await firstSwitch.isVisible()).toBe(false);
        if (width >= 1000) expect(journalTop).toBeLessThan(height);
        await page.click('#faults-details summary');
        expect(await firstSwitch.isVisible()).toBe(true);
        // Opened, the switches scroll inside their own box instead of pushing the journal down the page.
        expect((await page.locator('#faults').boundingBox())!.height).toBeLessThanOrEqual(361);
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-journal-${name}.png`, fullPage: true });
      } finally {
        await page.close();
      }
    },
    60_000,
  );

  it.each([
    ['4xx', ['401', '404']],
    ['5xx', []],
    ['2xx', ['200']],
    ['404', ['404']],
    ['get 4xx groups', ['401']],
  ])(
    'the filter %j shows the statuses %j',
    async (filter, statuses) => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      try {
        await page.goto(`${mock.baseUrl}/__mock/ui`);
        await expect.poll(() => page.locator('#journal tbody tr').count(), { timeout: 10_000 }).toBe(3);
        await page.fill('#journal-filter', filter);
        await expect.poll(async () => (await page.locator('#journal tbody tr td:nth-child(5)').allInnerTexts()).sort()).toEqual(statuses);
      } finally {
        await page.close();
      }
    },
    60_000,
  );

  it('the page asks no /favicon.ico, and one asked anyway is not journaled', async () => {
    const page = await browser.newPage();
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    try {
      await page.goto(`${mock.baseUrl}/__mock/ui`);
      await page.locator('#journal tbody tr').first().waitFor();
      const favicon = await fetch(`${mock.baseUrl}/favicon.ico`);
      await favicon.arrayBuffer();
      await new Promise((r) => setTimeout(r, 300));
      expect(asked).not.toContain('/favicon.ico');
      expect(mock.deps.journal.list().map((e) => e.path)).not.toContain('/favicon.ico');
    } finally {
      await page.close();
    }
  }, 60_000);
});

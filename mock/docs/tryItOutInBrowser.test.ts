/**
 * /docs in Chromium: the page loads the Try it out variant of the spec, and the two OAuth steps show no
 * Execute (nor Try it out) button, only their note pointing to Authorize; an ordinary operation keeps its own.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockHarness, startMock } from '../testing/startMock.ts';
import { browserTestsRun, launchChromium } from '../../scripts/testing/chromium.ts';

const runs = browserTestsRun('tryItOutInBrowser.test.ts');
let mock: MockHarness;
let browser: Browser;

beforeAll(async () => {
  if (!runs) return;
  mock = await startMock();
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  if (!runs) return;
  await browser?.close();
  await mock?.close();
});

describe.skipIf(!runs)('/docs Try it out', () => {
  it('authorize and token point to Authorize and cannot Execute; getGroup starts with a seeded id', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await page.goto(`${mock.baseUrl}/docs`);
      await page.locator('.opblock').first().waitFor();
      for (const operationId of ['authorize', 'token']) {
        const op = page.locator(`[id$="-${operationId}"].opblock`);
        await op.locator('.opblock-summary').first().click();
        await expect.poll(() => op.locator('.opblock-description-wrapper').first().innerText()).toMatch(/Authorize button at the top/);
        expect(await op.locator('button.execute:visible, button.try-out__btn:visible').count()).toBe(0);
      }
      const getGroup = page.locator('[id$="-getGroup"].opblock');
      await getGroup.locator('.opblock-summary').first().click();
      const id = getGroup.locator('tr[data-param-name="groupId"] input');
      await expect.poll(() => id.inputValue()).toMatch(/^[0-9a-f]{24}$/);
      expect(mock.deps.store.group('colegio-horizonte', await id.inputValue())).toBeDefined();
      expect(await getGroup.locator('button.execute').isVisible()).toBe(true);
    } finally {
      await page.close();
    }
  }, 60_000);
});

/**
 * npm run docs:spec's file works offline: opened from disk in a real browser (Debian's Chromium) with every
 * request other than the file itself refused, it shows every operation of the spec. Skipped, with a notice,
 * where no browser is installed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../spec/contract.ts';
import { buildDocsHtml } from './buildDocsHtml.ts';
import { browserTestsRun, launchChromium } from './testing/chromium.ts';

const runs = browserTestsRun('buildDocsHtml.test.ts');

describe('npm run docs:spec', () => {
  const html = buildDocsHtml();

  it('inlines its script, its style and the spec: no src or href leaves the file', () => {
    expect(html).not.toMatch(/<script[^>]+src=/i);
    expect(html).not.toMatch(/<link[^>]+href=/i);
    expect(html).toContain('"operationId":"listGroups"');
  });

  it.skipIf(!runs)(
    'renders every operation offline, asking nothing of any host',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'docs-spec-'));
      const file = join(dir, 'api-reference.html');
      writeFileSync(file, html);
      const browser = await launchChromium();
      try {
        const page = await browser.newPage();
        const asked: string[] = [];
        await page.route('**/*', (route) => {
          const url = route.request().url();
          if (url === pathToFileURL(file).href || url.startsWith('data:')) return route.continue();
          asked.push(url);
          return route.abort();
        });
        await page.goto(pathToFileURL(file).href);
        await page.locator('.opblock').first().waitFor({ timeout: 20_000 });
        const operations = [...loadContract().operations.keys()];
        await expect.poll(() => page.locator('.opblock').count()).toBe(operations.length);
        for (const id of operations) expect(await page.locator(`[id$="-${id}"].opblock`).count(), id).toBe(1);
        if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/docs-spec-offline.png` });
        expect(asked).toEqual([]);
      } finally {
        await browser.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});

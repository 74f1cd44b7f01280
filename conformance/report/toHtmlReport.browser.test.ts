/**
 * The HTML report as its readers meet it: Debian's Chromium (driven by playwright-core) opens the file a real
 * run wrote, and the test reads what is visible. The page must load nothing: every request is recorded and any
 * beyond the file itself fails the test. Where no browser is installed the test says so and skips; in CI the
 * browser is installed, so a missing one is a failure there.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SPEC_PATH } from '../../spec/loadDocument.ts';
import { main } from '../cli.ts';
import { hostileRun } from '../testing/hostileRun.ts';
import { startMockTarget, type MockTarget } from '../testing/startMockTarget.ts';
import { toHtmlReport } from './toHtmlReport.ts';
import { browserTestsRun, launchChromium } from '../../scripts/testing/chromium.ts';

const runs = browserTestsRun('toHtmlReport.browser.test.ts');

let dir: string;
let browser: Browser;
let target: MockTarget;

beforeAll(async () => {
  if (!runs) return;
  dir = mkdtempSync(join(tmpdir(), 'conform-html-'));
  target = await startMockTarget({ faults: ['ignore-name-filter', 'list-newest-first'] });
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  if (!runs) return;
  await browser?.close();
  await target?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Opens a file and records every request the page makes; anything but the file itself is aborted. */
async function open(file: string): Promise<{ page: Page; requests: string[]; dialogs: string[]; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  const requests: string[] = [];
  const dialogs: string[] = [];
  // A script error or a Content-Security-Policy violation shows here: the page must open cleanly.
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.route('**/*', (route) => {
    requests.push(route.request().url());
    return route.request().url() === pathToFileURL(file).href ? route.continue() : route.abort();
  });
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(pathToFileURL(file).href);
  await page.waitForLoadState('load');
  return { page, requests, dialogs, errors };
}

describe.runIf(runs)('the HTML report in Chromium', () => {
  it('shows a real run: verdict, counts and certificate on top, then each failure with its rule, exchange and reproducer', async () => {
    const { baseUrl: _b, ...config } = target.config;
    const configFile = join(dir, 'conform.json');
    const waiversFile = join(dir, 'waivers.json');
    const htmlFile = join(dir, 'report.html');
    writeFileSync(configFile, JSON.stringify(config));
    writeFileSync(
      waiversFile,
      JSON.stringify([
        { check: 'default-order', operation: 'listGroups', reason: 'newest first until release 4.2', expires: '2026-12-31' },
        { check: 'total-count', reason: 'no X-Total-Count yet', expires: '2026-12-31' },
      ]),
    );
    const code = await main(
      ['--base-url', target.url, '--config', configFile, '--only', 'groups,data-actions', '--seed', '7', '--waivers', waiversFile, '--html', htmlFile],
      {
        env: {},
        stdout: () => undefined,
        stderr: () => undefined,
        now: () => new Date('2026-03-02T09:00:00.000Z'),
      },
    );
    expect(code).toBe(1);

    const { page, requests, errors } = await open(htmlFile);
    await page.screenshot({ path: join(tmpdir(), 'conformance-report-top.png') });
    expect(await page.locator('#verdict h1').innerText()).toBe('✗ Not conformant');
    expect(await page.locator('#verdict').innerText()).toMatch(/profile platform · lenient · seed 7/);
    expect(Number(await page.locator('#counts li.failed b').innerText())).toBeGreaterThan(0);
    expect(await page.locator('#counts li.waived b').innerText()).toBe('1');
    const sha = createHash('sha256').update(readFileSync(DEFAULT_SPEC_PATH)).digest('hex');
    expect(await page.locator('#certificate').innerText()).toContain(sha);
    expect(await page.locator('#certificate').innerText()).toMatch(/Result\s+FAIL/);
    expect(await page.locator('#coverage').innerText()).toMatch(/Operations\s+\d+ \/ 5 \(\d+(\.\d)?%\)/);
    expect(await page.locator('#waivers').innerText()).toMatch(/Stale[\s\S]*total-count/);

    const failure = page.locator('#op-listGroups article.failure.failure[data-check="filter-matches"]').first();
    await failure.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(tmpdir(), 'conformance-report-failure.png') });
    expect(await failure.isVisible()).toBe(true);
    const text = await failure.innerText();
    expect(text).toMatch(/MUST\s+filter-matches — (item \d+|\d+ of \d+ items)/);
    expect(text).toContain('Rule: A filtered list returns only items that match the filter.');
    expect(text).toMatch(/Request\s+GET http:\/\/127\.0\.0\.1:\d+\/v1\/groups\?name=/);
    expect(text).toMatch(/Response\s+200/);
    expect(text).toMatch(/expected\s+"name=/);
    expect(text).toMatch(/Reproduce[\s\S]*curl -sS -i/);
    expect(text).not.toContain(config.token as string);
    expect(await page.locator('#op-listGroups article.waived[data-check="default-order"]').first().innerText()).toMatch(
      /Waived: newest first until release 4\.2/,
    );

    // The filter hides the operations without a failure.
    const clean = page.locator('details.op.clean').first();
    expect(await clean.isVisible()).toBe(true);
    await page.locator('#failures-only').check();
    expect(await clean.isVisible()).toBe(false);

    expect(requests).toEqual([pathToFileURL(htmlFile).href]);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('fits a phone (390 px): the failed steps first, the setup line, nothing wider than the screen', async () => {
    const { baseUrl: _b, ...config } = target.config;
    const configFile = join(dir, 'phone.json');
    const htmlFile = join(dir, 'phone.html');
    const jsonFile = join(dir, 'phone.json.report');
    const junitFile = join(dir, 'phone.xml');
    writeFileSync(configFile, JSON.stringify(config));
    const out: string[] = [];
    await main(
      [
        '--base-url',
        target.url,
        '--config',
        configFile,
        '--only',
        'groups,data-actions',
        '--seed',
        '7',
        '--html',
        htmlFile,
        '--json',
        jsonFile,
        '--junit',
        junitFile,
      ],
      { env: {}, stdout: (l) => out.push(l), stderr: () => undefined, now: () => new Date('2026-03-02T09:00:00.000Z') },
    );
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
    await page.goto(pathToFileURL(htmlFile).href);
    await page.screenshot({ path: join(tmpdir(), 'conformance-report-phone.png') });
    const width = Number(await page.evaluate('document.documentElement.scrollWidth'));
    expect(width).toBeLessThanOrEqual(390);
    // The failures come before the certificate and the operations.
    const top = async (selector: string): Promise<number> => (await page.locator(selector).boundingBox())?.y ?? Infinity;
    expect(await top('#failures')).toBeLessThan(await top('#certificate'));
    expect(await top('#failures')).toBeLessThan(await top('#operations'));
    expect(await page.locator('#setup-line').innerText()).toMatch(/^export CONFORM_TOKEN=/);
    // One failure count: the banner's, the list's, the console's summary, JUnit's failures, the JSON's.
    const failed = Number(await page.locator('#counts li.failed b').innerText());
    expect(await page.locator('#failures > ol > li').count()).toBe(failed);
    expect(out.join('\n')).toMatch(new RegExp(`\\b${failed} failed\\b`));
    expect(readFileSync(junitFile, 'utf8').match(/<failure /g)?.length).toBe(failed);
    expect((JSON.parse(readFileSync(jsonFile, 'utf8')) as { counts: { failed: number } }).counts.failed).toBe(failed);
    const badges = await page.locator('details.op summary .badge.failed').allInnerTexts();
    for (const badge of badges) expect(badge).toMatch(/^✗ (\d+ failed steps?|failing in steps counted under another operation)$/);
    // Each failed step is counted under one operation: the badges add up to the run's count.
    expect(badges.reduce((n, b) => n + Number(/^✗ (\d+)/.exec(b)?.[1] ?? 0), 0)).toBe(failed);
    await page.close();
  }, 60_000);

  it('renders hostile text as text: no script of the target runs, no request leaves the file', async () => {
    const file = join(dir, 'hostile.html');
    writeFileSync(file, toHtmlReport(hostileRun()));
    const { page, requests, dialogs, errors } = await open(file);
    const body = await page.locator('body').innerText();
    expect(body).toContain('<script>alert("x")</script><img src=x onerror=alert(1)>');
    expect(body).toMatch(/API description:\s*“?Filters return only the groups that match them\./);
    expect(await page.locator('img').count()).toBe(0);
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    expect(requests).toEqual([pathToFileURL(file).href]);
    await page.close();
  }, 30_000);
});

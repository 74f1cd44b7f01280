/**
 * The mock's pages as a frontend developer meets them, in a real browser (Debian's Chromium through
 * playwright-core): /docs renders every operation, Authorize logs in through the mock's consent page
 * (PKCE, public client) and Try it out calls listGroups with that token; /__mock/ui resets a session and
 * shows a request just made. No page may ask anything of a host other than the mock.
 * CI installs chromium (.ci/run); where no browser is installed the test says so and skips.
 */
import { once } from 'node:events';
import { mkdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardianId } from '../testing/oauthKit.ts';
import { devToken, type MockHarness, startMock } from '../testing/startMock.ts';
import { browserTestsRun, launchChromium } from '../../scripts/testing/chromium.ts';

const runs = browserTestsRun('pagesInBrowser.test.ts');
const SHOTS = process.env.SCREENSHOT_DIR;

let mock: MockHarness;
let browser: Browser;
let context: BrowserContext;
/** Every URL any page of the context asked for that was not the mock itself. */
const outside: string[] = [];

beforeAll(async () => {
  if (!runs) return;
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  mock = await startMock();
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // Anything off this machine is refused (so a CDN asset would also fail to render) and remembered.
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith('http://127.0.0.1:') || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    outside.push(url);
    return route.abort();
  });
}, 60_000);

afterAll(async () => {
  if (!runs) return;
  await browser?.close();
  await mock?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

describe.skipIf(!runs)('the pages in a real browser', () => {
  it('/docs renders every operation of the spec', async () => {
    const page = await context.newPage();
    await page.goto(`${mock.baseUrl}/docs`);
    await page.locator('.opblock').first().waitFor();
    for (const op of mock.deps.contract.operations.values()) {
      await expect.poll(() => page.locator(`[id$="-${op.operationId}"].opblock`).count(), { message: op.operationId }).toBe(1);
    }
    await shot(page, 'docs');
    await page.close();
  }, 60_000);

  it('Authorize logs in through the consent page; Try it out on listGroups answers 200 with data', async () => {
    const page = await context.newPage();
    await page.goto(`${mock.baseUrl}/docs`);
    await page.locator('.btn.authorize').first().click();
    const oauthBlock = page.locator('.auth-container').filter({ hasText: 'oauth2' });
    await expect.poll(() => oauthBlock.locator('input[data-name="clientId"]').inputValue()).toBe('app-agenda-familia');
    await shot(page, 'docs-authorize');
    const [popup] = await Promise.all([page.waitForEvent('popup'), oauthBlock.locator('button.authorize').click()]);
    await popup.waitForLoadState();
    const user = guardianId(mock);
    if ((await popup.locator(`#user_id option[value="${user}"]`).count()) > 0) await popup.selectOption('#user_id', user);
    else await popup.fill('#other_user_id', user);
    await shot(popup, 'docs-consent');
    await Promise.all([popup.waitForEvent('close'), popup.click('button[value="approve"]')]);
    // Logged in: the dialog offers Logout for both schemes (the OAuth token also authorizes bearerAuth).
    await expect.poll(() => page.locator('.auth-container button', { hasText: 'Logout' }).count(), { timeout: 10_000 }).toBe(2);
    await shot(page, 'docs-authorized');
    await page.locator('.modal-ux .close-modal').click();

    const op = page.locator('[id$="-listGroups"].opblock');
    await op.locator('.opblock-summary').first().click();
    const community = op.locator('tr[data-param-name="community-id"] input');
    await community.fill('colegio-horizonte');
    // Try it out fills every filter with its example; a developer clears them to see the whole list.
    for (const input of await op.locator('tr[data-param-in="query"] input').all()) await input.fill('');
    for (const select of await op.locator('tr[data-param-in="query"] select').all()) await select.selectOption('');
    await page.fill('#mock-session', 'docs-session');
    await op.locator('button.execute').click();
    const status = op.locator('.live-responses-table tbody .response-col_status').first();
    await expect.poll(() => status.innerText(), { timeout: 10_000 }).toMatch(/^200/);
    const body = await op.locator('.live-responses-table tbody .response-col_description .highlight-code pre').first().innerText();
    const groups = JSON.parse(body) as Array<{ _id: string; name: string }>;
    expect(groups.length).toBeGreaterThan(0);
    expect(groups[0]?.name).toBeTruthy();
    await op.scrollIntoViewIfNeeded();
    await shot(page, 'docs-try-it-out');
    await page.close();

    // What the mock received: the OAuth token (not a development one), the community and the session.
    const [entry] = mock.sessions.find('docs-session')?.journal.list({ operationId: 'listGroups' }) ?? [];
    expect(entry?.status).toBe(200);
    expect(entry?.request.headers['community-id']).toBe('colegio-horizonte');
    expect(entry?.request.headers.authorization).toMatch(/^Bearer \*\*\*/);
  }, 90_000);

  it('the dashboard shows a request just made, exports the session as HAR and resets it', async () => {
    const community = 'colegio-horizonte';
    const token = devToken(mock.deps, community, 'coordenator');
    const page = await context.newPage();
    await page.goto(`${mock.baseUrl}/__mock/ui`);
    await expect.poll(() => page.locator('#counts tbody tr').count()).toBe(mock.deps.store.communities().length);
    await page.fill('#new-session', 'dash');
    await page.click('#use-session');
    await expect.poll(() => page.locator('#session').inputValue()).toBe('dash');

    const upload = await mock.call('POST', '/v2/sync/dash-1/uploadEntities', {
      token,
      community,
      headers: { 'x-mock-session': 'dash' },
      body: { groups: { data: [{ alias: 'dash-group', name: 'Turma do painel', season: '2026' }] } },
    });
    expect(upload.status).toBe(200);
    const row = page.locator('#journal tbody tr').filter({ hasText: '/v2/sync/dash-1/uploadEntities' });
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    await row.click();
    await expect.poll(() => page.locator('#detail-request').innerText()).toContain('Turma do painel');
    await shot(page, 'dashboard');

    // Export HAR: a file of the session shown, with the upload just made, its bearer masked as the journal masks it.
    const download = page.waitForEvent('download');
    await page.click('#export-har');
    const file = await download;
    expect(file.suggestedFilename()).toBe('mock-journal-dash.har');
    const har = JSON.parse(readFileSync((await file.path()) as string, 'utf8')) as {
      log: { version: string; entries: Array<{ request: { url: string; headers: Array<{ name: string; value: string }> } }> };
    };
    expect(har.log.version).toBe('1.2');
    const exported = har.log.entries.find((e) => new URL(e.request.url).pathname === '/v2/sync/dash-1/uploadEntities');
    expect(exported).toBeDefined();
    expect(exported?.request.headers.find((h) => h.name.toLowerCase() === 'authorization')?.value).toMatch(/^Bearer \*\*\*/);
    expect(JSON.stringify(har)).not.toContain(token);

    const reset = page.waitForResponse((r) => r.url().endsWith('/__mock/reset'));
    await page.click('#reset');
    const answered = await reset;
    expect(answered.status()).toBe(204);
    expect(await answered.request().headerValue('x-mock-session')).toBe('dash');
    await expect.poll(() => page.locator('#status').innerText()).toMatch(/reset: done \(dash\)/);
    await shot(page, 'dashboard-reset');
    await page.close();
  }, 60_000);

  it('the dashboard adds a stub, shows its count, switches it off and removes it', async () => {
    const community = 'colegio-horizonte';
    const token = devToken(mock.deps, community, 'coordenator');
    const page = await context.newPage();
    await page.goto(`${mock.baseUrl}/__mock/ui`);
    await page.fill('#new-session', 'stubbed');
    await page.click('#use-session');
    await expect.poll(() => page.locator('#session').inputValue()).toBe('stubbed');
    await page.click('#stubs-add summary');
    await page.fill('#stub-json', '{"operationId": "listGroups", "status": 503, "name": "<b>down</b>"}');
    await page.click('#stub-add');
    const row = page.locator('#stubs tbody tr');
    await expect.poll(() => row.count()).toBe(1);
    // A value any client set is text, never markup.
    expect(await row.innerText()).toContain('listGroups → 503 · <b>down</b>');
    const call = () => mock.call('GET', '/v1/groups', { token, community, headers: { 'x-mock-session': 'stubbed' } }).then((r) => r.status);
    expect(await call()).toBe(503);
    // The page refreshes its controls every 5 s.
    await expect.poll(() => row.locator('td').nth(3).innerText(), { timeout: 12_000 }).toBe('1');
    await row.locator('input[type=checkbox]').uncheck();
    await expect.poll(() => mock.sessions.find('stubbed')?.stubs.list()[0]?.enabled).toBe(false);
    expect(await call()).toBe(200);
    await row.locator('button.danger').click();
    await expect.poll(() => mock.sessions.find('stubbed')?.stubs.size).toBe(0);
    await page.close();
  }, 60_000);

  it('asks for the admin token when a control answers 401, keeps it in the tab, and sends it', async () => {
    // The mock bound beyond loopback guards its controls (not the page) with a token: stand that guard in front.
    const guarded = express();
    const seen: Array<string | undefined> = [];
    guarded.use('/__mock', (req, res, next) => {
      if (req.path === '/ui') return next();
      seen.push(req.headers.authorization);
      if (req.headers.authorization === 'Bearer admin-secret') return next();
      res
        .status(401)
        .type('application/problem+json')
        .send(JSON.stringify({ title: 'Unauthorized', status: 401, detail: 'admin token required' }));
    });
    guarded.use(mock.mock.app);
    const server = guarded.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const page = await context.newPage();
    try {
      await page.goto(`${base}/__mock/ui`);
      await page.locator('#token-dialog[open]').waitFor();
      await page.fill('#token-input', 'admin-secret');
      await page.click('#token-dialog button[value="ok"]');
      await expect.poll(() => page.locator('#counts tbody tr').count()).toBe(mock.deps.store.communities().length);
      expect(
        await page.evaluate(() =>
          (globalThis as unknown as { sessionStorage: { getItem(k: string): string | null } }).sessionStorage.getItem('edu-mock.adminToken'),
        ),
      ).toBe('admin-secret');
      expect(seen).toContain('Bearer admin-secret');
      await shot(page, 'dashboard-token');
    } finally {
      await page.close();
      server.closeAllConnections();
      server.close();
    }
  }, 60_000);

  it('no page asked anything of another host', () => {
    expect(outside).toEqual([]);
  });
});

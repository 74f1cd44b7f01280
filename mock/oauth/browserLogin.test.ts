/**
 * The login as a frontend developer meets it: a real browser (Debian's Chromium, driven by playwright-core)
 * opens the authorization URL, picks a user on the consent page, clicks Allow, and lands on the app's
 * loopback callback with a code; the app exchanges it (PKCE) and reads user-info. Denying lands there with
 * error=access_denied. CI installs chromium (.ci/run); where no browser is installed the test says so and skips.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockHarness, startMock } from '../testing/startMock.ts';
import { guardianId, pkcePair, PUBLIC } from '../testing/oauthKit.ts';
import { browserTestsRun, launchChromium } from '../../scripts/testing/chromium.ts';

// In CI the browser is installed by .ci/run, so a missing one is a failure there, never a silent skip.
const runs = browserTestsRun('browserLogin.test.ts');

let mock: MockHarness;
let browser: Browser;
let callback: Server;
let callbackUrl: string;

beforeAll(async () => {
  if (!runs) return;
  mock = await startMock();
  // The "frontend": a loopback redirect URI (RFC 8252 §7.3) that just shows what it received.
  callback = createServer((_req, res) => res.end('<!doctype html><title>callback</title><p>signed in</p>')).listen(0, '127.0.0.1');
  await once(callback, 'listening');
  callbackUrl = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`;
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  if (!runs) return;
  await browser?.close();
  callback?.close();
  await mock?.close();
});

function authorizeUrl(state: string, challenge: string): string {
  const url = new URL('/oauth/authorize', mock.baseUrl);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: PUBLIC,
    redirect_uri: callbackUrl,
    scope: 'openid profile fullname related.members related.members.groups',
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

describe.skipIf(!runs)('logging in with a real browser', () => {
  it('picks a user, allows, and the app gets a code it can exchange for user-info', async () => {
    const { verifier, challenge } = pkcePair();
    const user = guardianId(mock);
    const page = await browser.newPage();
    await page.goto(authorizeUrl('browser-1', challenge));
    expect(await page.title()).toMatch(/sign in|consent|login|authorize/i);
    await expect.poll(() => page.locator('body').innerText()).toMatch(/related\.members|students/i);
    // The list shows a few users per role; any seeded user can be typed in by id.
    if ((await page.locator(`#user_id option[value="${user}"]`).count()) > 0) await page.selectOption('#user_id', user);
    else await page.fill('#other_user_id', user);
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/consent.png`, fullPage: true });
    await Promise.all([page.waitForURL(`${callbackUrl}?**`), page.click('button[value="approve"]')]);
    const landed = new URL(page.url());
    await page.close();
    expect(landed.searchParams.get('state')).toBe('browser-1');
    const code = landed.searchParams.get('code');
    expect(code).toBeTruthy();

    const token = await fetch(new URL('/oauth/token', mock.baseUrl), {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: PUBLIC,
        code: code as string,
        redirect_uri: callbackUrl,
        code_verifier: verifier,
      }),
    });
    expect(token.status).toBe(200);
    const { access_token } = (await token.json()) as { access_token: string };
    const info = await fetch(new URL('/v1/oauth/user/info?includes=members', mock.baseUrl), { headers: { authorization: `Bearer ${access_token}` } });
    const body = (await info.json()) as { user: { id: string; name: string }; Members: unknown[] };
    expect(body.user.id).toBe(user);
    expect(body.user.name).toBeTruthy();
    expect(body.Members.length).toBeGreaterThan(0);
    expect(info.headers.get('x-contract-violations')).toBeNull();
  });

  it('deny lands on the callback with error=access_denied and the state', async () => {
    const { challenge } = pkcePair();
    const page = await browser.newPage();
    await page.goto(authorizeUrl('browser-2', challenge));
    await Promise.all([page.waitForURL(`${callbackUrl}?**`), page.click('button[value="deny"]')]);
    const landed = new URL(page.url());
    await page.close();
    expect(Object.fromEntries(landed.searchParams)).toMatchObject({ error: 'access_denied', state: 'browser-2' });
  });

  it('shows a bad redirect_uri on the page and never redirects', async () => {
    const page = await browser.newPage();
    const url = new URL(authorizeUrl('browser-3', pkcePair().challenge));
    url.searchParams.set('redirect_uri', 'https://evil.example.com/cb');
    const response = await page.goto(url.toString());
    expect(response?.status()).toBe(400);
    expect(page.url()).toContain('/oauth/authorize');
    expect(await page.locator('body').innerText()).toMatch(/redirect_uri/);
    await page.close();
  });
});

/**
 * A hostile target (conformance/testing/startHostileProxy.ts) chooses tokens, bodies and headers with markup,
 * shell breakouts, terminal escapes and characters XML forbids. The run's reports must carry them as inert
 * text: Chromium opens the HTML report and runs none of it, every printed reproducer pasted after the setup
 * line runs no command of the target's, the console shows no raw escape, the JSON parses and the JUnit is
 * well-formed XML with one <failure> per testcase.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserTestsRun, launchChromium } from '../../scripts/testing/chromium.ts';
import { main } from '../cli.ts';
import { startHostileProxy } from '../testing/startHostileProxy.ts';
import { startMockTarget, type MockTarget } from '../testing/startMockTarget.ts';
import type { RunningServer } from '../testing/startServer.ts';

const runs = browserTestsRun('hostileTarget.browser.test.ts');
const sh = promisify(execFile);
// eslint-disable-next-line no-control-regex
const RAW_ESCAPES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

let dir: string;
let marker: string;
let mock: MockTarget;
let proxy: RunningServer;
let browser: Browser;
let code: number;
let stdout: string;

beforeAll(async () => {
  if (!runs) return;
  dir = mkdtempSync(join(tmpdir(), 'conform-hostile-'));
  marker = join(dir, 'pwned');
  mock = await startMockTarget();
  proxy = await startHostileProxy(mock.url, marker);
  const { baseUrl: _b, ...config } = mock.config;
  writeFileSync(join(dir, 'conform.json'), JSON.stringify(config));
  const out: string[] = [];
  code = await main(
    [
      '--base-url',
      proxy.url,
      '--config',
      join(dir, 'conform.json'),
      '--seed',
      '7',
      '--junit',
      join(dir, 'r.xml'),
      '--json',
      join(dir, 'r.json'),
      '--html',
      join(dir, 'r.html'),
      '--save-token',
      join(dir, 'token'),
    ],
    {
      env: {},
      stdout: (line) => out.push(line),
      stderr: (line) => out.push(line),
      now: () => new Date('2026-03-02T09:00:00.000Z'),
    },
  );
  stdout = out.join('\n');
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  if (!runs) return;
  await browser?.close();
  await proxy?.close();
  await mock?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe.runIf(runs)('a hostile target', () => {
  it('fails the run and the console shows its text with no raw terminal escape', () => {
    expect(code).toBe(1);
    expect(stdout).toContain('onerror=alert(1)');
    expect(stdout).toContain('\\u001b]0;owned');
    expect(stdout).not.toMatch(RAW_ESCAPES);
  });

  it('the JSON report parses and keeps the hostile text as data', () => {
    const text = readFileSync(join(dir, 'r.json'), 'utf8');
    const report = JSON.parse(text) as { cases: unknown[] };
    expect(report.cases.length).toBeGreaterThan(0);
    expect(text).toContain('onerror=alert(1)');
  });

  it('the JUnit report is well-formed XML 1.0 (as Chromium parses it), one <failure> per testcase', async () => {
    const xml = readFileSync(join(dir, 'r.xml'), 'utf8');
    expect(xml).not.toMatch(/[\uFFFE\uFFFF]/);
    // eslint-disable-next-line no-control-regex
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    const page = await browser.newPage();
    // Chromium's own XML parser (a string expression: this file is typed for Node, not the DOM).
    const parsed = JSON.parse(
      await page.evaluate<string>(`(() => {
        const doc = new DOMParser().parseFromString(${JSON.stringify(xml)}, 'application/xml');
        const error = doc.querySelector('parsererror');
        const cases = [...doc.querySelectorAll('testcase')];
        return JSON.stringify({ error: error ? error.textContent : null, cases: cases.length, most: Math.max(...cases.map((c) => c.querySelectorAll('failure').length)), failures: doc.querySelectorAll('failure').length, declared: Number(doc.documentElement.getAttribute('failures')) });
      })()`),
    ) as { error: string | null; cases: number; most: number; failures: number; declared: number };
    await page.close();
    expect(parsed.error).toBeNull();
    expect(parsed.cases).toBeGreaterThan(0);
    expect(parsed.most).toBe(1);
    expect(parsed.failures).toBe(parsed.declared);
  }, 30_000);

  it('the HTML report runs no script of the target in Chromium and loads nothing', async () => {
    const file = join(dir, 'r.html');
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const dialogs: string[] = [];
    const requests: string[] = [];
    const pageErrors: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.route('**/*', (route) => {
      requests.push(route.request().url());
      return route.request().url() === pathToFileURL(file).href ? route.continue() : route.abort();
    });
    await page.goto(pathToFileURL(file).href);
    await page.waitForLoadState('load');
    await page.locator('#expand-all').click();
    expect(await page.locator('body').innerText()).toContain('"><img src=x onerror=alert(1)>');
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.locator('script').count()).toBe(1);
    expect(await page.locator('[onerror],[onload],[onclick]').count()).toBe(0);
    expect(dialogs).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(requests).toEqual([pathToFileURL(file).href]);
    await page.close();
  }, 30_000);

  it('every reproducer, pasted after the setup line, runs no command of the target', async () => {
    const report = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8')) as {
      setup?: string;
      cases: Array<{ failures: Array<{ exchange: { curl: string } }> }>;
    };
    const curls = [...new Set(report.cases.flatMap((c) => c.failures.map((f) => f.exchange.curl)))].slice(0, 25);
    expect(curls.length).toBeGreaterThan(0);
    for (const curl of curls) {
      await sh('bash', ['-c', `${report.setup ?? ':'}\n${curl} --max-time 5 > /dev/null`], { cwd: dir, timeout: 15_000 }).catch(() => undefined);
    }
    expect(existsSync(marker)).toBe(false);
  }, 120_000);
});

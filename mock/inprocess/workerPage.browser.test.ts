/**
 * The worker-only mock in a real browser (Debian's Chromium): a page built from the installed package (the
 * packed tarball in an empty folder, bundled by esbuild, `npx msw init` for the worker script), served as
 * static files only, answers a list, a PUT read back, an upload then a search, and a login, all from the
 * mock in the page behind MSW's setupWorker. The bundle with the default data is at most 1 MB gzipped; the
 * time to the first answer is reported (scripts/measureBrowserMock.ts measures it), not judged. In the same
 * installation, a browser project's TypeScript (lib dom, no @types/node, libraries checked) compiles a file
 * importing the `.` entry.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardianWithEnrolledMembers } from '../../fixtures/datasetQueries.ts';
import { browserTestsRun, launchChromium } from '../../scripts/testing/chromium.ts';
import { type BuiltPage, buildBrowserMockPage, type PageResults, runBrowserMockPage } from '../../scripts/testing/browserMockPage.ts';
import { installPacked } from '../../scripts/testing/packedPackage.ts';
import { serveStatic, type StaticServer } from '../../scripts/testing/serveStatic.ts';
import { BUNDLED_DATASET } from './bundledInputs.ts';
import { createMock } from './createMock.ts';
import devDependencies from '../../package.json' with { type: 'json' };

const runs = browserTestsRun('workerPage.browser.test.ts');
const MSW = `msw@${(devDependencies as { devDependencies: Record<string, string> }).devDependencies.msw}`;
const GZIP_LIMIT = 1024 * 1024;
const work = mkdtempSync(join(tmpdir(), 'edu-worker-page-'));
const guardian = guardianWithEnrolledMembers(BUNDLED_DATASET, 'colegio-horizonte', '2026')?._id as string;

let browser: Browser;
let site: StaticServer;
let built: BuiltPage;
let results: PageResults;

beforeAll(async () => {
  const started = performance.now();
  await installPacked(work, [MSW]);
  if (!runs) return;
  built = await buildBrowserMockPage(work);
  site = await serveStatic(built.root);
  browser = await launchChromium();
  results = await runBrowserMockPage(browser, `${site.url}/?user=${guardian}`);
  console.log(
    `workerPage: bundle ${(built.bundleBytes / 1e6).toFixed(2)} MB, ${(built.gzipBytes / 1e6).toFixed(3)} MB gzipped; ` +
      `first answer ${results.firstAnswerMs?.toFixed(0)} ms after the worker started; set up in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  rmSync(work, { recursive: true, force: true });
});

/** A browser app's strict check: the DOM's types and no others (no @types/node), every declaration checked. */
const BROWSER_TSCONFIG = {
  compilerOptions: {
    strict: true,
    noEmit: true,
    module: 'nodenext',
    moduleResolution: 'nodenext',
    target: 'es2022',
    lib: ['es2022', 'dom', 'dom.iterable'],
    types: [],
    skipLibCheck: false,
  },
  files: ['browser-app.mts'],
};

const BROWSER_APP = `import { createMock, LoginError, type FetchHandler, type InProcessSession, type Mock } from 'edu-platform-contract';
const mock: Mock = createMock({ clock: { now: '2026-03-01T12:00:00.000Z', frozen: true } });
const handler: FetchHandler = mock.fetch;
const session: InProcessSession = mock.session('page');
export async function signIn(user: string): Promise<string> {
  try {
    const tokens = await session.login({ clientId: 'app-agenda-familia', scopes: ['openid'], user });
    return tokens.access_token;
  } catch (error) {
    if (error instanceof LoginError) return error.error;
    throw error;
  }
}
export const answer: Promise<Response> = handler(new Request('http://mock.test/v1/groups'));
// @ts-expect-error the consent is approve or deny
void session.login({ clientId: 'x', scopes: [], user: 'u', consent: 'maybe' });
`;

describe('the installed package in a browser project’s TypeScript', () => {
  it('compiles a file importing the `.` entry with lib dom, types [] and skipLibCheck false', async () => {
    writeFileSync(join(work, 'tsconfig.browser.json'), JSON.stringify(BROWSER_TSCONFIG));
    writeFileSync(join(work, 'browser-app.mts'), BROWSER_APP);
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const checked = await promisify(execFile)(process.execPath, [tsc, '-p', 'tsconfig.browser.json'], { cwd: work, timeout: 120_000 }).catch(
      (error: { stdout?: string; code?: number }) => error,
    );
    expect(checked.stdout ?? '').toBe('');
  });
});

describe.skipIf(!runs)('a page on the worker-only mock, from the installed package', () => {
  it('runs with no error', () => {
    expect(results.error).toBeUndefined();
  });

  it('answers a list', () => {
    expect(results.list.status).toBe(200);
    expect(results.list.length).toBe(3);
    expect(results.list.total).toBeGreaterThan(3);
  });

  it('keeps a PUT: the installation read back has what was sent', () => {
    expect(results.put).toEqual({ status: 200, contactInfo: { name: 'Fernanda Alves', telephone: '+55 11 90000-0000', message: 'Ligar à tarde.' } });
  });

  it('finds an uploaded group by search', () => {
    expect(results.upload).toEqual({ status: 200, before: 0, after: ['turma-zebra'] });
  });

  it('logs in with the scopes asked, and user-info answers as the in-process mock in Node does for the same consent', async () => {
    const mock = createMock({ clock: { now: '2026-03-01T12:00:00.000Z', frozen: true } });
    const tokens = await mock.session().login({ clientId: 'app-agenda-familia', scopes: ['openid', 'profile', 'related.members'], user: guardian });
    const info = await mock.fetch(
      new Request('http://mock.test/v1/oauth/user/info?includes=members', { headers: { authorization: `Bearer ${tokens.access_token}` } }),
    );
    expect(results.login.scope).toBe('openid profile related.members');
    expect(results.login.status).toBe(200);
    expect(results.login.body.Members?.length).toBeGreaterThan(0);
    expect(results.login.body).toEqual(await info.json());
    expect(results.denied).toEqual({ name: 'LoginError', error: 'access_denied' });
  });

  it('answered every request from the mock in the page (its journal), and the server only served files', () => {
    // list, PUT, read back, 2 searches, upload, user-info; the login's page, form and token; the denied page and form.
    expect(results.journaled).toBe(12);
  });

  it('bundles the mock with its default data, msw and the page in at most 1 MB gzipped', () => {
    expect(built.gzipBytes).toBeLessThanOrEqual(GZIP_LIMIT);
  });
});

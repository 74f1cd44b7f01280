/**
 * A page on the worker-only mock, as a frontend developer builds it from the installed package: createMock
 * and mockHandlers behind MSW's setupWorker, bundled by esbuild for the browser, with the worker script that
 * `npx msw init` writes. Served as static files, it answers its own requests: a list, a PUT read back, an
 * upload then a search, and a login (mock.session().login) whose token the worker-answered API accepts. It
 * leaves what it saw in `window.__results`, and the time from the worker's start to its first answer.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';

const run = promisify(execFile);
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/** The page's script, as a user writes it: imports by the package's names only. */
export const PAGE_SCRIPT = `import { createMock } from 'edu-platform-contract';
import { mockHandlers } from 'edu-platform-contract/msw';
import { setupWorker } from 'msw/browser';

const api = location.origin + '/api';
const auth = { authorization: 'Bearer dev-colegio-horizonte-coordenator', 'community-id': 'colegio-horizonte' };
const json = { ...auth, 'content-type': 'application/json' };
const out = {};
try {
  const mock = createMock({ clock: { now: '2026-03-01T12:00:00.000Z', frozen: true } });
  const worker = setupWorker(...mockHandlers(mock, { baseUrl: api }));
  const started = performance.now();
  await worker.start({ quiet: true, onUnhandledRequest: 'bypass' });
  const list = await fetch(api + '/v1/groups?limit=3', { headers: auth });
  const groups = await list.json();
  out.firstAnswerMs = performance.now() - started;
  out.list = { status: list.status, total: Number(list.headers.get('x-total-count')), length: groups.length };

  const contactInfo = { name: 'Fernanda Alves', telephone: '+55 11 90000-0000', message: 'Ligar à tarde.' };
  const installations = api + '/v1/appmaker/apps/app-diario-escolar/installations';
  const put = await fetch(installations + '/colegio-horizonte', { method: 'PUT', headers: json, body: JSON.stringify({ contactInfo }) });
  const [readBack] = await (await fetch(installations, { headers: auth })).json();
  out.put = { status: put.status, contactInfo: readBack.contactInfo };

  const search = () => fetch(api + '/v1/groups/search?q=zebra', { headers: auth }).then((r) => r.json());
  const before = await search();
  const group = { alias: 'turma-zebra', name: 'Turma Zebra', season: '2026', active: true };
  const upload = await fetch(api + '/v2/sync/run-page/uploadEntities', { method: 'POST', headers: json, body: JSON.stringify({ groups: { data: [group] } }) });
  const after = await search();
  out.upload = { status: upload.status, before: before.total, after: after.hits.map((h) => h.alias) };

  // The login runs in the page, on the mock's own authorization server: a worker never sees a navigation,
  // and a fetch cannot read the redirect that carries the code. Its token then goes through the worker.
  const user = new URLSearchParams(location.search).get('user');
  const tokens = await mock.session().login({ clientId: 'app-agenda-familia', scopes: ['openid', 'profile', 'related.members'], user, origin: location.origin });
  const info = await fetch(api + '/v1/oauth/user/info?includes=members', { headers: { authorization: 'Bearer ' + tokens.access_token } });
  out.login = { scope: tokens.scope, status: info.status, body: await info.json() };
  const denied = await mock.session().login({ clientId: 'app-agenda-familia', scopes: ['openid'], user, consent: 'deny' }).catch((e) => e);
  out.denied = { name: denied.name, error: denied.error };
  out.journaled = mock.session().journal.count({});
} catch (error) {
  out.error = String((error && error.stack) || error);
}
window.__results = out;
`;

const INDEX_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>worker-only mock</title></head>
<body><script type="module" src="/main.js"></script></body></html>
`;

export interface BuiltPage {
  /** The folder to serve: index.html, main.js (the bundle) and mockServiceWorker.js. */
  root: string;
  /** The bundle's size, and gzipped (level 9): the mock, its default data, msw and the page. */
  bundleBytes: number;
  gzipBytes: number;
}

/** Builds the page in `appDir`, where the package and msw are installed (packedPackage.installPacked). */
export async function buildBrowserMockPage(appDir: string, options: { minify?: boolean } = {}): Promise<BuiltPage> {
  const root = join(appDir, 'public');
  mkdirSync(root, { recursive: true });
  writeFileSync(join(appDir, 'main.js'), PAGE_SCRIPT);
  writeFileSync(join(root, 'index.html'), INDEX_HTML);
  // --save, as msw recommends (it would ask otherwise): package.json keeps the folder, for updates of the worker script.
  await run(npx, ['--no-install', 'msw', 'init', 'public', '--save'], { cwd: appDir, timeout: 60_000 });
  await build({
    entryPoints: [join(appDir, 'main.js')],
    absWorkingDir: appDir,
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    minify: options.minify ?? false,
    outfile: join(root, 'main.js'),
    logLevel: 'silent',
  });
  const bundle = readFileSync(join(root, 'main.js'));
  return { root, bundleBytes: bundle.byteLength, gzipBytes: gzipSync(bundle, { level: 9 }).byteLength };
}

/** What the page saw (PAGE_SCRIPT's `out`). */
export interface PageResults {
  error?: string;
  firstAnswerMs: number;
  list: { status: number; total: number; length: number };
  put: { status: number; contactInfo: unknown };
  upload: { status: number; before: number; after: string[] };
  login: { scope: string; status: number; body: { user?: Record<string, unknown>; Members?: unknown[] } };
  denied: { name: string; error: string };
  journaled: number;
}

/**
 * Opens the page in a fresh browser context (no worker registered yet, as on a first visit) and waits for
 * its results.
 */
export async function runBrowserMockPage(browser: Browser, url: string): Promise<PageResults> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await page.goto(url);
    await page.waitForFunction(() => (globalThis as unknown as { __results?: unknown }).__results !== undefined, undefined, { polling: 100, timeout: 60_000 });
    const results = (await page.evaluate(() => (globalThis as unknown as { __results: unknown }).__results)) as PageResults;
    if (errors.length > 0) results.error = [results.error, ...errors].filter(Boolean).join('\n');
    return results;
  } finally {
    await context.close();
  }
}

/**
 * docs/recipes/, run as written: each recipe's files, copied as they are into an empty folder where the
 * package is installed (scripts/testing/recipeFolder.ts), run as a user runs them:
 *   - vitest + Testing Library (per-test sessions) and the Fetch route handler: one vitest run over the two
 *     folders, each with its own config; every test of theirs must pass;
 *   - the Vite app: its vite.config.ts served by a real Vite dev server, which answers /api/v1/groups from
 *     the mock and compiles the app's src/main.ts;
 *   - Playwright with the worker: Playwright's own runner starts the app's Vite dev server (webServer) on a
 *     free port and runs the three tests in Debian's Chromium, the page answering its /api with MSW's worker
 *     and the mock (public/mockServiceWorker.js copied from msw, as `npx msw init public` writes it).
 *   - Storybook: `storybook build` of the recipe's stories and .storybook/ (the worker script in public/, its
 *     staticDirs), the static output served by node:http, and each story's iframe opened in Debian's Chromium:
 *     the story's loader reads the mock through MSW's worker started by .storybook/preview.ts, and a story's
 *     session keeps the page's writes until the story is shown again.
 * The two browser runs are skipped, saying so, where no browser is installed (in CI one is).
 * And docs/recipes/README.md shows every file of every recipe, each exactly as it is in its folder.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './bench/startServer.ts';
import { browserTestsRun, CHROMIUM, launchChromium } from './testing/chromium.ts';
import { recipeFolder } from './testing/recipeFolder.ts';
import { serveStatic } from './testing/serveStatic.ts';
import { openStory, remountStory } from './testing/storybookStory.ts';

const run = promisify(execFile);
const RECIPES = new URL('../docs/recipes/', import.meta.url).pathname;
const IN_VITEST = ['vitest-testing-library', 'fetch-server'];

function filesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesOf(path) : [path];
  });
}

/** The README's file blocks: a line with the file's path in backticks, then its fenced block. */
export function shownFiles(markdown: string): Map<string, string> {
  const shown = new Map<string, string>();
  for (const m of markdown.matchAll(/^`([\w./-]+)`\n\n```\w*\n([\s\S]*?)^```$/gm)) shown.set(m[1]!, m[2]!);
  return shown;
}

/** A request sent from a story's page with the seeded coordinator's headers, answered by its worker: a POST when `body` is given. */
async function inStory(page: Page, path: string, body?: unknown): Promise<unknown> {
  return page.evaluate(
    async ({ path, body }) => {
      const headers = { authorization: 'Bearer dev-colegio-horizonte-coordenator', 'community-id': 'colegio-horizonte', 'content-type': 'application/json' };
      const res = await fetch(path, body === undefined ? { headers } : { method: 'POST', headers, body: JSON.stringify(body) });
      return body === undefined ? res.json() : res.status;
    },
    { path, body },
  );
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('docs/recipes/README.md', () => {
  it('shows every file of every recipe as it is', () => {
    const shown = shownFiles(readFileSync(join(RECIPES, 'README.md'), 'utf8'));
    const files = filesOf(RECIPES)
      .map((path) => relative(RECIPES, path))
      .filter((path) => path !== 'README.md');
    expect([...shown.keys()].sort()).toEqual(files.sort());
    for (const file of files) expect([file, shown.get(file)]).toEqual([file, readFileSync(join(RECIPES, file), 'utf8')]);
  });
});

describe('the recipes run as written', () => {
  it('vitest + Testing Library and the Fetch route: every test of theirs passes', async () => {
    const dir = recipeFolder(IN_VITEST);
    dirs.push(dir);
    writeFileSync(join(dir, 'vitest.config.ts'), `export default { test: { projects: ${JSON.stringify(IN_VITEST)} } };\n`);
    const report = join(dir, 'report.json');
    await run(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--reporter=json', `--outputFile=${report}`], { cwd: dir, timeout: 240_000 }).catch(
      (error: { stdout?: string; stderr?: string }) => {
        throw new Error(`the recipes' tests failed:\n${error.stdout ?? ''}\n${error.stderr ?? ''}`);
      },
    );
    const results = JSON.parse(readFileSync(report, 'utf8')) as { testResults: Array<{ name: string; assertionResults: Array<{ status: string }> }> };
    const passed = Object.fromEntries(
      results.testResults.map((file) => [relative(dir, file.name), file.assertionResults.filter((t) => t.status === 'passed').length]),
    );
    expect(passed).toEqual({ 'vitest-testing-library/groups.test.ts': 3, 'fetch-server/route.test.ts': 2 });
  }, 300_000);

  it('the Vite app: its config serves the mock under /api on the dev server and compiles the app', async () => {
    const dir = recipeFolder(['vite']);
    dirs.push(dir);
    // Vite loads vite.config.ts and the plugin as a user's project does; tsx lets Node load the package's sources.
    writeFileSync(
      join(dir, 'vite', 'serve.ts'),
      `import type { AddressInfo } from 'node:net';
import { createServer } from 'vite';
const server = await createServer({ configFile: 'vite.config.ts', logLevel: 'silent', server: { port: 0, host: '127.0.0.1' } });
await server.listen();
const base = 'http://127.0.0.1:' + (server.httpServer!.address() as AddressInfo).port;
const headers = { authorization: 'Bearer dev-colegio-horizonte-coordenator', 'community-id': 'colegio-horizonte' };
const list = await fetch(base + '/api/v1/groups?active=true&limit=10', { headers });
const app = await fetch(base + '/src/main.ts');
const page = await fetch(base + '/');
console.log(JSON.stringify({ list: [list.status, ((await list.json()) as unknown[]).length], app: [app.status, (await app.text()).includes('/api/v1/groups?active=true')], page: [page.status, (await page.text()).includes('/src/main.ts')] }));
await server.close();
`,
    );
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'serve.ts'], { cwd: join(dir, 'vite'), timeout: 120_000 });
    expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toEqual({ list: [200, 10], app: [200, true], page: [200, true] });
  }, 180_000);

  it.runIf(browserTestsRun('inProcessRecipes.test.ts'))(
    'Playwright with the worker: its three tests pass in Chromium',
    async () => {
      const dir = recipeFolder(['playwright']);
      dirs.push(dir);
      const app = join(dir, 'playwright');
      mkdirSync(join(app, 'public'));
      copyFileSync(join(dir, 'node_modules/msw/lib/mockServiceWorker.js'), join(app, 'public/mockServiceWorker.js'));
      const env = { ...process.env, PORT: String(await freePort()), CHROMIUM_PATH: CHROMIUM, NODE_OPTIONS: '--import tsx', CI: '' };
      const { stdout } = await run(process.execPath, ['../node_modules/@playwright/test/cli.js', 'test', '--reporter=line', '--workers=1'], {
        cwd: app,
        env,
        timeout: 240_000,
      }).catch((error: { stdout?: string; stderr?: string }) => {
        throw new Error(`the Playwright recipe failed:\n${error.stdout ?? ''}\n${error.stderr ?? ''}`);
      });
      expect(stdout).toMatch(/\b3 passed\b/);
    },
    300_000,
  );

  it.runIf(browserTestsRun('inProcessRecipes.test.ts'))(
    'Storybook: the built stories read the mock through the worker in Chromium',
    async () => {
      const dir = recipeFolder(['storybook']);
      dirs.push(dir);
      const project = join(dir, 'storybook');
      mkdirSync(join(project, 'public'));
      copyFileSync(join(dir, 'node_modules/msw/lib/mockServiceWorker.js'), join(project, 'public/mockServiceWorker.js'));
      // `npx storybook build`, as the recipe says: the command of the project's own node_modules/.bin.
      // HOME in the folder: Storybook writes its user settings (~/.storybook/settings.json) there, not in the user's home.
      const env = { ...process.env, HOME: dir, STORYBOOK_DISABLE_TELEMETRY: '1' };
      await run(join(dir, 'node_modules/.bin/storybook'), ['build', '--disable-telemetry'], { cwd: project, env, timeout: 180_000 }).catch(
        (error: { stdout?: string; stderr?: string }) => {
          throw new Error(`the Storybook build failed:\n${error.stdout ?? ''}\n${error.stderr ?? ''}`);
        },
      );
      const site = await serveStatic(join(project, 'storybook-static'));
      const browser = await launchChromium();
      try {
        const morning = await openStory(browser, site.url, 'groups-list--morning', 'ul[aria-label="groups"]');
        const names = await morning.locator('#storybook-root li').allTextContents();
        expect(names.length).toBeGreaterThan(0);
        for (const name of names) expect(name).toMatch(/Matutino/);
        // The story's session keeps what the page writes while it is shown, and starts over when shown again.
        expect(
          await inStory(morning, '/api/v2/sync/run-1/uploadEntities', {
            groups: { data: [{ alias: 'turma-9z', name: 'Turma 9Z', season: '2026', active: true }] },
          }),
        ).toBe(200);
        expect(await inStory(morning, '/api/v1/groups/search?q=9z')).toMatchObject({ hits: [{ name: 'Turma 9Z' }] });
        await remountStory(morning, 'groups-list--morning');
        expect(await inStory(morning, '/api/v1/groups/search?q=9z')).toMatchObject({ hits: [] });

        const noMatch = await openStory(browser, site.url, 'groups-list--no-match', 'ul[aria-label="groups"]');
        expect(await noMatch.locator('#storybook-root li').count()).toBe(0);
      } finally {
        await browser.close();
        await site.close();
      }
    },
    240_000,
  );
});

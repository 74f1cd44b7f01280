/**
 * docs/sessions.md's Playwright recipe, run as written: its two files are cut out of the page's code block,
 * four tests in two files (each approves the same pending installation, which succeeds once per fresh data)
 * run under Playwright's own runner with two workers against the mock, in Debian's Chromium. A reset that does
 * not run before every test leaves the second test of a worker with 409. Skipped, saying so, where no browser
 * or no @playwright/test is installed (in CI both are).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { startMockTarget } from '../conformance/testing/startMockTarget.ts';
import { browserTestsRun, CHROMIUM } from './testing/chromium.ts';

const root = new URL('..', import.meta.url).pathname;
const run = promisify(execFile);
const runner = (() => {
  try {
    return createRequire(import.meta.url).resolve('@playwright/test/cli');
  } catch {
    return undefined;
  }
})();
if (!runner) console.warn('sessionsRecipe.browser.test.ts: @playwright/test is not installed (npm ci installs it); skipped');
const runs = browserTestsRun('sessionsRecipe.browser.test.ts') && runner !== undefined;

/** The recipe's files: the code block under its heading, split at each `// file-name` line. */
export function recipeFiles(markdown: string, heading: string): Map<string, string> {
  const section = markdown.slice(markdown.indexOf(heading));
  const block = /```ts\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  const files = new Map<string, string>();
  let name: string | undefined;
  for (const line of block.split('\n')) {
    const start = /^\/\/ ([\w.-]+\.ts)\b/.exec(line);
    if (start) name = start[1];
    else if (name) files.set(name, (files.get(name) ?? '') + line + '\n');
  }
  return files;
}

const SPEC = (name: string): string => `import { test, expect } from './fixtures';
const MOCK = process.env.MOCK_URL as string;
const auth = { authorization: 'Bearer ' + process.env.MOCK_TOKEN, 'community-id': process.env.MOCK_COMMUNITY as string };
for (const n of [1, 2]) {
  test('${name} ' + n + ': approves the pending installation in fresh data', async ({ page, mockSession }) => {
    await page.goto(MOCK + '/__mock/session');
    expect(JSON.parse(await page.locator('body').innerText())).toMatchObject({ name: mockSession });
    const approve = await page.request.post(MOCK + process.env.MOCK_APPROVE, { headers: auth });
    expect(approve.status()).toBe(200);
  });
}
`;

let dir: string | undefined;
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('docs/sessions.md recipes', () => {
  it('the recipe has a config and a fixtures file', () => {
    const files = recipeFiles(readFileSync(join(root, 'docs', 'sessions.md'), 'utf8'), '### Playwright');
    expect([...files.keys()]).toEqual(['playwright.config.ts', 'fixtures.ts']);
  });

  it.runIf(runs)(
    'Playwright: 4 of 4 tests pass in two workers, each test on fresh data',
    async () => {
      const files = recipeFiles(readFileSync(join(root, 'docs', 'sessions.md'), 'utf8'), '### Playwright');
      // Inside the project, so the files resolve @playwright/test from its node_modules; reports/ is ignored by git.
      mkdirSync(join(root, 'reports'), { recursive: true });
      dir = mkdtempSync(join(root, 'reports', 'recipe-'));
      for (const [name, text] of files) writeFileSync(join(dir, name), text);
      writeFileSync(join(dir, 'a.spec.ts'), SPEC('a'));
      writeFileSync(join(dir, 'b.spec.ts'), SPEC('b'));
      // The recipe's config, with Debian's Chromium instead of a browser Playwright would download.
      writeFileSync(
        join(dir, 'ci.config.ts'),
        `import { defineConfig } from '@playwright/test';
import recipe from './playwright.config';
export default defineConfig(recipe, { testDir: '.', outputDir: './results', workers: 2, fullyParallel: false, retries: 0, use: { launchOptions: { executablePath: ${JSON.stringify(CHROMIUM)}, args: ['--no-sandbox'] } } });
`,
      );
      const mock = await startMockTarget();
      try {
        const pending = mock.config.pendingApproval;
        expect(pending).toBeDefined();
        const env = {
          ...process.env,
          MOCK_URL: mock.url,
          MOCK_TOKEN: mock.config.token,
          MOCK_COMMUNITY: pending?.community,
          MOCK_APPROVE: `/v1/appmaker/apps/${pending?.appId}/installations/${pending?.community}/approve`,
          PLAYWRIGHT_BROWSERS_PATH: join(dir, 'no-browsers'),
          CI: '1',
        };
        const result = await run(process.execPath, [runner as string, 'test', '--config', join(dir, 'ci.config.ts'), '--reporter', 'json'], {
          cwd: dir,
          env,
          timeout: 180_000,
          maxBuffer: 16 * 1024 * 1024,
        }).catch((error: { stdout?: string; stderr?: string }) => error);
        const report = JSON.parse(result.stdout ?? '{}') as {
          stats?: { expected: number; unexpected: number; flaky: number; skipped: number };
          errors?: unknown[];
        };
        expect(report.errors ?? [], result.stderr).toEqual([]);
        expect(report.stats, result.stdout?.slice(0, 4000)).toMatchObject({ expected: 4, unexpected: 0, flaky: 0, skipped: 0 });
      } finally {
        await mock.close();
      }
      expect(existsSync(join(dir, 'fixtures.ts'))).toBe(true);
    },
    240_000,
  );
});

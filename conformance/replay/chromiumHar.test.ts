/**
 * A HAR recorded by a browser replays: Debian's Chromium (driven by playwright-core, recordHar) opens a tiny
 * frontend whose dev server serves its page and script and proxies /api/* to the mock, as Vite's does; the page
 * lists groups and opens the first. The HAR holds the page, the script and the API calls under /api: the replay
 * leaves out the first two, rebases the rest on the target and passes. Where no browser is installed, skipped.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserTestsRun, launchChromium } from '../../scripts/testing/chromium.ts';
import { loadContract } from '../../spec/contract.ts';
import { runConformance } from '../run/runConformance.ts';
import { startMockTarget, type MockTarget } from '../testing/startMockTarget.ts';
import { readBody, startServer, type RunningServer } from '../testing/startServer.ts';
import { startTestTarget, type TestTarget } from '../testing/target/startTestTarget.ts';
import { readHar } from '../har/readHar.ts';
import { createReplayScenario } from './replayScenario.ts';
import { selectApiEntries } from './selectApiEntries.ts';

const runs = browserTestsRun('chromiumHar.test.ts');
const contract = loadContract();

/** The frontend: list the groups, open the first one listed, search by its name. */
const page = () => `<!doctype html><title>front</title><script src="/app.js"></script>`;
const script = (token: string, community: string) => `
const headers = { authorization: 'Bearer ${token}', 'community-id': '${community}' };
(async () => {
  const groups = await (await fetch('/api/v1/groups?limit=4', { headers })).json();
  const one = await (await fetch('/api/v1/groups/' + groups[0]._id, { headers })).json();
  await fetch('/api/v1/groups/search?q=' + encodeURIComponent(one.name.slice(0, 4)), { headers });
  document.title = 'done';
})();`;

describe.runIf(runs)('a HAR recorded by Chromium', () => {
  let mock: MockTarget;
  let front: RunningServer;
  let target: TestTarget;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'chromium-har-'));
    mock = await startMockTarget();
    const { token, community } = mock.config as { token: string; community: string };
    front = await startServer(async (req, res) => {
      const url = req.url ?? '/';
      if (url === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end(page());
      if (url === '/app.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(script(token, community));
      if (!url.startsWith('/api/')) return void res.writeHead(404).end();
      const body = req.method === 'GET' ? undefined : await readBody(req);
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([k]) => ['authorization', 'community-id', 'accept', 'content-type'].includes(k)),
      ) as Record<string, string>;
      const answer = await fetch(mock.url + url.slice(4), { method: req.method ?? 'GET', headers, ...(body ? { body } : {}) });
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(await answer.text());
    });
    target = await startTestTarget({ firstPage: 0 });
  }, 60_000);
  afterAll(async () => {
    await target?.close();
    await front?.close();
    await mock?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('replays against an independent implementation, leaving out the page and its script', { timeout: 90_000 }, async () => {
    const harFile = join(dir, 'front.har');
    const browser = await launchChromium();
    try {
      const context = await browser.newContext({ recordHar: { path: harFile, content: 'embed' } });
      const tab = await context.newPage();
      await tab.goto(front.url);
      await tab.waitForFunction('document.title === "done"', undefined, { timeout: 20_000 });
      await context.close();
    } finally {
      await browser.close();
    }
    const { calls, skipped } = selectApiEntries(readHar(readFileSync(harFile, 'utf8'), 'front.har'), contract);
    expect(calls.map((c) => c.operationId)).toEqual(['listGroups', 'getGroup', 'searchGroups']);
    expect(Object.values(skipped).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(2);
    const plan = { file: 'front.har', sha256: '0', calls, skipped, recorded: mock.config };
    const result = await runConformance({
      config: target.config,
      areas: ['replay'],
      scenarios: [createReplayScenario(plan)],
      seed: 7,
      now: () => new Date('2026-03-02T09:00:00.000Z'),
      contract,
    });
    expect(result.cases.flatMap((c) => c.failures.map((f) => `${f.check}: ${f.message}`))).toEqual([]);
    expect(result.cases.map((c) => c.status)).toEqual(['passed', 'passed', 'passed']);
    expect(new Set(result.cases.flatMap((c) => c.checks ?? []))).toContain('get-matches-list');
  });
});

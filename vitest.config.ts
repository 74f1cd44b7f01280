import { defineConfig } from 'vitest/config';

const ALL = '{spec,mock,conformance,fixtures,scripts}/**/*.test.ts';

/**
 * The slow tier: real processes (the server, npm start, npm pack, Prism), Chromium, the whole suite run once
 * per fault, a million groups. Each costs seconds to minutes; `npm test` and CI run them, the inner loop does not.
 */
const E2E = [
  'mock/server.test.ts',
  'mock/persist/killDuringBurst.test.ts',
  'mock/bin/package.test.ts',
  'mock/prismCrossCheck.test.ts',
  'mock/oauth/browserLogin.test.ts',
  'mock/ui/pagesInBrowser.test.ts',
  'scripts/start.test.ts',
  'scripts/buildDocsHtml.test.ts',
  'scripts/recipes.test.ts',
  'conformance/cli.test.ts',
  'conformance/independentTarget.test.ts',
  'conformance/report/toHtmlReport.browser.test.ts',
  'conformance/replay/chromiumHar.test.ts',
  'mock/ui/dashboardLayout.test.ts',
  'mock/docs/tryItOutInBrowser.test.ts',
  'mock/dev/devMode.test.ts',
  // Three replicas, PostgreSQL and HAProxy as processes.
  'mock/replicas/replicas.test.ts',
  // PostgreSQL restarted and stopped (SIGSTOP) under writes, replicas restarted.
  'mock/replicas/databaseOutage.test.ts',
  // Processes, shells and browsers of their own.
  'mock/cli/exitWithParent.test.ts',
  // edu-mock mcp as a process on stdio; the inspector's CLI as processes against a mock.
  'mock/mcp/mcpStdio.test.ts',
  'mock/mcp/mcpInspector.test.ts',
  'scripts/launch.test.ts',
  'mock/persist/stateFileMode.test.ts',
  'conformance/report/usedReplay.test.ts',
  'conformance/report/hostileTarget.browser.test.ts',
  'mock/proxy/hostilePage.browser.test.ts',
  'mock/proxy/proxyDashboard.browser.test.ts',
  'conformance/reproducers.test.ts',
  'conformance/replay/recipes.test.ts',
  'conformance/ciJob.test.ts',
  'scripts/sessionsRecipe.browser.test.ts',
  // Whole suite runs, many of them: the mock in every mode and seed, every generated-input fault, 200 MB answers.
  'conformance/selfTest.test.ts',
  'conformance/sessionsSelfTest.test.ts',
  'conformance/report/reportFlags.test.ts',
  'conformance/plan/profiles.test.ts',
  'conformance/seedVerdicts.test.ts',
  'conformance/generate/inputFaults.test.ts',
  'conformance/boundedRun.test.ts',
  // Redocly's respect as a process, against the mock in-process.
  'conformance/arazzo/respect.test.ts',
  // The README's spec-diff CI step, run by bash in a clone.
  'scripts/specDiffRecipe.test.ts',
  // The whole suite against mockMiddleware in an Express app and eduMock in a Vite dev server (about 45 s).
  'mock/node/mountsConform.test.ts',
  // The packed package installed, a page bundled from it, and Chromium running it on the worker-only mock.
  'mock/inprocess/workerPage.browser.test.ts',
  // docs/recipes/ run as written: one vitest run over two folders, the Vite app, Playwright and a built Storybook in Chromium (65-75 s loaded).
  'scripts/inProcessRecipes.test.ts',
  // The dashboard and docs of a mock under /api in an Express app, in Chromium (about 20 s).
  'mock/node/pagesUnderPath.browser.test.ts',
];

/** The middle tier: the mock served in-process on 127.0.0.1:0 and driven over HTTP, the suite run against it. */
const INTEGRATION = [
  'mock/{controls,handlers,http,oauth,sessions,persist,docs,proxy,inprocess,node,mcp}/**/*.test.ts',
  'conformance/{replay,generate}/**/*.test.ts',
  // Two replicas in-process on a fake database, racing for a stub's last use.
  'mock/replicas/shareStubUse.test.ts',
  'conformance/{client,plan,report,run}/**/*.test.ts',
  // The suite's programmatic API and its vitest tests, against the test target in-process.
  'conformance/{api,vitest}/**/*.test.ts',
  // The authorization server's probes, each fault against the test target in-process.
  'conformance/scenarios/oauthServerScenario.test.ts',
  // Each restriction's negative side, each fault against the test target in-process.
  'conformance/scenarios/restrictions.test.ts',
  'conformance/scenarios/writtenValues.test.ts',
  // Recorded flows replayed on a mock of an edited contract, in-process.
  'scripts/specDiffImpact.test.ts',
  // A flow recorded on another seed's data, judged by the impact analysis, in-process.
  'scripts/specDiffOtherSeed.test.ts',
];

const shared = {
  // Servers in tests bind to 127.0.0.1:0; nothing is timed here (speed lives in scripts/bench*).
  testTimeout: 30_000,
  hookTimeout: 30_000,
};

/**
 * Three tiers (vitest projects): unit (no server), integration (in-process servers), e2e (processes and
 * browsers). `npm test` runs all three; `npm run test:quick` runs unit and integration, the inner loop.
 */
export default defineConfig({
  test: {
    // In CI a JSON report too, from which .ci/run prints the closing "N passed, N failed" line.
    reporters: process.env.CI ? ['default', ['json', { outputFile: process.env.VITEST_JSON ?? 'reports/vitest.json' }]] : ['default'],
    // Two files at a time on two cores (vitest's default is one fewer than the cores): most e2e files wait on the
    // servers, browsers and databases they start, and no test's verdict depends on how busy the machine is.
    maxWorkers: 2,
    projects: [
      // Worker threads start faster than forked processes (53 against 61 s for the quick tier on 2 cores); the
      // e2e tier keeps processes, as it spawns servers and browsers of its own.
      { test: { ...shared, name: 'unit', pool: 'threads', include: [ALL], exclude: [...E2E, ...INTEGRATION, '**/node_modules/**'] } },
      { test: { ...shared, name: 'integration', pool: 'threads', include: INTEGRATION, exclude: [...E2E, '**/node_modules/**'] } },
      { test: { ...shared, name: 'e2e', include: E2E } },
    ],
  },
});

/**
 * `npm run bench:browser`: the worker-only mock as a browser gets it. Packs the package (or reuses this
 * sources' tarball), installs it with msw in an empty folder, bundles the page of
 * scripts/testing/browserMockPage.ts with esbuild, serves it as static files and opens it in Debian's
 * Chromium, on a first visit each time (a fresh context: no worker registered). Reports the bundle's size
 * gzipped (the mock, its default data, msw and the page; bound 1 MB) and the time from the worker's start to
 * its first answer (bound 1.5 s), the median and the slowest of `--runs` visits; exits 1 when either is over.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import devDependencies from '../package.json' with { type: 'json' };
import { BUNDLED_DATASET } from '../mock/inprocess/bundledInputs.ts';
import { guardianWithEnrolledMembers } from '../fixtures/datasetQueries.ts';
import { launchChromium } from './testing/chromium.ts';
import { buildBrowserMockPage, runBrowserMockPage } from './testing/browserMockPage.ts';
import { installPacked } from './testing/packedPackage.ts';
import { serveStatic } from './testing/serveStatic.ts';

const GZIP_LIMIT_BYTES = 1024 * 1024;
const FIRST_ANSWER_LIMIT_MS = 1500;

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Math.max(1, Math.min(50, Number(values.runs) || 5));
const msw = `msw@${(devDependencies as { devDependencies: Record<string, string> }).devDependencies.msw}`;
const work = mkdtempSync(join(tmpdir(), 'edu-bench-browser-'));
const user = guardianWithEnrolledMembers(BUNDLED_DATASET, 'colegio-horizonte', '2026')?._id ?? '';

try {
  await installPacked(work, [msw]);
  const built = await buildBrowserMockPage(work);
  const minified = await buildBrowserMockPage(join(work), { minify: true });
  const site = await serveStatic(built.root);
  const browser = await launchChromium();
  const times: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const results = await runBrowserMockPage(browser, `${site.url}/?user=${user}`);
      if (results.error) throw new Error(`the page failed: ${results.error}`);
      times.push(results.firstAnswerMs);
    }
  } finally {
    await browser.close();
    await site.close();
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] as number;
  const slowest = times[times.length - 1] as number;
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(3)} MB`;
  console.log(
    `browser bundle (mock + default data + msw + page, esbuild, not minified): ${mb(built.bundleBytes)}, ${mb(built.gzipBytes)} gzipped (bound ${mb(GZIP_LIMIT_BYTES)})`,
  );
  console.log(`  minified: ${mb(minified.bundleBytes)}, ${mb(minified.gzipBytes)} gzipped`);
  console.log(
    `worker start → first answer, ${runs} first visits in Chromium: median ${median.toFixed(0)} ms, slowest ${slowest.toFixed(0)} ms (bound ${FIRST_ANSWER_LIMIT_MS} ms)`,
  );
  const over = built.gzipBytes > GZIP_LIMIT_BYTES || slowest > FIRST_ANSWER_LIMIT_MS;
  if (over) console.log('over a bound');
  process.exitCode = over ? 1 : 0;
} finally {
  rmSync(work, { recursive: true, force: true });
}

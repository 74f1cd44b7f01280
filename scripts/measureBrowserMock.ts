/**
 * `npm run bench:browser`: the worker-only mock as a browser gets it, with msw 2 and with msw 3. For each,
 * installs the packed package (built once for these sources, scripts/testing/packedPackage.ts) with that msw
 * in an empty folder, bundles the page of scripts/testing/browserMockPage.ts with esbuild, serves it as static
 * files and opens it in Debian's Chromium, on a first visit each time (a fresh context: no worker registered).
 * Reports the bundle's size gzipped (the mock, its default data, msw and the page; bound 1 MB) and the time
 * from the worker's start to its first answer (bound 1.5 s), the median and the slowest of `--runs` visits;
 * exits 1 when a bound is exceeded or a page fails.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import manifest from '../package.json' with { type: 'json' };
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
const dev = (manifest as { devDependencies: Record<string, string> }).devDependencies;
// The versions the repository pins: msw 2 itself, msw 3 through its alias (`npm:msw@3.0.5`).
const MSWS = [`msw@${dev.msw}`, `msw@${(dev.msw3 ?? '').replace(/^npm:msw@/, '')}`];
const user = guardianWithEnrolledMembers(BUNDLED_DATASET, 'colegio-horizonte', '2026')?._id ?? '';
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(3)} MB`;
let over = false;

for (const msw of MSWS) {
  const work = mkdtempSync(join(tmpdir(), 'edu-bench-browser-'));
  try {
    await installPacked(work, [msw]);
    const minified = await buildBrowserMockPage(work, { minify: true });
    // The page served is the plain bundle, as a dev server serves it; its size is the one bounded.
    const built = await buildBrowserMockPage(work);
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
    console.log(`${msw}:`);
    console.log(
      `  bundle (mock + default data + msw + page, esbuild): ${mb(built.bundleBytes)}, ${mb(built.gzipBytes)} gzipped (bound ${mb(GZIP_LIMIT_BYTES)})`,
    );
    console.log(`    minified: ${mb(minified.bundleBytes)}, ${mb(minified.gzipBytes)} gzipped`);
    console.log(
      `  worker start → first answer, ${runs} first visits in Chromium: median ${median.toFixed(0)} ms, slowest ${slowest.toFixed(0)} ms (bound ${FIRST_ANSWER_LIMIT_MS} ms)`,
    );
    if (built.gzipBytes > GZIP_LIMIT_BYTES || slowest > FIRST_ANSWER_LIMIT_MS) {
      console.log('  over a bound');
      over = true;
    }
  } catch (error) {
    console.log(`${msw}: ${(error as Error).message}`);
    over = true;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
process.exitCode = over ? 1 : 0;

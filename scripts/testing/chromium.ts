import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium (apt-get install chromium; .ci/run does): playwright's own browser download cannot work here. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Whether the browser tests run: where a browser is installed, and always in CI (where a missing one must fail,
 * not skip). Elsewhere the test file says so once and skips.
 */
export function browserTestsRun(testFile: string): boolean {
  const runs = existsSync(CHROMIUM) || process.env.CI === 'true';
  if (!runs) console.warn(`${testFile}: no browser at ${CHROMIUM} (apt-get install chromium); skipped`);
  return runs;
}

/**
 * Headless Chromium with nothing of its own on the network (no updates, sync or first-run pages). `extraArgs`
 * adds switches, e.g. `--host-resolver-rules=MAP evil.test 127.0.0.1` for a page on a site of its own.
 */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...extraArgs,
    ],
  });
}

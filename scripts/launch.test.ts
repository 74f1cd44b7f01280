/**
 * `kill <pid of npm>` (SIGTERM, as a process manager or a test harness sends it) frees the port of `npm run dev`
 * and `npm run proxy`: real npm, real shell, a check that nothing listens on the port afterwards. Before
 * scripts/launch.ts, the shell died and tsx and the server went on holding the port.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freedWithin, portFree } from './testing/portFreed.ts';
import { waitForListening } from './testing/waitForListening.ts';

const root = new URL('..', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'edu-launch-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const CASES: Array<[string, string[], RegExp | undefined]> = [
  // Its state files in a folder of the test's own, not the checkout's.
  ['dev', ['--port', '0', '--host', '127.0.0.1', '--quiet', '--state-file', join(work, 'dev.json'), '--dev-state', join(work, 'controls.json')], undefined],
  ['proxy', ['--upstream', 'http://127.0.0.1:9', '--port', '0', '--host', '127.0.0.1'], /Validating proxy on (http:\/\/\S+)/],
];

describe('npm run … killed by its process id', () => {
  it.each(CASES)('npm run %s frees its port', { timeout: 90_000 }, async (script, args, pattern) => {
    const npm: ChildProcess = spawn('npm', ['run', script, '--', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    try {
      const url = await waitForListening(npm, pattern ? { pattern } : {});
      const port = Number(new URL(url).port);
      expect(await portFree(port)).toBe(false);
      const exit = once(npm, 'exit');
      // npm's own process only, as `kill <pid>` does: not its process group.
      npm.kill('SIGTERM');
      await exit;
      expect(await freedWithin(port)).toBe(true);
    } finally {
      // Whatever is left of its process group (a server that outlived npm, when this test fails).
      try {
        process.kill(-(npm.pid as number), 'SIGKILL');
      } catch {
        // the group is gone: nothing left
      }
    }
  });
});

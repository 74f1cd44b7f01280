/**
 * `kill <pid of npm start>` frees the port: a real `npm start`, a real kill of npm's process, and a check
 * that nothing listens on the port afterwards. And the watch itself, with a parent id that changes.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { freedWithin, portFree } from '../../scripts/testing/portFreed.ts';
import { exitWithParent, PARENT_PID_ENV } from './exitWithParent.ts';

const root = new URL('../..', import.meta.url).pathname;

describe('exitWithParent', () => {
  it('calls back once the parent id changes, and only then', () => {
    vi.useFakeTimers();
    try {
      let parent = 4242;
      const onOrphaned = vi.fn();
      const watch = exitWithParent(onOrphaned, { env: { npm_lifecycle_event: 'start' }, everyMs: 100, parentPid: () => parent });
      expect(watch).toBeDefined();
      vi.advanceTimersByTime(1000);
      expect(onOrphaned).not.toHaveBeenCalled();
      parent = 1;
      vi.advanceTimersByTime(300);
      expect(onOrphaned).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('calls back at once when the parent noted by the launcher is already gone (killed while loading)', async () => {
    const onOrphaned = vi.fn();
    const watch = exitWithParent(onOrphaned, { env: { npm_lifecycle_event: 'npx', [PARENT_PID_ENV]: '4242' }, parentPid: () => 1 });
    await Promise.resolve();
    expect(onOrphaned).toHaveBeenCalledTimes(1);
    watch?.stop();
  });

  it.each([
    ['not started by npm', {}, 4242],
    ['already a child of init', { npm_lifecycle_event: 'start' }, 1],
  ])('does not watch when %s', (_name, env, parent) => {
    expect(exitWithParent(() => undefined, { env, parentPid: () => parent })).toBeUndefined();
  });
});

describe('npm start', () => {
  it('frees its port when npm itself is killed', { timeout: 60_000 }, async () => {
    const npm = spawn('npm', ['start', '--', '--host', '127.0.0.1', '--port', '0', '--quiet'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    try {
      let out = '';
      const port = await new Promise<number>((resolve, reject) => {
        npm.stdout!.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
          if (match) resolve(Number(match[1]));
        });
        npm.once('exit', (code) => reject(new Error(`npm start exited (${code}) before listening: ${out}`)));
      });
      expect(await portFree(port)).toBe(false);
      const exit = once(npm, 'exit');
      npm.kill('SIGTERM');
      await exit;
      expect(await freedWithin(port)).toBe(true);
    } finally {
      // Whatever is left of its process group (a server that outlived npm, when this test fails).
      try {
        process.kill(-npm.pid!, 'SIGKILL');
      } catch {
        // the group is gone: nothing left
      }
    }
  });
});

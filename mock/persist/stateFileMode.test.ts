/**
 * --state-file's snapshot and log hold every session's data and the access tokens issued: a real server
 * creates both readable by their owner only (0600), whatever the umask lets through.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;

describe('--state-file', () => {
  it('creates FILE and FILE.log with mode 0600', { timeout: 30_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mock-mode-'));
    const file = join(dir, 'state.json');
    const child = spawn(process.execPath, ['--import', 'tsx', 'mock/server.ts', '--host', '127.0.0.1', '--port', '0', '--quiet', '--state-file', file], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const base = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout!.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /listening on (http:\/\/\S+)/.exec(out);
          if (match) resolve(match[1] as string);
        });
        child.once('exit', (code) => reject(new Error(`exited (${code}) before listening: ${out}`)));
      });
      const res = await fetch(`${base}/__mock/clock/advance`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ seconds: 60 }),
      });
      await res.arrayBuffer();
      const exit = once(child, 'exit');
      child.kill('SIGTERM');
      await exit;
      for (const path of [file, `${file}.log`]) expect((statSync(path).mode & 0o777).toString(8), path).toBe('600');
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

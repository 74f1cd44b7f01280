/**
 * The promise of --state-file, tested as a user would break it: a real server process, a burst of uploads
 * from parallel writers, `kill -9` in the middle, a restart on the same file. Every upload answered 200 is
 * back, and every upload is whole or absent (its two groups together), never half-written.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { waitForListening } from '../../scripts/testing/waitForListening.ts';

const root = new URL('../..', import.meta.url).pathname;
const AUTH = { authorization: 'Bearer dev-colegio-horizonte-coordenator', 'community-id': 'colegio-horizonte', 'content-type': 'application/json' };
const running: ChildProcess[] = [];

function start(file: string): { child: ChildProcess; base: Promise<string> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'mock/server.ts', '--host', '127.0.0.1', '--port', '0', '--quiet', '--state-file', file], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  const base = waitForListening(child);
  return { child, base };
}

afterEach(async () => {
  for (const child of running.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
  }
});

describe('--state-file under kill -9', () => {
  it('gives back every acknowledged upload, whole', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mock-kill-'));
    const file = join(dir, 'state.json');
    try {
      const first = start(file);
      const base = await first.base;
      const acknowledged: string[] = [];
      let stop = false;
      let sent = 0;
      // Eight writers, each sending uploads one after another until the process dies under them.
      const writer = async (w: number): Promise<void> => {
        for (let i = 0; !stop; i++) {
          const id = `k${w}-${i}`;
          sent++;
          try {
            const res = await fetch(`${base}/v2/sync/kill-${w}/uploadEntities`, {
              method: 'POST',
              headers: AUTH,
              body: JSON.stringify({
                groups: {
                  data: [
                    { alias: `${id}-a`, name: `Turma ${id} A`, season: '2026' },
                    { alias: `${id}-b`, name: `Turma ${id} B`, season: '2026' },
                  ],
                },
              }),
            });
            if (res.status === 200) acknowledged.push(id);
            await res.arrayBuffer();
          } catch {
            return; // The connection died with the process: this upload was never acknowledged.
          }
        }
      };
      const writers = Array.from({ length: 8 }, (_, w) => writer(w));
      // Kill once the burst is well under way (bounded: at most 3 s).
      const started = Date.now();
      while (acknowledged.length < 150 && Date.now() - started < 3000) await new Promise((r) => setTimeout(r, 20));
      first.child.kill('SIGKILL');
      await once(first.child, 'exit');
      stop = true;
      await Promise.all(writers);
      expect(acknowledged.length).toBeGreaterThan(20);
      expect(sent).toBeGreaterThan(acknowledged.length);

      const second = start(file);
      const again = await second.base;
      const state = (await (await fetch(`${again}/__mock/state`)).json()) as { groups: Array<{ alias: string; name: string }> };
      const byAlias = new Map(state.groups.map((g) => [g.alias, g.name]));
      const missing = acknowledged.filter((id) => byAlias.get(`${id}-a`) !== `Turma ${id} A` || byAlias.get(`${id}-b`) !== `Turma ${id} B`);
      expect(missing, `${missing.length} of ${acknowledged.length} acknowledged uploads lost`).toEqual([]);
      // Whole or absent: no upload has one of its groups without the other.
      const halves = [...byAlias.keys()].filter(
        (alias) => /^k\d+-\d+-[ab]$/.test(alias) && !byAlias.has(alias.replace(/-a$/, '-B').replace(/-b$/, '-a').replace(/-B$/, '-b')),
      );
      expect(halves).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});

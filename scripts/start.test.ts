/**
 * npm start's launcher (scripts/start.mjs): it runs the server from a cached bundle, builds the bundle when
 * there is none, reuses it while every input is unchanged and rebuilds it when one changed. Each server binds
 * 127.0.0.1 on port 0 and is stopped by the test; the cache is a folder of the test's own.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { waitForListening } from './testing/waitForListening.ts';
import { CONFORM_CONFIG_PATH, type MockConformConfig } from '../fixtures/conformConfig.ts';

const root = new URL('..', import.meta.url).pathname;
// Inside node_modules, where the bundle's imports of packages resolve.
const cacheDir = join(root, 'node_modules', '.cache', 'edu-mock', `test-${process.pid}`);
const manifest = join(cacheDir, 'manifest.json');
const config = JSON.parse(readFileSync(CONFORM_CONFIG_PATH, 'utf8')) as MockConformConfig;
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

/** Starts `node scripts/start.mjs`, answers what a read and a docs page answer, stops it. */
async function startAndRead(): Promise<{ list: number; groups: unknown; docs: number; stderr: string }> {
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs', '--host', '127.0.0.1', '--port', '0', '--quiet'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, EDU_MOCK_CACHE_DIR: cacheDir },
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  try {
    const base = await waitForListening(child);
    const list = await fetch(`${base}/v1/groups?limit=2`, { headers: { authorization: `Bearer ${config.token}`, 'community-id': config.community } });
    const groups: unknown = await list.json();
    // Not an API operation: served by the Express app, which the server loads on demand.
    const docs = await fetch(`${base}/openapi.json`);
    await docs.arrayBuffer();
    return { list: list.status, groups, docs: docs.status, stderr };
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exit = once(child, 'exit');
      child.kill('SIGTERM');
      await exit;
    }
  }
}

const build = () => (JSON.parse(readFileSync(manifest, 'utf8')) as { build: string }).build;

describe('npm start runs the server from a cached bundle', () => {
  let first: Awaited<ReturnType<typeof startAndRead>>;

  it('builds it on the first start, and the server answers reads and pages', async () => {
    first = await startAndRead();
    expect(first).toMatchObject({ list: 200, docs: 200, stderr: '' });
    expect(first.groups).toHaveLength(2);
    const inputs = Object.keys((JSON.parse(readFileSync(manifest, 'utf8')) as { inputs: Record<string, string> }).inputs);
    expect(inputs).toEqual(
      expect.arrayContaining([join(root, 'mock/server.ts'), join(root, 'mock/http/createApiPipeline.ts'), join(root, 'spec/contract.ts')]),
    );
  });

  it('reuses it while its inputs are unchanged', async () => {
    const before = build();
    expect(await startAndRead()).toEqual(first);
    expect(build()).toBe(before);
  });

  it('rebuilds it when an input changed', async () => {
    const before = build();
    const recorded = JSON.parse(readFileSync(manifest, 'utf8')) as { inputs: Record<string, string> };
    // As if mock/server.ts had been edited since: its recorded size and time no longer match the file.
    recorded.inputs[join(root, 'mock/server.ts')] = '0:0';
    writeFileSync(manifest, JSON.stringify(recorded));
    expect(await startAndRead()).toEqual(first);
    expect(build()).not.toBe(before);
  });
});

describe('npm ci builds the bundle ahead (the prepare script)', () => {
  it('--build-only builds it, starts no server, and leaves a fresh bundle alone', async () => {
    const buildOnly = async () => {
      const child = spawn(process.execPath, ['scripts/start.mjs', '--build-only'], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, EDU_MOCK_CACHE_DIR: cacheDir },
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      const [code] = (await once(child, 'exit')) as [number];
      return { code, out };
    };
    rmSync(cacheDir, { recursive: true, force: true });
    const made = await buildOnly();
    expect(made.code).toBe(0);
    expect(made.out).toMatch(/bundle of the server is ready/);
    expect(made.out).not.toMatch(/listening/);
    const before = build();
    expect((await buildOnly()).code).toBe(0);
    expect(build()).toBe(before);
    expect(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.prepare).toBe('node scripts/start.mjs --build-only');
  });
});

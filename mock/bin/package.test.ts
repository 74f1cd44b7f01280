/**
 * The package as a team meets it: `npm run package` (which builds dist/, the package's root), the tarball installed
 * into an empty folder (dependencies from npm's cache where it has them, else the npm registry), then, with no
 * TypeScript toolchain installed there: `--help` and `--version` of both bins, `edu-mock --port 0`, and
 * `npx edu-conform` against it with --json and --html, run to completion as the README shows, and
 * `npx edu-mock proxy --upstream` in front of it.
 * Where the tarball cannot be installed (no registry, no cache) the test says so and skips.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { waitForListening } from '../../scripts/testing/waitForListening.ts';

const run = promisify(execFile);
const root = new URL('../..', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'edu-pack-'));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
let child: ChildProcess | undefined;
let proxy: ChildProcess | undefined;

afterAll(async () => {
  if (proxy && proxy.exitCode === null) {
    // npx runs the bin as its child: the whole group goes.
    process.kill(-(proxy.pid as number), 'SIGTERM');
    await once(proxy, 'exit');
  }
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
  rmSync(work, { recursive: true, force: true });
});

describe('the npm package', () => {
  it('packs, installs into an empty folder and runs edu-mock and edu-conform without TypeScript', async (ctx) => {
    await run(npm, ['run', 'package', '--silent', '--', '--pack-destination', work], { cwd: root, timeout: 180_000 });
    const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
    expect(tarball).toBeDefined();
    const app = join(work, 'app');
    rmSync(app, { recursive: true, force: true });
    await run('mkdir', ['-p', app]);
    writeFileSync(join(app, 'package.json'), '{"name":"pack-check","private":true}');
    try {
      await run(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', join(work, tarball as string)], {
        cwd: app,
        timeout: 150_000,
      });
    } catch (error) {
      console.warn(`package.test.ts: the tarball could not be installed (no registry or cache here?); skipped: ${(error as Error).message.split('\n')[0]}`);
      ctx.skip();
      return;
    }
    const bin = join(app, 'node_modules', '.bin');
    expect(existsSync(join(app, 'node_modules', 'typescript'))).toBe(false);
    expect(existsSync(join(app, 'node_modules', 'tsx'))).toBe(false);

    const help = await run(process.execPath, [join(bin, 'edu-mock'), '--help'], { cwd: app, timeout: 30_000 });
    expect(help.stdout).toMatch(/^usage: edu-mock \[options\]/);
    for (const flag of ['--port', '--host', '--seed', '--size', '--state-file', '--clock', '--frozen', '--faults', '--quiet', '--public-url'])
      expect(help.stdout).toContain(flag);
    const conformHelp = await run(process.execPath, [join(bin, 'edu-conform'), '--help'], { cwd: app, timeout: 30_000 });
    expect(conformHelp.stdout).toMatch(/^Usage: edu-conform --base-url URL/);
    expect(conformHelp.stdout).not.toContain('npm run conform');
    const installed = JSON.parse(readFileSync(join(app, 'node_modules', 'edu-platform-contract', 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(installed).not.toHaveProperty('private');
    expect(installed).not.toHaveProperty('scripts');
    expect(installed).not.toHaveProperty('devDependencies');
    for (const name of ['edu-mock', 'edu-conform']) {
      const version = await run(process.execPath, [join(bin, name), '--version'], { cwd: app, timeout: 30_000 });
      expect(version.stdout.trim()).toBe(`edu-platform-contract ${installed.version as string}`);
    }

    child = spawn(process.execPath, [join(bin, 'edu-mock'), '--port', '0', '--host', '127.0.0.1', '--quiet'], { cwd: app, stdio: ['ignore', 'pipe', 'pipe'] });
    const base = await waitForListening(child);
    const spec = (await (await fetch(`${base}/openapi.json`)).json()) as { servers: Array<{ url: string }> };
    expect(spec.servers[0]?.url).toBe(base);
    expect((await fetch(`${base}/docs/swagger-ui-bundle.js`)).status).toBe(200);
    expect((await fetch(`${base}/__mock/ui`)).status).toBe(200);
    const groups = await fetch(`${base}/v1/groups?limit=1`, {
      headers: { authorization: 'Bearer dev-colegio-horizonte-coordenator', 'community-id': 'colegio-horizonte' },
    });
    expect(groups.status).toBe(200);

    // The README's line, in a folder that holds nothing but the installed package.
    const config = join('node_modules', 'edu-platform-contract', 'fixtures', 'conform.mock.json');
    const conform = await run(
      npx,
      ['--no-install', 'edu-conform', '--base-url', base, '--config', config, '--seed', '7', '--json', 'out/conform.json', '--html', 'out/conform.html'],
      { cwd: app, timeout: 240_000 },
    ).catch((error: { code?: number; stdout?: string; stderr?: string }) => error);
    expect(conform.stderr ?? '').not.toMatch(/internal error/);
    expect('code' in conform ? conform.code : 0).toBe(0);
    const report = JSON.parse(readFileSync(join(app, 'out', 'conform.json'), 'utf8')) as { certificate: { suite: { version: string }; result: string } };
    expect(report.certificate.suite.version).toBe(installed.version);
    expect(report.certificate.result).toBe('pass');
    expect(readFileSync(join(app, 'out', 'conform.html'), 'utf8')).toMatch(/^<!doctype html>/i);

    // The validating proxy as docs/replay-and-proxy.md starts it from the package: `npx edu-mock proxy --upstream URL`.
    proxy = spawn(npx, ['--no-install', 'edu-mock', 'proxy', '--upstream', base, '--port', '0', '--host', '127.0.0.1'], {
      cwd: app,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const proxied = await waitForListening(proxy, { pattern: /Validating proxy on (http:\/\/\S+)/ });
    const through = await fetch(`${proxied}/v1/groups?limit=1`, {
      headers: { authorization: 'Bearer dev-colegio-horizonte-coordenator', 'community-id': 'colegio-horizonte' },
    });
    expect(through.status).toBe(200);
    expect(through.headers.get('x-contract-violations')).toBeNull();
    const journal = (await (await fetch(`${proxied}/__mock/journal`)).json()) as Array<{ operationId?: string; status?: number }>;
    expect(journal.map((e) => [e.operationId, e.status])).toEqual([['listGroups', 200]]);
  }, 600_000);
});

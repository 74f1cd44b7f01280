/**
 * The server as a user starts it: flags, exit codes, and --state-file across a real restart.
 * Each server binds 127.0.0.1 on port 0 and is stopped by the test.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { waitForListening } from '../scripts/testing/waitForListening.ts';

const root = new URL('..', import.meta.url).pathname;
const running: ChildProcess[] = [];

function server(args: string[], env: Record<string, string> = {}): ChildProcess {
  const host = args.includes('--host') ? [] : ['--host', '127.0.0.1'];
  const child = spawn(process.execPath, ['--import', 'tsx', 'mock/server.ts', ...host, ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  running.push(child);
  return child;
}

async function exited(child: ChildProcess): Promise<{ code: number | null; stderr: string }> {
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stderr };
}

function listening(child: ChildProcess, banner?: { text: string }): Promise<string> {
  // The banner's later lines follow in the same write or just after; give them a moment.
  return waitForListening(child, { ...(banner ? { banner } : {}), settleMs: 100 });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

afterEach(async () => {
  await Promise.all(running.splice(0).map(stop));
});

describe('npm start flags', () => {
  it.each([
    [['--seed', 'abc'], /--seed must be a non-negative integer/],
    [['--port', '70000'], /--port must be a port number/],
    [['--size', 'huge'], /--size must be "default" or "large"/],
    [['--faults', 'no-such-fault'], /unknown fault "no-such-fault"/],
    [['--clock', 'yesterday'], /--clock must be an ISO 8601 date-time/],
    [['--colour'], /Unknown option '--colour'/],
    [['--public-url', '/mock'], /--public-url must be an absolute URL/],
    [['--public-url', 'ftp://x.example'], /--public-url must be http or https/],
  ])('%j exits 2 with a message', async (args, message) => {
    const { code, stderr } = await exited(server(args));
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });

  it('--seed changes the data; --clock sets the mock clock', async () => {
    const child = server(['--port', '0', '--seed', '7', '--clock', '2030-01-01T00:00:00.000Z', '--frozen', '--quiet']);
    const base = await listening(child);
    expect(((await (await fetch(`${base}/__mock`)).json()) as { seed: number }).seed).toBe(7);
    expect(((await (await fetch(`${base}/__mock/clock`)).json()) as { now: string }).now).toBe('2030-01-01T00:00:00.000Z');
  });
});

describe('the banner', () => {
  it('comes once the port is bound and names the address bound; a busy port exits 2 without it', async () => {
    const first = server(['--port', '0', '--quiet']);
    const base = await listening(first);
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const port = new URL(base).port;
    const second = server(['--port', port, '--quiet']);
    let stdout = '';
    second.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    const { code, stderr } = await exited(second);
    expect(code).toBe(2);
    expect(stderr).toMatch(new RegExp(`cannot listen on 127\\.0\\.0\\.1:${port}: .*EADDRINUSE`));
    expect(stdout).not.toMatch(/listening/);
  });

  it('--help lists every option', async () => {
    const child = server(['--help']);
    let stdout = '';
    child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    expect((await exited(child)).code).toBe(0);
    for (const flag of ['--port', '--host', '--public-url', '--seed', '--size', '--state-file', '--clock', '--frozen', '--faults', '--quiet', '--help'])
      expect(stdout).toContain(flag);
  });
});

describe('--state-file', () => {
  it('keeps writes across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mock-server-'));
    const file = join(dir, 'state.json');
    try {
      const first = server(['--port', '0', '--quiet', '--state-file', file]);
      const base = await listening(first);
      const upload = await fetch(`${base}/v2/sync/restart-run/uploadEntities`, {
        method: 'POST',
        headers: { authorization: 'Bearer dev-colegio-horizonte-coordenator', 'community-id': 'colegio-horizonte', 'content-type': 'application/json' },
        body: JSON.stringify({ groups: { data: [{ alias: 'restart-1', name: 'Sobrevive ao reinício', season: '2026' }] } }),
      });
      expect(upload.status).toBe(200);
      await stop(first);

      const second = server(['--port', '0', '--quiet', '--state-file', file]);
      const again = await listening(second);
      const found = await fetch(`${again}/v1/groups/search?alias=restart-1`, {
        headers: { authorization: 'Bearer dev-colegio-horizonte-coordenator', 'community-id': 'colegio-horizonte' },
      });
      expect(((await found.json()) as { hits: Array<{ name: string }> }).hits.map((g: { name: string }) => g.name)).toEqual(['Sobrevive ao reinício']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('stubs at start and across a crash', () => {
  it('--stubs FILE serves its stubs; a stub added with --state-file survives kill -9', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mock-stubs-'));
    const stubs = join(dir, 'stubs.json');
    const state = join(dir, 'state.json');
    const auth = { authorization: 'Bearer dev-colegio-horizonte-coordenator', 'community-id': 'colegio-horizonte' };
    try {
      writeFileSync(stubs, JSON.stringify({ stubs: [{ operationId: 'listGroups', status: 503, headers: { 'Retry-After': '2' } }] }));
      const first = server(['--port', '0', '--quiet', '--state-file', state, '--stubs', stubs]);
      const base = await listening(first);
      const stubbed = await fetch(`${base}/v1/groups`, { headers: auth });
      expect([stubbed.status, stubbed.headers.get('retry-after')]).toEqual([503, '2']);
      const added = await fetch(`${base}/__mock/stubs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-mock-session': 'alice' },
        body: JSON.stringify({ operationId: 'getGroup', status: 418 }),
      });
      expect(added.status).toBe(201);
      first.kill('SIGKILL');
      await once(first, 'exit');
      // Gone by a signal: exitCode stays null, so it is no longer one to stop.
      running.splice(running.indexOf(first), 1);

      const second = server(['--port', '0', '--quiet', '--state-file', state]);
      const again = await listening(second);
      const listed = (await (await fetch(`${again}/__mock/stubs`, { headers: { 'x-mock-session': 'alice' } })).json()) as { stubs: { status: number }[] };
      expect(listed.stubs.map((s) => s.status)).toEqual([418]);
      await stop(second);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('--state-file that cannot be used', () => {
  it('a folder that does not exist is refused at start, naming the path', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mock-server-'));
    const file = join(dir, 'missing', 'state.json');
    try {
      const { code, stderr } = await exited(server(['--port', '0', '--quiet', '--state-file', file]));
      expect(code).toBe(2);
      expect(stderr).toContain(`cannot write the state file ${file}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a corrupt file stops the start, naming the file and where, and is kept byte for byte', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mock-server-'));
    const file = join(dir, 'state.json');
    const broken = '{"seed": 1, "groups": [{"alias": "unterminated}';
    writeFileSync(file, broken);
    try {
      const { code, stderr } = await exited(server(['--port', '0', '--quiet', '--state-file', file]));
      expect(code).toBe(2);
      expect(stderr).toMatch(
        new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: the snapshot is not valid JSON at line 1, column \\d+ \\(byte \\d+\\)`),
      );
      expect(readFileSync(file, 'utf8')).toBe(broken);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('bound beyond loopback', () => {
  it('says so plainly, and the controls need the admin token (generated, or from MOCK_ADMIN_TOKEN)', async () => {
    const banner = { text: '' };
    const child = server(['--host', '0.0.0.0', '--port', '0', '--quiet'], { MOCK_ADMIN_TOKEN: '' });
    const base = await listening(child, banner);
    expect(banner.text).toMatch(/listening on http:\/\/0\.0\.0\.0:\d+/);
    expect(banner.text).toContain('REACHABLE FROM THE NETWORK');
    const token = /Authorization: Bearer (\S+) \(generated now/.exec(banner.text)?.[1];
    expect(token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const local = base.replace('0.0.0.0', '127.0.0.1');
    expect((await fetch(`${local}/__mock/state`)).status).toBe(401);
    expect((await fetch(`${local}/__mock/reset`, { method: 'POST' })).status).toBe(401);
    expect((await fetch(`${local}/__mock/clock`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect(
      (
        await fetch(`${local}/v1/groups?limit=1`, {
          headers: { authorization: 'Bearer dev-colegio-horizonte-coordenator', 'community-id': 'colegio-horizonte' },
        })
      ).status,
    ).toBe(200);
  });

  it('--admin-token and --public-url are used as given', async () => {
    const banner = { text: '' };
    const child = server(['--host', '0.0.0.0', '--port', '0', '--quiet', '--admin-token', 'team-key', '--public-url', 'https://mock.example.com.br']);
    await listening(child, banner);
    expect(banner.text).toContain('reach it at https://mock.example.com.br');
    expect(banner.text).toContain('Bearer team-key (the admin token you gave)');
  });
});

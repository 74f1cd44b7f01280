/**
 * `npm run dev` across a restart (what tsx watch does on every save: SIGTERM, start again): the faults, the
 * clock, the latency and the journal a developer set up are still there. And a spec saved with an error keeps
 * the last good one serving, with a message naming the file, line and reason.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_SPEC_PATH, SpecError } from '../../spec/loadDocument.ts';
import { createDeps } from '../createDeps.ts';
import { devSpecFile } from './devSpec.ts';

const root = new URL('../..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'mock-dev-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function start(args: string[]): Promise<{ child: ChildProcess; base: string; out: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'mock/server.ts', '--host', '127.0.0.1', '--port', '0', '--quiet', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const base = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1] as string);
    });
    child.once('exit', (code) => reject(new Error(`exited (${code}) before listening: ${out}`)));
  });
  return { child, base, out: () => out };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exit = once(child, 'exit');
  child.kill('SIGTERM');
  await exit;
}

const json = async (res: Promise<Response>): Promise<any> => (await res).json();
const send = (base: string, method: string, path: string, body: unknown) =>
  fetch(`${base}${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.arrayBuffer());

describe('npm run dev across a restart', () => {
  it('keeps faults, clock, latency and journal of each session', { timeout: 60_000 }, async () => {
    const args = ['--state-file', join(dir, 'state.json'), '--dev-state', join(dir, 'controls.json')];
    const first = await start(args);
    let before: string;
    try {
      await send(first.base, 'PUT', '/__mock/faults', { active: ['group-alias-capitalised'] });
      await send(first.base, 'PUT', '/__mock/latency', { ms: 5, jitterMs: 0 });
      await send(first.base, 'POST', '/__mock/clock/advance', { seconds: 30 * 86_400 });
      before = (await json(fetch(`${first.base}/__mock/clock`))).now;
      await fetch(`${first.base}/v1/groups?limit=1`, {
        headers: { authorization: 'Bearer dev-colegio-horizonte-coordenator', 'community-id': 'colegio-horizonte' },
      }).then((r) => r.arrayBuffer());
      await fetch(`${first.base}/v1/groups`, { headers: { 'x-mock-session': 'team-a', 'community-id': 'colegio-horizonte' } }).then((r) => r.arrayBuffer());
    } finally {
      await stop(first.child);
    }
    expect((statSync(join(dir, 'controls.json')).mode & 0o777).toString(8)).toBe('600');
    const second = await start(args);
    try {
      expect((await json(fetch(`${second.base}/__mock/faults`))).active).toEqual(['group-alias-capitalised']);
      expect(await json(fetch(`${second.base}/__mock/latency`))).toMatchObject({ ms: 5, jitterMs: 0 });
      const now = Date.parse((await json(fetch(`${second.base}/__mock/clock`))).now);
      // Still a month ahead (a running clock goes on from where it was, plus the restart's few seconds).
      expect(now).toBeGreaterThanOrEqual(Date.parse(before));
      expect(now - Date.parse(before)).toBeLessThan(60_000);
      const journal = (await json(fetch(`${second.base}/__mock/journal`))) as Array<{ path: string; status: number }>;
      expect(journal.map((e) => `${e.path} ${e.status}`)).toContain('/v1/groups 200');
      const teamA = (await json(fetch(`${second.base}/__mock/journal`, { headers: { 'x-mock-session': 'team-a' } }))) as Array<{ status: number }>;
      expect(teamA.map((e) => e.status)).toEqual([401]);
      expect(second.out()).toMatch(/controls kept from before the restart/);
    } finally {
      await stop(second.child);
    }
  });
});

describe('a spec saved with an error', () => {
  it('keeps the last good spec serving, and says what is wrong and where', () => {
    const spec = join(dir, 'openapi.yaml');
    const lastGood = join(dir, 'last-good.yaml');
    copyFileSync(DEFAULT_SPEC_PATH, spec);
    const warnings: string[] = [];
    expect(devSpecFile(lastGood, (l) => warnings.push(l), spec)).toBe(spec);
    expect(readFileSync(lastGood, 'utf8')).toBe(readFileSync(spec, 'utf8'));
    // A typo: an unclosed flow sequence on line 3.
    const lines = readFileSync(spec, 'utf8').split('\n');
    lines.splice(2, 0, 'x-typo: [unclosed');
    writeFileSync(spec, lines.join('\n'));
    expect(devSpecFile(lastGood, (l) => warnings.push(l), spec)).toBe(lastGood);
    expect(warnings.join('\n')).toMatch(/THE SPEC HAS AN ERROR, still serving the last good one/);
    expect(warnings.join('\n')).toContain(`${spec}:`);
    // The last good copy is a spec the mock starts from.
    const deps = createDeps({ specFile: lastGood, compile: 'lazy' });
    expect(deps.contract.operations.has('listGroups')).toBe(true);
  });

  it('with no good copy yet (the first start), the error stands', () => {
    const spec = join(dir, 'broken.yaml');
    writeFileSync(spec, 'openapi: 3.1.0\ninfo: [unclosed\n');
    expect(() => devSpecFile(join(dir, 'none.yaml'), () => undefined, spec)).toThrow(SpecError);
  });
});

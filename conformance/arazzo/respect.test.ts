import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { flowArazzo } from '../../scripts/flowArazzo.ts';
import { startMockTarget } from '../testing/startMockTarget.ts';
import type { ArazzoDocument } from './harToArazzo.ts';

const dir = mkdtempSync(join(tmpdir(), 'arazzo-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A process run to its end, its output kept; the test waits on it without blocking the in-process mock. */
function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, NO_COLOR: '1', REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('a recorded flow as an Arazzo workflow', () => {
  it('is exported from the mock HAR with ids carried between steps, and passes redocly respect against the mock', { timeout: 120_000 }, async () => {
    const mock = await startMockTarget();
    try {
      const { config } = mock;
      const headers = { authorization: `Bearer ${config.token}`, 'community-id': config.community as string, accept: 'application/json' };
      const groups = (await (await fetch(`${mock.url}/v1/groups?limit=3`, { headers })).json()) as Array<{ _id: string }>;
      expect((await fetch(`${mock.url}/v1/groups/${groups[1]!._id}`, { headers })).status).toBe(200);
      const upload = await fetch(`${mock.url}/v2/sync/run-arazzo-1/uploadEntities`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ groups: { data: [{ alias: 'arazzo-7b', name: 'Turma Arazzo', season: '2026', active: true }] } }),
      });
      expect(upload.status).toBe(200);
      expect((await fetch(`${mock.url}/v1/groups/search?alias=arazzo-7b`, { headers })).status).toBe(200);
      const har = join(dir, 'flow.har');
      writeFileSync(har, await (await fetch(`${mock.url}/__mock/journal/har`)).text());

      const out = join(dir, 'flow.arazzo.yaml');
      const lines: string[] = [];
      expect(flowArazzo([har, '--out', out], { stdout: (l) => lines.push(l), stderr: (l) => lines.push(l) })).toBe(0);
      const doc = parse(readFileSync(out, 'utf8')) as ArazzoDocument;
      const steps = doc.workflows[0]!.steps;
      expect(steps.map((s) => s.operationId)).toEqual(['listGroups', 'getGroup', 'uploadSyncEntities', 'searchGroups']);
      expect(steps[0]!.outputs).toEqual({ id1: '$response.body#/1/_id' });
      expect(steps[1]!.parameters).toContainEqual({ name: 'groupId', in: 'path', value: '$steps.listGroups1.outputs.id1' });
      expect(steps.every((s) => s.successCriteria[0]?.condition === '$statusCode == 200')).toBe(true);

      // An independent runner is the judge: Redocly's respect runs the exported workflow against the mock.
      const respect = await run(process.execPath, [
        join('node_modules', '@redocly', 'cli', 'bin', 'cli.js'),
        'respect',
        out,
        '--server',
        `api=${mock.url}`,
        '--input',
        `authorization=Bearer ${config.token}`,
        ...(process.env.RESPECT_VERBOSE ? ['--verbose'] : []),
      ]);
      expect(respect.output).toMatch(/Workflows: 1 passed, 1 total/);
      expect(respect.output).toMatch(/Steps: 4 passed, 4 total/);
      expect(respect.code, respect.output).toBe(0);
    } finally {
      await mock.close();
    }
  });
});

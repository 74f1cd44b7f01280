/**
 * `edu-mock mcp` as an agent starts it: a process on stdio (the package's bin through tsx), driven by the SDK's
 * own client. The mock inside listens on a free port for the app; the agent finds it, breaks a session, sees
 * the app's request in the journal, gets the suite's verdict with reproducers; closing the client ends the
 * process. One process for the file.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
let client: Client;
let transport: StdioClientTransport;
let stderr = '';

async function call(name: string, args: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return result.structuredContent as Record<string, unknown>;
}

/** Whether a process id is still alive (signal 0 only asks). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', 'mock/bin/edu-mock.ts', 'mcp', '--port', '0', '--quiet'],
    cwd: root,
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  client = new Client({ name: 'stdio-test', version: '1' });
  await client.connect(transport);
}, 60_000);

afterAll(async () => {
  const pid = transport.pid;
  await client.close();
  if (pid !== null && alive(pid)) process.kill(pid, 'SIGKILL');
});

describe('edu-mock mcp over stdio', () => {
  it('finds the mock, breaks a session, sees the app request in its journal, and gets a failing verdict with reproducers', async () => {
    const seed = await call('list_seed_data', { groupsPerCommunity: 1 });
    const baseUrl = seed.baseUrl as string;
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(stderr).toContain(`the mock listens on ${baseUrl}`);
    const token = (seed.tokens as Array<{ token: string; communities: string[] }>).find((t) => t.communities.includes('colegio-horizonte'))!.token;

    await call('create_session', { name: 'error-screen' });
    await call('set_faults', { session: 'error-screen', active: ['server-error-on-season-filter'] });
    // The app under development, over HTTP, in its session.
    const res = await fetch(`${baseUrl}/v1/groups?season=2026`, {
      headers: { authorization: `Bearer ${token}`, 'community-id': 'colegio-horizonte', 'x-mock-session': 'error-screen' },
    });
    expect(res.status).toBe(500);
    const journal = await call('query_journal', { session: 'error-screen', status: '5xx' });
    expect(journal.entries).toEqual([expect.objectContaining({ method: 'GET', path: '/v1/groups', status: 500, operationId: 'listGroups' })]);

    const verdict = await call('run_conformance', { session: 'error-screen', areas: ['groups'], generate: 0 });
    expect(verdict.verdict).toBe('fail');
    const failures = verdict.failures as Array<{ check: string; curl: string }>;
    expect(failures.map((f) => f.check)).toContain('no-server-error');
    expect(failures.find((f) => f.check === 'no-server-error')!.curl).toMatch(/season=.*'x-mock-session: error-screen'/);

    await call('set_faults', { session: 'error-screen', active: [] });
    await call('reset_session', { session: 'error-screen' });
    // Asked for, progress comes as the run goes: one notification per case (MCP notifications/progress).
    const progress: string[] = [];
    const healed = (await client.callTool({ name: 'run_conformance', arguments: { session: 'error-screen', areas: ['groups'], generate: 0 } }, undefined, {
      onprogress: (p) => progress.push(p.message ?? ''),
    })) as CallToolResult;
    expect(healed.structuredContent?.verdict).toBe('pass');
    const counts = healed.structuredContent?.counts as { passed: number; failed: number; skipped: number };
    expect(progress.length).toBe(counts.passed + counts.failed + counts.skipped);
    expect(progress[0]).toMatch(/^groups: /);
  }, 60_000);

  it('ends when the client closes stdin', async () => {
    const pid = transport.pid as number;
    expect(alive(pid)).toBe(true);
    await client.close();
    // Bounded by a count of checks, not by a clock the machine's load could stretch.
    for (let i = 0; i < 200 && alive(pid); i++) await new Promise((r) => setTimeout(r, 25));
    expect(alive(pid)).toBe(false);
  });
});

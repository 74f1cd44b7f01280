/**
 * A client nobody here wrote: the CLI of the MCP Inspector (`@modelcontextprotocol/inspector-cli`), each call
 * a process of its own, against a running mock's /__mock/mcp (Streamable HTTP), so the state carries from one
 * call to the next as it does for an agent: a session made and broken, the app's request sent, found in the
 * journal, the suite run against the mock and its verdict read. One mock for the file.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningMock, startMock } from '../node/startMock.ts';

const run = promisify(execFile);
// The CLI's own entry (its package's bin launches the web inspector; build/index.js is the CLI mode).
const inspector = join(dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector-cli/package.json')), 'build', 'index.js');
let mock: RunningMock;

/** One call of the inspector's CLI: its JSON answer on stdout. */
async function inspect(method: string, extra: string[] = []): Promise<Record<string, unknown>> {
  const { stdout } = await run(process.execPath, [inspector, `${mock.url}/__mock/mcp`, '--transport', 'http', '--method', method, ...extra], {
    // Its own build folder: the CLI looks for its package.json by a path relative to the working folder (1.0.3).
    cwd: dirname(inspector),
    timeout: 60_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout) as Record<string, unknown>;
}

/** tools/call with `--tool-arg key=value` pairs (the CLI parses each value as JSON when it can). */
async function tool(name: string, args: Record<string, unknown> = {}): Promise<{ isError?: boolean; structuredContent: Record<string, unknown> }> {
  const pairs = Object.entries(args).flatMap(([k, v]) => ['--tool-arg', `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`]);
  return (await inspect('tools/call', ['--tool-name', name, ...pairs])) as { isError?: boolean; structuredContent: Record<string, unknown> };
}

beforeAll(async () => {
  mock = await startMock({});
});
afterAll(async () => {
  await mock.close();
});

describe('the MCP Inspector CLI against /__mock/mcp', () => {
  it('lists the tools and reads the decisions', async () => {
    const { tools } = (await inspect('tools/list')) as { tools: Array<{ name: string; inputSchema: { type: string } }> };
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['create_session', 'set_faults', 'query_journal', 'run_conformance']));
    const read = (await inspect('resources/read', ['--uri', 'edu-mock://spec/DECISIONS.md'])) as { contents: Array<{ text: string }> };
    expect(read.contents[0]!.text).toMatch(/^# Decisions/);
  }, 60_000);

  it('an agent flow: create a session, break it, make a request, find it in the journal, run the suite, read the verdict', async () => {
    expect((await tool('create_session', { name: 'inspected' })).structuredContent).toMatchObject({ name: 'inspected', created: true });
    const broken = await tool('set_faults', { session: 'inspected', active: ['server-error-on-season-filter'], operationId: 'listGroups' });
    expect(broken.isError).toBeFalsy();
    const sent = await tool('send_request', {
      method: 'GET',
      path: '/v1/groups?season=2026',
      headers: { authorization: 'Bearer dev-colegio-horizonte-coordenator', 'community-id': 'colegio-horizonte' },
      session: 'inspected',
    });
    expect(sent.structuredContent.status).toBe(500);
    const found = await tool('count_journal', { session: 'inspected', operationId: 'listGroups', status: '500' });
    expect(found.structuredContent.count).toBe(1);
    const verdict = await tool('run_conformance', { session: 'inspected', areas: ['groups'], generate: 0 });
    expect(verdict.structuredContent).toMatchObject({ verdict: 'fail', baseUrl: mock.url });
    expect((verdict.structuredContent.failures as Array<{ check: string }>).map((f) => f.check)).toContain('no-server-error');
    // Refusals reach this client as tool errors too.
    const refused = await tool('run_conformance', { baseUrl: 'https://staging.example.org' });
    expect(refused.isError).toBe(true);
  }, 120_000);
});

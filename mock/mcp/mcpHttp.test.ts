/**
 * The MCP server on a running mock (/__mock/mcp, Streamable HTTP), driven by the SDK's own client: every tool
 * listed with an input schema, an agent's flow (a session made, broken, a request seen in its journal), each
 * refusal a tool error that changes nothing, the controls' guards, the resources. One mock for the file.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { mockMiddleware } from '../node/mockMiddleware.ts';
import { type RunningMock, startMock } from '../node/startMock.ts';

const TOKEN = 'dev-colegio-horizonte-coordenator';
let mock: RunningMock;
let guarded: RunningMock;
let client: Client;

async function call(name: string, args: Record<string, unknown> = {}): Promise<CallToolResult & { structuredContent: Record<string, unknown> }> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult & { structuredContent: Record<string, unknown> };
}

beforeAll(async () => {
  mock = await startMock({ clock: { now: '2026-03-01T12:00:00.000Z', frozen: true } });
  guarded = await startMock({ adminToken: 'admin-secret' });
  client = new Client({ name: 'test', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${mock.url}/__mock/mcp`)));
});
afterAll(async () => {
  await client.close();
  await mock.close();
  await guarded.close();
});

describe('/__mock/mcp', () => {
  it('lists every tool, each with an input schema and a description, and the two resources', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        'count_journal',
        'create_session',
        'delete_session',
        'describe_operation',
        'export_har',
        'get_clock',
        'get_latency',
        'list_faults',
        'list_seed_data',
        'list_sessions',
        'list_stubs',
        'add_stub',
        'remove_stub',
        'clear_stubs',
        'serve_har',
        'query_journal',
        'reset_session',
        'run_conformance',
        'send_request',
        'set_clock',
        'set_faults',
        'set_latency',
      ].sort(),
    );
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(tool.description?.length, tool.name).toBeGreaterThan(30);
    }
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri).sort()).toEqual(['edu-mock://spec/DECISIONS.md', 'edu-mock://spec/openapi']);
  });

  it('an agent makes a session, breaks one operation for one request, sees both requests in its own journal and nowhere else', async () => {
    expect((await call('create_session', { name: 'agent-1' })).structuredContent).toEqual({
      name: 'agent-1',
      created: true,
      headers: { 'x-mock-session': 'agent-1' },
    });
    const faults = await call('list_faults', { session: 'agent-1' });
    const available = faults.structuredContent.available as Array<{ name: string; operations: string[] | 'all' }>;
    const fault = available.find((f) => f.operations === 'all' || f.operations.includes('listGroups'));
    expect(fault).toBeDefined();
    const set = await call('set_faults', { session: 'agent-1', active: [fault!.name], operationId: 'listGroups', times: 1 });
    expect(set.isError).toBeFalsy();
    expect(set.structuredContent.rules).toEqual([{ active: [fault!.name], operationId: 'listGroups', times: 1 }]);

    const headers = { authorization: `Bearer ${TOKEN}`, 'community-id': 'colegio-horizonte' };
    const first = await call('send_request', { method: 'GET', path: '/v1/groups?limit=2', headers, session: 'agent-1' });
    const second = await call('send_request', { method: 'GET', path: '/v1/groups?limit=2', headers, session: 'agent-1' });
    expect(second.structuredContent.status).toBe(200);
    expect(first.content[0]).toMatchObject({ type: 'text', text: expect.stringMatching(/^GET \/v1\/groups\?limit=2 → \d{3}/) });

    const journal = await call('query_journal', { session: 'agent-1', operationId: 'listGroups' });
    const entries = journal.structuredContent.entries as Array<{ session: string; status: number; request: { headers: Record<string, string> } }>;
    expect(entries).toHaveLength(2);
    expect(entries.every((e) => e.session === 'agent-1')).toBe(true);
    // The token is masked in what the journal shows.
    expect(JSON.stringify(entries)).not.toContain(TOKEN);
    expect((await call('count_journal', { session: 'agent-1', operationId: 'listGroups', status: 200 })).structuredContent.count).toBe(
      entries.filter((e) => e.status === 200).length,
    );
    // The default session saw none of it.
    expect((await call('count_journal', { operationId: 'listGroups' })).structuredContent.count).toBe(0);
    const har = (await call('export_har', { session: 'agent-1' })).structuredContent as { fileName: string; har: { log: { entries: unknown[] } } };
    expect(har.har.log.entries).toHaveLength(2);
    expect(har.fileName).toMatch(/agent-1.*\.har$/);
  });

  it.each<[string, Record<string, unknown>, RegExp]>([
    ['set_faults', { active: ['no-such-fault'] }, /^invalid_request: Send \{"active"/],
    ['set_faults', { active: [], operationId: 'noSuchOperation' }, /operationId must be one of/],
    ['set_latency', { ms: 10, times: 0 }, /times/],
    ['set_clock', { now: 'yesterday' }, /ISO 8601/],
    ['set_clock', {}, /either `now` or `advanceSeconds`/],
    ['delete_session', { name: 'default' }, /cannot be dropped/],
    ['describe_operation', { operationId: 'nope' }, /^not_found: No operation "nope"/],
    ['run_conformance', { baseUrl: 'https://api.example.com' }, /^target_not_allowed: .*--conform-target https:\/\/api\.example\.com/],
    ['run_conformance', { baseUrl: 'http://user:pw@127.0.0.1:1' }, /carries no credentials/],
    ['run_conformance', { baseUrl: 'file:///etc/passwd' }, /Only http and https/],
    ['send_request', { method: 'GET', path: '//example.com/x' }, /only this mock/],
  ])('%s %j is a tool error that changes nothing', async (tool, args, message) => {
    const state = async () => [
      ...(await Promise.all([call('list_faults'), call('get_latency'), call('get_clock')])).map((r) => r.structuredContent),
      // The sessions, less when each was last used (reading a control uses it).
      ((await call('list_sessions')).structuredContent.sessions as Array<Record<string, unknown>>).map(({ lastUsedAt: _, ...s }) => s),
    ];
    const before = await state();
    const result = await call(tool, args);
    expect(result.isError).toBe(true);
    expect((result.content[0] as { text: string }).text).toMatch(message);
    expect(await state()).toEqual(before);
  });

  it('the clock and latency tools set what the /__mock routes read', async () => {
    await call('set_clock', { session: 'clocked', now: '2026-05-01T08:00:00.000Z' });
    await call('set_clock', { session: 'clocked', advanceSeconds: 3600 });
    const res = await fetch(`${mock.url}/__mock/clock`, { headers: { 'x-mock-session': 'clocked' } });
    expect(((await res.json()) as { now: string }).now).toBe('2026-05-01T09:00:00.000Z');
    await call('set_latency', { session: 'clocked', ms: 5, operationId: 'getGroup', times: 2 });
    const latency = await fetch(`${mock.url}/__mock/latency`, { headers: { 'x-mock-session': 'clocked' } });
    expect(await latency.json()).toEqual({ ms: 0, jitterMs: 0, rules: [{ ms: 5, jitterMs: 0, operationId: 'getGroup', times: 2 }] });
  });

  it('runs the suite against the mock: a pass in a fresh session, a failure with its reproducer in one broken on purpose', async () => {
    // Progress comes on the request's own event stream, one notification per case.
    let progress = 0;
    const run = (await client.callTool({ name: 'run_conformance', arguments: { areas: ['groups'], generate: 0, session: 'fresh' } }, undefined, {
      onprogress: () => void progress++,
    })) as CallToolResult;
    const fresh = run.structuredContent as Record<string, unknown>;
    expect(fresh).toMatchObject({ verdict: 'pass', baseUrl: mock.url, failures: [] });
    expect(progress).toBeGreaterThan(0);
    await call('set_faults', { session: 'broken', active: ['ignore-active-filter'] });
    const broken = (await call('run_conformance', { areas: ['groups'], generate: 0, session: 'broken' })).structuredContent;
    const failures = broken.failures as Array<{ check: string; curl: string; operationId: string }>;
    expect(broken.verdict).toBe('fail');
    expect(failures.length).toBeGreaterThan(0);
    // Each reproducer names the broken session, so it replays against exactly that state.
    expect(failures[0]!.curl).toMatch(/^curl .*'x-mock-session: broken'/);
    expect(failures[0]!.operationId).toBe('listGroups');
    // The suite's requests went to the sessions it was run in.
    expect((await call('count_journal', { session: 'broken' })).structuredContent.count).toBe(broken.requests);
  });

  it('stubs: the next listGroups answers 503 with Retry-After once, a reset fails the connection, a recording is served back', async () => {
    const headers = { authorization: `Bearer ${TOKEN}`, 'community-id': 'colegio-horizonte' };
    const added = await call('add_stub', { session: 'stubbed', operationId: 'listGroups', status: 503, headers: { 'Retry-After': '2' }, times: 1 });
    expect(added.isError).toBeFalsy();
    const id = added.structuredContent.id as string;
    const first = (await call('send_request', { method: 'GET', path: '/v1/groups', headers, session: 'stubbed' })).structuredContent;
    expect(first.status).toBe(503);
    expect((first.headers as Record<string, string>)['retry-after']).toBe('2');
    expect((await call('send_request', { method: 'GET', path: '/v1/groups?limit=1', headers, session: 'stubbed' })).structuredContent.status).toBe(200);
    expect((await call('list_stubs', { session: 'stubbed' })).structuredContent.stubs).toEqual([expect.objectContaining({ id, matched: 1, remaining: 0 })]);
    expect((await call('remove_stub', { session: 'stubbed', id })).isError).toBeFalsy();

    await call('add_stub', { session: 'stubbed', operationId: 'getGroup', fault: 'reset' });
    const reset = await call('send_request', { method: 'GET', path: '/v1/groups/000000000000000000000000', headers, session: 'stubbed' });
    expect(reset.structuredContent.error).toBeDefined();
    await call('clear_stubs', { session: 'stubbed' });
    expect((await call('list_stubs', { session: 'stubbed' })).structuredContent.stubs).toEqual([]);

    // What one session answered, served back by another from its HAR.
    const har = (await call('export_har', { session: 'stubbed', operationId: 'listGroups', status: 200 })).structuredContent.har;
    const served = await call('serve_har', { session: 'replayed', har });
    expect(served.structuredContent.stubs).toHaveLength(1);
    const again = (await call('send_request', { method: 'GET', path: '/v1/groups?limit=1', headers, session: 'replayed' })).structuredContent;
    expect(again.status).toBe(200);
    // The recorded answer answered it, not the stateful mock.
    expect((await call('list_stubs', { session: 'replayed' })).structuredContent.stubs).toEqual([expect.objectContaining({ matched: 1 })]);
  });

  it.each<[string, Record<string, unknown>, RegExp]>([
    ['an unknown operation', { operationId: 'nope', status: 500 }, /operationId/],
    ['a hang with a status', { operationId: 'listGroups', fault: 'hang', status: 500 }, /./],
    ['no stub of that id', { id: 'missing' }, /^not_found: No stub "missing"/],
  ])('stubs: %s is a tool error, and no stub is added', async (_name, args, message) => {
    const result = await call('id' in args ? 'remove_stub' : 'add_stub', { session: 'refused', ...args });
    expect(result.isError).toBe(true);
    expect((result.content[0] as { text: string }).text).toMatch(message);
    expect((await call('list_stubs', { session: 'refused' })).structuredContent.stubs).toEqual([]);
  });

  it('says when nothing answers at a loopback target, rather than judging it', async () => {
    const result = await call('run_conformance', { baseUrl: 'http://127.0.0.1:1', config: { community: 'x', token: 't' }, areas: ['groups'] });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ verdict: 'unreachable', baseUrl: 'http://127.0.0.1:1', failures: [] });
  });

  it('describes an operation with its parameters, an example and the decisions that apply', async () => {
    const listGroups = (await call('describe_operation', { operationId: 'listGroups' })).structuredContent;
    expect(listGroups).toMatchObject({ operationId: 'listGroups', method: 'GET', path: '/v1/groups' });
    const pointers = (listGroups.decisions as Array<{ pointer: string }>).map((d) => d.pointer);
    expect(pointers).toEqual(expect.arrayContaining(['#/components/parameters/Limit', '#/components/parameters/Sort', '#/components/headers/XTotalCount']));
    expect(Object.keys((listGroups.examples as { responses: object }).responses)).toContain('200');
    const byPath = (await call('describe_operation', { method: 'post', path: '/v1/appmaker/apps/app-x/installations/colegio-horizonte/approve' }))
      .structuredContent;
    expect(byPath.operationId).toBe('approveAppInstallation');
    const all = (await call('describe_operation')).structuredContent.operations as unknown[];
    expect(all.length).toBeGreaterThanOrEqual(13);
  });

  it('lists the seeded data an app needs: communities with sample groups, tokens, apps', async () => {
    const data = (await call('list_seed_data', { groupsPerCommunity: 2 })).structuredContent as {
      baseUrl: string;
      communities: Array<{ id: string; sampleGroups: unknown[]; groups: number }>;
      tokens: Array<{ token: string }>;
    };
    expect(data.baseUrl).toBe(mock.url);
    expect(data.communities[0]).toMatchObject({ id: 'colegio-horizonte' });
    expect(data.communities[0]!.sampleGroups).toHaveLength(2);
    expect(data.tokens.map((t) => t.token)).toContain(TOKEN);
  });

  it('reads the decisions and the spec as resources', async () => {
    const decisions = await client.readResource({ uri: 'edu-mock://spec/DECISIONS.md' });
    expect((decisions.contents[0] as { text: string }).text).toMatch(/^# Decisions/);
    const spec = await client.readResource({ uri: 'edu-mock://spec/openapi' });
    expect((spec.contents[0] as { text: string }).text).toMatch(/openapi: 3\.1/);
  });

  it.each<[string, Record<string, string>, number, string]>([
    ['a page of another site', { origin: 'http://evil.example' }, 403, 'cross_site_request'],
    ['no admin token', {}, 401, 'admin_token_required'],
    ['a wrong admin token', { authorization: 'Bearer nope' }, 401, 'admin_token_required'],
  ])('is refused to %s, as every control is', async (_name, headers, status, code) => {
    const target = code === 'cross_site_request' ? mock : guarded;
    const res = await fetch(`${target.url}/__mock/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(status);
    expect(((await res.json()) as { code: string }).code).toBe(code);
  });

  it('answers a client that brings the admin token', async () => {
    const other = new Client({ name: 'admin', version: '1' });
    await other.connect(
      new StreamableHTTPClientTransport(new URL(`${guarded.url}/__mock/mcp`), { requestInit: { headers: { authorization: 'Bearer admin-secret' } } }),
    );
    expect((await other.listTools()).tools.length).toBeGreaterThan(10);
    await other.close();
  });

  it('under a host app mount path: the tools reach the mock there', async () => {
    const host = express();
    host.use('/api', mockMiddleware());
    const server = host.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const mounted = new Client({ name: 'mounted', version: '1' });
    try {
      await mounted.connect(new StreamableHTTPClientTransport(new URL(`${origin}/api/__mock/mcp`)));
      const seed = (await mounted.callTool({ name: 'list_seed_data', arguments: { groupsPerCommunity: 0 } })) as CallToolResult;
      expect(seed.structuredContent?.baseUrl).toBe(`${origin}/api`);
      const sent = (await mounted.callTool({
        name: 'send_request',
        arguments: { method: 'GET', path: '/v1/groups?limit=1', headers: { authorization: `Bearer ${TOKEN}`, 'community-id': 'colegio-horizonte' } },
      })) as CallToolResult;
      expect(sent.structuredContent?.status).toBe(200);
    } finally {
      await mounted.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

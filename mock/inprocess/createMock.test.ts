/**
 * Same answers everywhere: for one seed and a frozen clock, `mock.fetch` answers a corpus of requests (every
 * API operation, their errors, sessions, Prefer, unknown routes) with the status, the headers that matter and
 * the body bytes the node:http server answers, request after request on the same evolving state, and each
 * session's controls mean what the `/__mock` routes mean.
 */
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFrozenClock } from '../clock.ts';
import { createDeps, type MockDeps } from '../createDeps.ts';
import { createMockApi } from '../createMockApi.ts';
import { faultCatalog } from '../faults/catalog.ts';
import { createMockServer } from '../http/createMockServer.ts';
import { DEFAULT_SESSION } from '../sessions/SessionRegistry.ts';
import type { JournalEntry } from '../journal/JournalEntry.ts';
import { answerCorpus, auth, json, pick, sentRequest } from '../testing/answerCorpus.ts';
import { createMock, type Mock } from './createMock.ts';

const NOW = '2026-03-01T12:00:00.000Z';

let deps: MockDeps;
let server: Server;
let baseUrl: string;
let mock: Mock;

beforeAll(async () => {
  // The server as mock/server.ts builds it: every request to the node:http mount of the one lifecycle.
  deps = createDeps({ clock: createFrozenClock(NOW) });
  const api = createMockApi(deps, { faultCatalog });
  server = createMockServer(api).listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  mock = createMock({ clock: { now: NOW, frozen: true } });
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await once(server, 'close');
});

const CORPUS = answerCorpus(() => deps.sessions.use(DEFAULT_SESSION).store);

describe('mock.fetch answers as the node:http server does', () => {
  it.each(CORPUS)('%s', async (_name, sent) => {
    const { path, init } = sentRequest(sent);
    const fromServer = await fetch(baseUrl + path, init);
    const fromMock = await mock.fetch(new Request(baseUrl + path, init));
    const [serverText, mockText] = await Promise.all([fromServer.text(), fromMock.text()]);
    expect({ status: fromMock.status, headers: pick(fromMock.headers), body: mockText }).toEqual({
      status: fromServer.status,
      headers: pick(fromServer.headers),
      body: serverText,
    });
    expect(fromServer.headers.get('x-contract-violations')).toBeNull();
  });

  it('covers every API operation of the spec', () => {
    const answered = new Set(
      deps.sessions
        .use(DEFAULT_SESSION)
        .journal.list()
        .flatMap((e) => (e.operationId ? [e.operationId] : [])),
    );
    const api = [...deps.contract.operations.keys()].filter((id) => !['getAuthorizationServerMetadata', 'authorize', 'token'].includes(id));
    expect(api.filter((id) => !answered.has(id))).toEqual([]);
  });

  it('journals the same exchanges', () => {
    const last = (entries: JournalEntry[]) => entries.slice(-8);
    const server = last(deps.sessions.use(DEFAULT_SESSION).journal.list());
    const inProcess = last(mock.session().journal.list());
    expect(server.map((e) => e.seq)).toEqual(inProcess.map((e) => e.seq));
    expect(inProcess.map((e) => e.response)).toEqual(server.map((e) => e.response));
    expect(inProcess.map((e) => [e.method, e.url, e.status, e.operationId])).toEqual(server.map((e) => [e.method, e.url, e.status, e.operationId]));
  });
});

describe("a session's controls mean what the /__mock routes mean", () => {
  const SESSION = 'controls';
  const onServer = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}/__mock${path}`, {
      method,
      headers: { 'x-mock-session': SESSION, ...(body === undefined ? {} : json) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  };
  /** The in-process control's answer as the route would give it: its value, or the problem it threw. */
  const inProcess = (act: () => unknown) => {
    try {
      const value = act();
      return { status: value === undefined ? 204 : 200, body: value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown) };
    } catch (error) {
      const problem = error as { status: number; code: string; detail: string };
      return { status: problem.status, body: { code: problem.code, detail: problem.detail } };
    }
  };
  const problemPart = (answer: { status: number; body: unknown }) =>
    answer.status >= 400
      ? { status: answer.status, body: { code: (answer.body as { code: string }).code, detail: (answer.body as { detail: string }).detail } }
      : answer;
  const FAULT = faultCatalog[0]!.name;
  const s = () => mock.session(SESSION);

  it.each<[string, string, string, unknown, () => unknown]>([
    ['clock.get', 'GET', '/clock', undefined, () => s().clock.get()],
    ['clock.set', 'PUT', '/clock', { now: '2026-04-01T08:00:00.000Z' }, () => s().clock.set({ now: '2026-04-01T08:00:00.000Z' })],
    ['clock.set refuses a bad date', 'PUT', '/clock', { now: 'nope' }, () => s().clock.set({ now: 'nope' })],
    ['clock.advance', 'POST', '/clock/advance', { seconds: 90 }, () => s().clock.advance({ seconds: 90 })],
    ['clock.advance refuses going back', 'POST', '/clock/advance', { ms: -1 }, () => s().clock.advance({ ms: -1 })],
    [
      'latency.set, a rule',
      'PUT',
      '/latency',
      { ms: 0, operationId: 'listGroups', times: 2 },
      () => s().latency.set({ ms: 0, operationId: 'listGroups', times: 2 }),
    ],
    ['latency.set refuses an unknown key', 'PUT', '/latency', { msec: 3 }, () => s().latency.set({ msec: 3 } as never)],
    ['latency.get', 'GET', '/latency', undefined, () => s().latency.get()],
    ['faults.set', 'PUT', '/faults', { active: [FAULT] }, () => s().faults.set({ active: [FAULT] })],
    ['faults.set refuses an unknown fault', 'PUT', '/faults', { active: ['no-such-fault'] }, () => s().faults.set({ active: ['no-such-fault'] })],
    ['faults.get', 'GET', '/faults', undefined, () => s().faults.get()],
    ['faults.set, none', 'PUT', '/faults', { active: [] }, () => s().faults.set({ active: [] })],
    ['journal.count', 'GET', '/journal/count?operationId=listGroups', undefined, () => ({ count: s().journal.count({ operationId: 'listGroups' }) })],
    ['state.import refuses what is no state', 'PUT', '/state', { seed: 'x' }, () => s().state.import({ seed: 'x' } as never)],
    ['reset', 'POST', '/reset', undefined, () => s().reset()],
  ])('%s', async (_name, method, path, body, act) => {
    // A request in the session first, on both sides, so each control meets the same state.
    const request = { headers: { ...auth, 'x-mock-session': SESSION } };
    await (await fetch(`${baseUrl}/v1/groups?limit=2`, request)).text();
    await (await mock.fetch(new Request(`${baseUrl}/v1/groups?limit=2`, request))).text();
    expect(problemPart(inProcess(act))).toEqual(problemPart(await onServer(method, path, body)));
  });

  it('state.export and state.import: the state GET /__mock/state answers, and back', async () => {
    const exported = s().state.export();
    expect(exported).toEqual((await onServer('GET', '/state')).body);
    expect(inProcess(() => s().state.import(exported))).toEqual(await onServer('PUT', '/state', exported));
  });

  it('journal.list and journal.har: the entries of the session, as the routes give them', async () => {
    // The transport's own request headers (Host, User-Agent, Connection) are the only difference.
    const strip = (entries: JournalEntry[]) => entries.map((e) => ({ ...e, seq: 0, durationMs: 0, request: { ...e.request, headers: {} } }));
    const listed = await onServer('GET', '/journal?operationId=listGroups&limit=3');
    expect(strip(s().journal.list({ operationId: 'listGroups', limit: 3 }))).toEqual(strip(listed.body as never));
    const har = s().journal.har({ operationId: 'listGroups', limit: 3 }, { origin: baseUrl });
    const served = (await onServer('GET', '/journal/har?operationId=listGroups&limit=3')).body as typeof har;
    const shape = (h: typeof har) => h.log.entries.map((e) => [e.request.method, e.request.url, e.response.status, e.response.content.text]);
    expect(shape(har)).toEqual(shape(served));
  });
});

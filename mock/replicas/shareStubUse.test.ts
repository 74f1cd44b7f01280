import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createDeps } from '../createDeps.ts';
import { createMockApi } from '../createMockApi.ts';
import { fakeReplicaDatabase } from './fakeReplicaDatabase.ts';
import { ReplicaGate } from './ReplicaGate.ts';

const SESSION = 'stubs';
const headers = { authorization: 'Bearer dev-colegio-horizonte-coordenator', 'community-id': 'colegio-horizonte', 'x-mock-session': SESSION };
const open: { gate: ReplicaGate; server: Server }[] = [];

/** One replica in this process: the mock behind a ReplicaGate on the shared (fake) database; its base URL. */
async function startReplica(db: ReturnType<typeof fakeReplicaDatabase>['db']): Promise<string> {
  const deps = createDeps({ maxSessions: 10 });
  const gate = new ReplicaGate({ db, sessions: deps.sessions, seed: 1, maxSessions: 10, idleMs: 60_000, log: () => undefined });
  gate.start();
  const server = createServer(gate.listener(createMockApi(deps)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  open.push({ gate, server });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  for (const r of open.splice(0)) {
    await r.gate.stop();
    r.server.closeAllConnections();
    await new Promise((resolve) => r.server.close(resolve));
  }
});

const addStub = async (url: string, stub: object): Promise<string> => {
  const res = await fetch(`${url}/__mock/stubs`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(stub) });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
};
const listStubs = async (url: string) =>
  ((await (await fetch(`${url}/__mock/stubs`, { headers })).json()) as { stubs: { id: string; matched: number; remaining?: number }[] }).stubs;
const search = (url: string) => fetch(`${url}/v1/groups/search?alias=x`, { headers }).then((r) => r.status);
const upload = (url: string) =>
  fetch(`${url}/v2/sync/run-1/uploadEntities`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ groups: { data: [{ alias: 'st', name: 'Turma st', season: '2031', active: true }] } }),
  }).then((r) => r.status);

describe('a stub with times, shared by replicas', () => {
  it.each([
    { times: 1, requests: 6 },
    { times: 3, requests: 8 },
  ])('answers $times of $requests reads sent to two replicas in turn, and both count the same', async ({ times, requests }) => {
    const { db } = fakeReplicaDatabase();
    const replicas = [await startReplica(db), await startReplica(db)];
    const id = await addStub(replicas[0]!, { operationId: 'searchGroups', status: 503, times });
    const statuses: number[] = [];
    for (let i = 0; i < requests; i++) statuses.push(await search(replicas[i % 2]!));
    expect(statuses.filter((s) => s === 503)).toHaveLength(times);
    expect(statuses.slice(0, times)).toEqual(Array<number>(times).fill(503));
    for (const url of replicas) expect(await listStubs(url)).toEqual([expect.objectContaining({ id, matched: times, remaining: 0 })]);
  });

  it('answers one of a concurrent burst over two replicas, the racers for the last use queueing on the lock', async () => {
    const { db } = fakeReplicaDatabase();
    const replicas = [await startReplica(db), await startReplica(db)];
    await addStub(replicas[1]!, { operationId: 'searchGroups', status: 503, times: 1 });
    const statuses = await Promise.all(Array.from({ length: 10 }, (_, i) => search(replicas[i % 2]!)));
    expect(statuses.filter((s) => s === 503)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(9);
  });

  it('counts a write request it answers in the write’s own commit (no second lock taken)', async () => {
    const { db, control } = fakeReplicaDatabase();
    const replicas = [await startReplica(db), await startReplica(db)];
    await addStub(replicas[0]!, { operationId: 'uploadSyncEntities', status: 503, times: 1 });
    const begun = control.begun;
    expect(await upload(replicas[1]!)).toBe(503);
    expect(control.begun - begun).toBe(1);
    expect(await upload(replicas[0]!)).toBe(200);
    expect((await listStubs(replicas[0]!))[0]).toMatchObject({ matched: 1, remaining: 0 });
  });

  it('needs no database write for a read answered by a stub without times, nor for a read no stub matches', async () => {
    const { db, control } = fakeReplicaDatabase();
    const a = await startReplica(db);
    await addStub(a, { operationId: 'searchGroups', status: 503 });
    await addStub(a, { operationId: 'listGroups', status: 503, times: 5 });
    const begun = control.begun;
    for (let i = 0; i < 3; i++) expect(await search(a)).toBe(503);
    expect(control.begun).toBe(begun);
  });
});

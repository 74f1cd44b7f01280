import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createDeps } from '../createDeps.ts';
import { createMockApi } from '../createMockApi.ts';
import { fakeReplicaDatabase } from './fakeReplicaDatabase.ts';
import { ReplicaGate } from './ReplicaGate.ts';

const COMMUNITY = 'colegio-horizonte';
const TOKEN = 'dev-colegio-horizonte-coordenator';
const SESSION = 'gate';

interface Replica {
  url: string;
  gate: ReplicaGate;
  server: Server;
  logged: string[];
}
const open: Replica[] = [];

/** One replica in this process: the mock's pipeline behind a ReplicaGate on the given (fake) database. */
async function startReplica(db: ReturnType<typeof fakeReplicaDatabase>['db']): Promise<Replica> {
  const deps = createDeps();
  const logged: string[] = [];
  const gate = new ReplicaGate({ db, sessions: deps.sessions, seed: 1, maxSessions: 10, idleMs: 60_000, log: (line) => logged.push(line) });
  gate.start();
  const api = createMockApi(deps);
  const server = createServer(
    gate.listener((req, res) => {
      if (api(req, res)) return;
      res.statusCode = 404;
      res.end();
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const replica = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, gate, server, logged };
  open.push(replica);
  return replica;
}

afterEach(async () => {
  for (const r of open.splice(0)) {
    await r.gate.stop();
    r.server.closeAllConnections();
    await new Promise((resolve) => r.server.close(resolve));
  }
});

const headers = { authorization: `Bearer ${TOKEN}`, 'community-id': COMMUNITY, 'x-mock-session': SESSION };
const uploadBody = (alias: string) => JSON.stringify({ groups: { data: [{ alias, name: `Turma ${alias}`, season: '2031', active: true }] } });
const upload = (r: Replica, alias: string) =>
  fetch(`${r.url}/v2/sync/run-1/uploadEntities`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: uploadBody(alias) });
async function hits(r: Replica, alias: string): Promise<number> {
  const res = await fetch(`${r.url}/v1/groups/search?alias=${alias}`, { headers });
  expect(res.status).toBe(200);
  return ((await res.json()) as { hits: unknown[] }).hits.length;
}
const until = async (done: () => boolean, what: string): Promise<void> => {
  for (let i = 0; i < 400 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  if (!done()) throw new Error(`timed out waiting for ${what}`);
};

describe('ReplicaGate on a database that fails or a client that leaves', () => {
  it('answers 503 storage_unavailable when the commit fails after the handler ran, and keeps no trace of the write', async () => {
    const { db, control, sessions } = fakeReplicaDatabase();
    const a = await startReplica(db);
    expect((await upload(a, 'kept')).status).toBe(200);
    control.failNextCommit = true;
    const failed = await upload(a, 'lost');
    expect(failed.status).toBe(503);
    expect(failed.headers.get('retry-after')).toBe('1');
    expect(await failed.json()).toMatchObject({ code: 'storage_unavailable' });
    // The handler had put the group in this replica's overlay; the next read of the session must not see it.
    expect(await hits(a, 'lost')).toBe(0);
    expect(await hits(a, 'kept')).toBe(1);
    expect(sessions.get(SESSION)?.log).toHaveLength(1);
    // And the session goes on: the next write commits at the next position.
    expect((await upload(a, 'after')).status).toBe(200);
    expect(sessions.get(SESSION)?.log.map((c) => c.seq)).toEqual([1, 2]);
    expect(await hits(a, 'after')).toBe(1);
    expect(a.logged.join('\n')).toContain('storage_unavailable');
  });

  it('rolls back a write whose client left in the middle of its body, and the session stays writable', async () => {
    const { db, control } = fakeReplicaDatabase();
    const a = await startReplica(db);
    const body = uploadBody('half');
    const req = request(`${a.url}/v2/sync/run-1/uploadEntities`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-length': String(body.length) },
    });
    const gone = new Promise((resolve) => req.on('error', resolve));
    req.write(body.slice(0, 20));
    // The gate has begun the write (the session's lock is held) and the mock waits for the rest of the body.
    await until(() => control.begun === 1, 'the write to begin');
    req.destroy();
    await gone;
    await until(() => control.rollbacks === 1, 'the rollback');
    expect(control.commits).toBe(0);
    expect((await upload(a, 'next')).status).toBe(200);
    expect(await hits(a, 'half')).toBe(0);
  });

  it('commits a write whose client left while it committed; the lock is freed and the write is read after', async () => {
    const { db, control, sessions } = fakeReplicaDatabase();
    const a = await startReplica(db);
    let release: () => void = () => undefined;
    control.holdCommit = new Promise((resolve) => (release = resolve));
    const leaving = upload(a, 'gone').catch((error: unknown) => error);
    await until(() => control.committing === 1, 'the commit to start');
    // fetch cannot drop one request's socket: the server drops its connections instead, as a client gone would.
    a.server.closeAllConnections();
    expect(await leaving).toBeInstanceOf(Error);
    expect(control.commits).toBe(0);
    release();
    control.holdCommit = undefined;
    await until(() => control.commits === 1, 'the commit');
    // The client saw no answer: like a write cut by the network, it may have happened. It did, and it is read.
    expect(sessions.get(SESSION)?.log).toHaveLength(1);
    expect(await hits(a, 'gone')).toBe(1);
    expect((await upload(a, 'then')).status).toBe(200);
  });

  it('lets a read on another replica see a write at once, from the notifications and without reading the head', async () => {
    const { db } = fakeReplicaDatabase();
    let headReadsOfB = 0;
    const a = await startReplica(db);
    const b = await startReplica({ ...db, heads: (names) => (headReadsOfB++, db.heads(names)) });
    expect(await hits(b, 'x')).toBe(0); // b verifies the session once (made in the database: read, make, read)
    const verified = headReadsOfB;
    for (let i = 0; i < 5; i++) {
      expect((await upload(a, `seen-${i}`)).status).toBe(200);
      expect(await hits(b, `seen-${i}`)).toBe(1);
    }
    expect(headReadsOfB).toBe(verified);
  });

  it('rebuilds a session of 5,000 logged writes on a new replica, within the bound docs/scale-out.md states', async () => {
    const { db, sessions } = fakeReplicaDatabase();
    const a = await startReplica(db);
    expect((await upload(a, 'first')).status).toBe(200);
    // The log is never compacted: a replica that has no copy replays all of it, in one query, on first use.
    const log = sessions.get(SESSION)!.log;
    const put = log[0]!.writes.find((w) => w.op === 'putGroup');
    if (put?.op !== 'putGroup') throw new Error('the upload logged no putGroup');
    for (let seq = 2; seq <= 5000; seq++) {
      log.push({
        seq,
        writes: [{ op: 'putGroup', record: { ...put.record, _id: `e${seq.toString(16).padStart(23, '0')}`, alias: `bulk-${seq}`, name: `Turma bulk-${seq}` } }],
        side: null,
      });
    }
    const b = await startReplica(db);
    const started = performance.now();
    expect(await hits(b, 'bulk-5000')).toBe(1);
    const elapsed = performance.now() - started;
    expect(await hits(b, 'bulk-2')).toBe(1);
    // About 0.3 s on a busy 2-CPU machine; the bound leaves room for a slower one, not for a quadratic replay.
    expect(elapsed).toBeLessThan(2500);
  });
});

import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createDeps } from '../createDeps.ts';
import { createMockApi } from '../createMockApi.ts';
import { fakeReplicaDatabase } from './fakeReplicaDatabase.ts';
import { ReplicaGate } from './ReplicaGate.ts';
import { CommitOutcomeUnknown } from './ReplicaDatabase.ts';

const COMMUNITY = 'colegio-horizonte';
const TOKEN = 'dev-colegio-horizonte-coordenator';
const SESSION = 'gate';

interface Replica {
  url: string;
  gate: ReplicaGate;
  server: Server;
  logged: string[];
  deps: ReturnType<typeof createDeps>;
}
const open: Replica[] = [];

/** One replica in this process: the mock's pipeline behind a ReplicaGate on the given (fake) database. */
async function startReplica(db: ReturnType<typeof fakeReplicaDatabase>['db'], timeoutMs?: number): Promise<Replica> {
  const deps = createDeps({ maxSessions: 10 });
  const logged: string[] = [];
  const gate = new ReplicaGate({
    db,
    sessions: deps.sessions,
    seed: 1,
    maxSessions: 10,
    idleMs: 60_000,
    log: (line) => logged.push(line),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
  });
  gate.start();
  const api = createMockApi(deps);
  const server = createServer(gate.listener(api));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const replica = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, gate, server, logged, deps };
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

  it('answers 503 with Retry-After once the deadline passes on a stalled database, and a write queued meanwhile never runs', async () => {
    const { db, control, sessions } = fakeReplicaDatabase();
    const a = await startReplica(db, 200);
    expect((await upload(a, 'before')).status).toBe(200);
    let resume: () => void = () => undefined;
    control.stall = new Promise((resolve) => (resume = resolve));
    // Three writes of one session queue behind each other on this replica; a read of a new session waits for its head.
    const answers = await Promise.all([
      upload(a, 'stalled-1'),
      upload(a, 'stalled-2'),
      upload(a, 'stalled-3'),
      fetch(`${a.url}/v1/groups?limit=1`, { headers: { ...headers, 'x-mock-session': 'new-one' } }),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(((await res.json()) as { detail: string }).detail).toMatch(/nothing changed/);
    }
    resume();
    control.stall = undefined;
    // The writes answered 503 give up when the database answers again: none of them is committed, ever.
    expect((await upload(a, 'after')).status).toBe(200);
    await until(() => control.rollbacks + control.commits >= 2 && control.begun === control.rollbacks + control.commits, 'the stalled writes to end');
    expect(sessions.get(SESSION)?.log.flatMap((c) => c.writes.flatMap((w) => (w.op === 'putGroup' ? [w.record.alias] : [])))).toEqual(['before', 'after']);
  });

  it('says a write may have been kept when its commit was sent and not confirmed', async () => {
    const { db } = fakeReplicaDatabase();
    const a = await startReplica(db);
    const unconfirmed = {
      ...db,
      beginWrite: async (name: string) => {
        const tx = await db.beginWrite(name);
        return {
          ...tx,
          commit: async (change: Parameters<typeof tx.commit>[0]) => {
            await tx.commit(change);
            throw new CommitOutcomeUnknown(new Error('Query read timeout'));
          },
        };
      },
    };
    const b = await startReplica(unconfirmed);
    const res = await upload(b, 'maybe');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(((await res.json()) as { detail: string }).detail).toMatch(/may or may not have been kept/);
    // It was: read on the other replica, and on this one after it rebuilt the session.
    expect(await hits(a, 'maybe')).toBe(1);
    expect(await hits(b, 'maybe')).toBe(1);
  });

  it('makes no session for journal reads that name one (?session=NAME), valid or not, however many', async () => {
    const { db, sessions } = fakeReplicaDatabase();
    const a = await startReplica(db);
    expect(await hits(a, 'x')).toBe(0);
    const before = { local: a.deps.sessions.names().length, database: sessions.size };
    const names = [...Array.from({ length: 30 }, (_, i) => `ghost-${i}`), 'not a name', 'x'.repeat(200), '*'.repeat(3)];
    for (const name of names) {
      const res = await fetch(`${a.url}/__mock/journal?session=${encodeURIComponent(name)}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([]);
    }
    expect({ local: a.deps.sessions.names().length, database: sessions.size }).toEqual(before);
    // A journal read of a session that exists reads it.
    const own = await fetch(`${a.url}/__mock/journal?session=${SESSION}`);
    expect(((await own.json()) as unknown[]).length).toBeGreaterThanOrEqual(0);
    expect(a.deps.sessions.names().length).toBe(before.local);
  });

  it('rebuilds a session from its last reset: a new replica reads the entries after it, not the 60 before', async () => {
    const { db, control, sessions } = fakeReplicaDatabase();
    const a = await startReplica(db);
    for (let i = 0; i < 60; i++) expect((await upload(a, `old-${i}`)).status).toBe(200);
    expect((await fetch(`${a.url}/__mock/reset`, { method: 'POST', headers })).status).toBe(204);
    for (let i = 0; i < 3; i++) expect((await upload(a, `new-${i}`)).status).toBe(200);
    const read = control.entriesRead;
    const b = await startReplica(db);
    expect(await hits(b, 'new-2')).toBe(1);
    expect(await hits(b, 'old-59')).toBe(0);
    // The reset's entry and the three after it, counted where the log is read.
    expect(control.entriesRead - read).toBe(4);
    expect(await db.compact()).toBe(60);
    expect(sessions.get(SESSION)?.log).toHaveLength(4);
  });

  it('rebuilds a session from its last import (PUT /__mock/state): the entries before it are not read', async () => {
    const { db, control } = fakeReplicaDatabase();
    const a = await startReplica(db);
    expect((await upload(a, 'in-the-import')).status).toBe(200);
    const state = await (await fetch(`${a.url}/__mock/state`, { headers })).text();
    for (let i = 0; i < 3; i++) expect((await upload(a, `not-imported-${i}`)).status).toBe(200);
    const imported = await fetch(`${a.url}/__mock/state`, { method: 'PUT', headers: { ...headers, 'content-type': 'application/json' }, body: state });
    expect(imported.status).toBe(204);
    expect((await upload(a, 'after-import')).status).toBe(200);
    const read = control.entriesRead;
    const b = await startReplica(db);
    expect(await hits(b, 'in-the-import')).toBe(1);
    expect(await hits(b, 'after-import')).toBe(1);
    expect(await hits(b, 'not-imported-0')).toBe(0);
    expect(control.entriesRead - read).toBe(2);
  });
});

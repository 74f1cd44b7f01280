/**
 * --state-file in-process: every answered write is in the log before the answer (one fsync per request),
 * a failed write is a 503 that changes nothing and leaves the server up, reset and import rewrite the
 * snapshot, and replay is generic over sessions. The real-process crash test is killDuringBurst.test.ts.
 */
import * as fs from 'node:fs';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generateDataset } from '../../fixtures/generateDataset.ts';
import { createApp } from '../app.ts';
import { createFrozenClock } from '../clock.ts';
import { createDeps } from '../createDeps.ts';
import { createMockServer } from '../http/createMockServer.ts';
import type { Session } from '../sessions/Session.ts';
import { createMemoryStore } from '../store/createMemoryStore.ts';
import type { Store } from '../store/Store.ts';
import { httpRequest, stateDigest } from '../testing/httpRequest.ts';
import type { Durability } from './Durability.ts';
import { type DurableIo } from './Durability.ts';
import { openDurableSessions } from './openDurableSessions.ts';
import { readStateFile } from './readStateFile.ts';
import { readDurableState } from './readDurableState.ts';
import { replayLog } from './replayLog.ts';
import { restoreSession } from './SessionSnapshot.ts';
import { DEFAULT_SESSION } from '../sessions/SessionRegistry.ts';

const AUTH = { authorization: 'Bearer dev-colegio-horizonte-coordenator', 'community-id': 'colegio-horizonte', 'content-type': 'application/json' };
const upload = (alias: string, extra: object[] = []) => JSON.stringify({ groups: { data: [{ alias, name: `Turma ${alias}`, season: '2026' }, ...extra] } });

/** fs with a switch: when `failing`, appends and fsyncs throw ENOSPC; fsyncs are counted. */
function flakyIo() {
  const io = {
    failing: false,
    fsyncs: 0,
    writeSync: ((...args: Parameters<typeof fs.writeSync>) => {
      if (io.failing) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      return (fs.writeSync as (...a: unknown[]) => number)(...args);
    }) as typeof fs.writeSync,
    fsyncSync: (fd: number) => {
      io.fsyncs++;
      fs.fsyncSync(fd);
    },
    openSync: fs.openSync,
    ftruncateSync: fs.ftruncateSync,
    closeSync: fs.closeSync,
    renameSync: fs.renameSync,
    unlinkSync: fs.unlinkSync,
  };
  return io;
}

let dir: string;
let file: string;
let server: Server | undefined;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mock-durability-'));
  file = join(dir, 'state.json');
});
afterEach(async () => {
  if (server) {
    server.closeAllConnections();
    server.close();
    await once(server, 'close');
    server = undefined;
  }
  rmSync(dir, { recursive: true, force: true });
});

async function startDurable(io?: DurableIo): Promise<{ base: string; deps: Session; durability: Durability }> {
  const start = readStateFile(file);
  const deps = createDeps({ clock: createFrozenClock('2026-03-01T12:00:00.000Z'), dataset: start.dataset });
  const durability = openDurableSessions(file, start, deps.sessions, {
    seed: start.dataset ? { dataset: start.dataset } : { generate: { seed: 1, size: 'default' } },
    ...(io ? { io } : {}),
  });
  server = createMockServer(createApp(deps, { durability }).app).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, deps: deps.sessions.use(DEFAULT_SESSION), durability };
}

/** The state a restart would see: the snapshot with the log replayed over it. */
function onDisk(): Store {
  const start = readStateFile(file);
  const store = createMemoryStore(start.dataset ?? generateDataset(start.generate!));
  const saved = start.state.sessions.get('default');
  if (saved) restoreSession(store, saved);
  replayLog(start.state.entries, () => store);
  return store;
}
const digest = (store: Store) => JSON.stringify(store.snapshot());

describe('--state-file: durable before the answer', () => {
  it('an answered upload is on disk, in one log line and one fsync, whatever its size', async () => {
    const io = flakyIo();
    const { base, deps } = await startDurable(io);
    const before = io.fsyncs;
    const students = Array.from({ length: 2000 }, (_, i) => ({ alias: `big-${i}`, name: `Aluno ${i}`, season: '2026' }));
    const res = await httpRequest(base, 'POST', '/v2/sync/big/uploadEntities', AUTH, upload('big-group', students));
    expect(res.status).toBe(200);
    expect(io.fsyncs - before).toBe(1);
    expect(fs.readFileSync(`${file}.log`, 'utf8').split('\n').filter(Boolean)).toHaveLength(1);
    expect(digest(onDisk())).toBe(digest(deps.store));
    expect(onDisk().groupByAlias('colegio-horizonte', 'big-1999')).toBeDefined();
  });

  it('every write path is logged: upload, installation update and approve, OAuth tokens', async () => {
    const { base, deps } = await startDurable();
    await httpRequest(base, 'POST', '/v2/sync/paths/uploadEntities', AUTH, upload('paths-1'));
    const installation = deps.store.installationsInCommunity('colegio-horizonte').find((i) => i.active)!;
    const put = await httpRequest(
      base,
      'PUT',
      `/v1/appmaker/apps/${installation.appId}/installations/colegio-horizonte`,
      AUTH,
      JSON.stringify({ ...installation, active: installation.active }),
    );
    const pending = deps.store
      .apps()
      .flatMap((a) => deps.store.installationsOfApp(a.manifest.id as string))
      .find((i) => i.community === 'colegio-horizonte' && i.status === 'pending_approval');
    const approve = pending ? await httpRequest(base, 'POST', `/v1/appmaker/apps/${pending.appId}/installations/colegio-horizonte/approve`, AUTH) : undefined;
    const token = await httpRequest(
      base,
      'POST',
      '/oauth/token',
      {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`app-diario-escolar:${deps.store.apps().find((a) => a.manifest.id === 'app-diario-escolar')!.clientSecret}`).toString('base64')}`,
      },
      'grant_type=client_credentials&community=colegio-horizonte',
    );
    expect([put.status, approve?.status, token.status]).toEqual([200, 200, 200]);
    expect(onDisk().token(token.body.access_token)).toBeDefined();
    expect(digest(onDisk())).toBe(digest(deps.store));
  });

  it('reset and import rewrite the snapshot and empty the log', async () => {
    const { base, deps } = await startDurable();
    await httpRequest(base, 'POST', '/v2/sync/r/uploadEntities', AUTH, upload('before-reset'));
    const exported = (await httpRequest(base, 'GET', '/__mock/state')).text;
    expect((await httpRequest(base, 'POST', '/__mock/reset')).status).toBe(204);
    expect(fs.statSync(`${file}.log`).size).toBe(0);
    expect(onDisk().groupByAlias('colegio-horizonte', 'before-reset')).toBeUndefined();
    expect((await httpRequest(base, 'PUT', '/__mock/state', { 'content-type': 'application/json' }, exported)).status).toBe(204);
    expect(onDisk().groupByAlias('colegio-horizonte', 'before-reset')).toBeDefined();
    expect(digest(onDisk())).toBe(digest(deps.store));
  });

  it('a write that cannot be made durable is a 503 problem, changes nothing, and the server stays up', async () => {
    const io = flakyIo();
    const { base, deps } = await startDurable(io);
    await httpRequest(base, 'POST', '/v2/sync/ok/uploadEntities', AUTH, upload('kept'));
    const before = stateDigest(deps);
    io.failing = true;
    for (const [method, path, body] of [
      ['POST', '/v2/sync/full/uploadEntities', upload('lost')],
      ['POST', '/__mock/reset', undefined],
    ] as const) {
      const res = await httpRequest(base, method, path, AUTH, body);
      expect(res.status).toBe(503);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body).toMatchObject({ status: 503, code: 'storage_unavailable' });
      expect(res.body.detail).toContain('ENOSPC');
      expect(stateDigest(deps)).toBe(before);
    }
    expect(deps.store.groupByAlias('colegio-horizonte', 'lost')).toBeUndefined();
    expect(deps.store.groupByAlias('colegio-horizonte', 'kept')).toBeDefined();
    // Reads still answer while the disk is full; writes again once it is not.
    expect((await httpRequest(base, 'GET', '/v1/groups?limit=1', AUTH)).status).toBe(200);
    io.failing = false;
    expect((await httpRequest(base, 'POST', '/v2/sync/again/uploadEntities', AUTH, upload('after'))).status).toBe(200);
    expect(onDisk().groupByAlias('colegio-horizonte', 'after')).toBeDefined();
    expect(onDisk().groupByAlias('colegio-horizonte', 'lost')).toBeUndefined();
    expect(digest(onDisk())).toBe(digest(deps.store));
  });

  it('the journal records the 503 problem a failed commit sent, not the answer it replaced', async () => {
    const io = flakyIo();
    const { base, deps } = await startDurable(io);
    io.failing = true;
    for (const [method, path, body] of [
      ['POST', '/v2/sync/journaled/uploadEntities', upload('journaled')],
      ['POST', '/__mock/reset', undefined],
    ] as const) {
      const res = await httpRequest(base, method, path, AUTH, body);
      expect(res.status).toBe(503);
      if (path.startsWith('/__mock')) continue;
      const entry = deps.journal.list({}).at(-1);
      expect(entry).toMatchObject({ status: 503, url: path });
      expect(entry?.response.body).toMatchObject({ status: 503, code: 'storage_unavailable' });
    }
  });

  it('many parallel writers: every answered write is on disk, none torn', async () => {
    const { base, deps } = await startDurable();
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => httpRequest(base, 'POST', `/v2/sync/par-${i % 7}/uploadEntities`, AUTH, upload(`par-${i}`))),
    );
    expect(results.map((r) => r.status)).toEqual(Array(60).fill(200));
    const disk = onDisk();
    for (let i = 0; i < 60; i++) expect(disk.groupByAlias('colegio-horizonte', `par-${i}`)?.name).toBe(`Turma par-${i}`);
    expect(digest(disk)).toBe(digest(deps.store));
    const lines = fs
      .readFileSync(`${file}.log`, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { seq: number });
    expect(lines.map((l) => l.seq)).toEqual(lines.map((_, i) => lines[0]!.seq + i));
  });

  it('a state-file in a folder that does not exist is refused at start, naming the path', () => {
    const missing = join(dir, 'no-such-folder', 'state.json');
    const deps = createDeps({ clock: createFrozenClock('2026-03-01T12:00:00.000Z') });
    expect(() => openDurableSessions(missing, readStateFile(missing), deps.sessions, { seed: { generate: { seed: 1, size: 'default' } } })).toThrow(
      `cannot write the state file ${missing}.log`,
    );
  });
});

describe('sessions: replay and compaction are generic over them', () => {
  it('writes of two sessions are logged apart, compacted together and replayed into the right stores', () => {
    const base = generateDataset({ seed: 1, size: 'default' });
    const deps = createDeps({ clock: createFrozenClock('2026-03-01T12:00:00.000Z'), dataset: base });
    const durability = openDurableSessions(file, readStateFile(file), deps.sessions, { seed: { dataset: base } });
    const run = (id: string) => ({ _id: id, community: 'colegio-horizonte', uploads: [] });
    deps.sessions.store('default').putSyncRun(run('d-1'));
    deps.sessions.store('alice').putSyncRun(run('a-1'));
    durability.commit();
    const log = fs
      .readFileSync(`${file}.log`, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { session: string });
    expect(log.map((e) => e.session)).toEqual(['default', 'alice']);

    const replayed = new Map<string, Store>();
    replayLog(readDurableState(file).entries, (name) => replayed.get(name) ?? replayed.set(name, createMemoryStore(base)).get(name)!);
    expect(replayed.get('alice')!.syncRun('a-1')).toBeDefined();
    expect(replayed.get('alice')!.syncRun('d-1')).toBeUndefined();
    expect(replayed.get('default')!.syncRun('d-1')).toBeDefined();

    durability.compact();
    const state = readDurableState(file);
    expect([...state.sessions.keys()]).toEqual(['default', 'alice']);
    expect(state.entries).toEqual([]);
    // Each session as its writes over the shared base, not as a whole dataset.
    expect(state.sessions.get('alice')).toEqual({ base: 'seed', writes: [{ op: 'putSyncRun', record: run('a-1') }] });
    expect(state.sessions.get('default')).toEqual({ base: 'seed', writes: [{ op: 'putSyncRun', record: run('d-1') }] });
    durability.close();
  });
});

describe('a snapshot records how the base is made, not the base', () => {
  it('20,000 generated groups never reach the file, and a restart from it gives back every session', () => {
    const generate = { seed: 5, size: 'default' as const, groups: 20_000 };
    const deps = createDeps({ clock: createFrozenClock('2026-03-01T12:00:00.000Z'), ...generate });
    const durability = openDurableSessions(file, readStateFile(file), deps.sessions, { seed: { generate } });
    const community = 'colegio-horizonte';
    const generated = deps.sessions.store('default').queryGroups({ community, page: 1, limit: 1, q: 'robotica' }).items[0]!;
    deps.sessions.store('alice').putGroup({ ...generated, name: 'Robótica renomeada' });
    deps.sessions.store('default').putSyncRun({ _id: 'd-1', community, uploads: [] });
    durability.commit();
    durability.compact();
    durability.close();
    // The seeded data alone is some 2 MB of JSON; the snapshot holds the options and two writes.
    expect(fs.statSync(file).size).toBeLessThan(20_000);

    const start = readStateFile(file);
    expect(start.generate).toEqual(generate);
    const again = createDeps({ clock: createFrozenClock('2026-03-01T12:00:00.000Z'), ...start.generate! });
    openDurableSessions(file, start, again.sessions, { seed: { generate } }).close();
    for (const name of ['default', 'alice']) {
      const q = { community, page: 1, limit: 5, q: 'robotica' };
      expect(again.sessions.store(name).queryGroups(q)).toEqual(deps.sessions.store(name).queryGroups(q));
      expect(again.sessions.store(name).syncRun('d-1')).toEqual(deps.sessions.store(name).syncRun('d-1'));
    }
    expect(again.sessions.store('alice').group(community, generated._id)?.name).toBe('Robótica renomeada');
    expect(again.sessions.store('default').group(community, generated._id)?.name).toBe(generated.name);
  });

  it('a session that imported a dataset keeps it whole, and a reset of it goes back to the shared base', () => {
    const deps = createDeps({ clock: createFrozenClock('2026-03-01T12:00:00.000Z') });
    const durability = openDurableSessions(file, readStateFile(file), deps.sessions, { seed: { generate: { seed: 1, size: 'default' } } });
    const other = generateDataset({ seed: 9, size: 'default' });
    deps.sessions.store('bob').load(other);
    durability.commit();
    durability.close();
    const start = readStateFile(file);
    expect(start.state.sessions.get('bob')?.base).toEqual(other);
    const again = createDeps({ clock: createFrozenClock('2026-03-01T12:00:00.000Z'), ...start.generate! });
    openDurableSessions(file, start, again.sessions, { seed: { generate: start.generate! } }).close();
    expect(again.sessions.store('bob').seed).toBe(9);
    expect(again.sessions.store('default').seed).toBe(1);
  });
});

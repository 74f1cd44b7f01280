import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFrozenClock } from '../clock.ts';
import { addStub } from '../controls/stubActions.ts';
import { createDeps } from '../createDeps.ts';
import { restoreDevState, saveDevState } from '../dev/devState.ts';
import { openDurableSessions } from './openDurableSessions.ts';
import { readStateFile } from './readStateFile.ts';
import { applySide, captureSide, sameSide } from '../replicas/SideState.ts';
import { stubsInStateFile } from './stubsInStateFile.ts';

const dir = mkdtempSync(join(tmpdir(), 'stubs-kept-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const fresh = () => createDeps({ clock: createFrozenClock('2026-03-01T12:00:00.000Z') }).sessions;

describe('stubs are kept as the other controls are', () => {
  it('--dev-state writes every session’s stubs with their counts and puts them back at the next start', () => {
    const before = fresh();
    addStub(before.use('alice'), { operationId: 'listGroups', status: 503, times: 3 });
    before.use('alice').stubs.take({ method: 'GET', path: '/v1/groups', operationId: 'listGroups', query: {}, headers: {}, body: undefined });
    const file = join(dir, 'controls.json');
    saveDevState(file, before, 0);
    const after = fresh();
    expect(restoreDevState(file, after, 0, [])).toContain('alice (0 faults, 1 stubs');
    expect(after.use('alice').stubs.list()).toEqual(before.use('alice').stubs.list());
    expect(after.use('alice').stubs.list()[0]).toMatchObject({ matched: 1, remaining: 2 });
  });

  it('a replica logs a change of stubs as a change of the side state, and another replica applies it', () => {
    const writer = fresh().use('default');
    const was = captureSide(writer);
    addStub(writer, { operationId: 'listGroups', fault: 'reset' });
    const now = captureSide(writer);
    expect(sameSide(was, now)).toBe(false);
    const reader = fresh().use('default');
    applySide(reader, JSON.parse(JSON.stringify(now)));
    expect(reader.stubs.list()).toEqual(writer.stubs.list());
    applySide(reader, JSON.parse(JSON.stringify(was)));
    expect(reader.stubs.size).toBe(0);
  });

  it('--state-file keeps every session’s stubs in the snapshot: a change is on disk once the control answers', () => {
    const file = join(dir, 'state.json');
    const open = () => {
      const sessions = fresh();
      const start = readStateFile(file);
      const durability = openDurableSessions(file, start, sessions, { seed: { generate: { seed: 1, size: 'default' } }, extras: stubsInStateFile(sessions) });
      return { sessions, durability };
    };
    const first = open();
    addStub(first.sessions.use('bob'), { operationId: 'listGroups', status: 500, times: 2 });
    // What the lifecycle's commit stage does before any answer leaves.
    first.durability.commit();
    first.durability.close();
    const second = open();
    expect(second.sessions.find('bob')?.stubs.list()).toEqual([expect.objectContaining({ operationId: 'listGroups', status: 500, remaining: 2 })]);
    // Counts ride along with the next snapshot, without asking for one of their own.
    second.sessions.use('bob').stubs.take({ method: 'GET', path: '/v1/groups', operationId: 'listGroups', query: {}, headers: {}, body: undefined });
    second.durability.commit();
    expect(readStateFile(file).state.sessions.get('bob')?.extras).toMatchObject({ stubs: { stubs: [{ matched: 0 }] } });
    second.durability.compact();
    second.durability.close();
    expect(readStateFile(file).state.sessions.get('bob')?.extras).toMatchObject({ stubs: { stubs: [{ matched: 1, remaining: 1 }] } });
  });
});

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generateDataset } from '../../fixtures/generateDataset.ts';
import { readDurableState, SNAPSHOT_FORMAT } from './readDurableState.ts';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mock-durable-'));
  file = join(dir, 'state.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const dataset = generateDataset({ seed: 3, size: 'default' });
const entry = (seq: number, session = 'default') => JSON.stringify({ seq, session, ops: [['putSyncRun', { _id: `r${seq}`, community: 'c', uploads: [] }]] });
const snapshot = (logSeq: number) => JSON.stringify({ format: SNAPSHOT_FORMAT, version: 1, logSeq, sessions: { default: dataset, other: dataset } });

const v2 = (sessions: unknown, seed: unknown = { seed: 7, size: 'default', groups: 1_000_000 }) =>
  JSON.stringify({ format: SNAPSHOT_FORMAT, version: 2, logSeq: 0, seed, sessions });

describe('readDurableState', () => {
  it('reads a version 2 snapshot: how its base is generated, and each session as its base and writes', () => {
    const run = { _id: 'r1', community: 'c', uploads: [] };
    writeFileSync(file, v2({ default: { base: 'seed', ops: [['putSyncRun', run]] }, alice: { base: dataset, ops: [['deleteEnrollment', 'e1']] } }));
    const state = readDurableState(file);
    expect(state.seed).toEqual({ generate: { seed: 7, size: 'default', groups: 1_000_000 } });
    expect(state.sessions.get('default')).toEqual({ base: 'seed', writes: [{ op: 'putSyncRun', record: run }] });
    expect(state.sessions.get('alice')).toEqual({ base: dataset, writes: [{ op: 'deleteEnrollment', id: 'e1' }] });
  });

  it('reads a version 1 snapshot (every session whole) with its default session as the base', () => {
    writeFileSync(file, snapshot(0));
    const state = readDurableState(file);
    expect(state.seed).toEqual({ dataset });
    expect(state.sessions.get('default')).toEqual({ base: 'seed', writes: [] });
    expect(state.sessions.get('other')).toEqual({ base: dataset, writes: [] });
  });

  it('reads nothing when there is nothing yet', () => {
    expect(readDurableState(file)).toMatchObject({ sessions: new Map(), entries: [], lastSeq: 0, validLogBytes: 0 });
  });

  it('reads a plain export (GET /__mock/state) as the default session', () => {
    writeFileSync(file, JSON.stringify(dataset));
    expect([...readDurableState(file).sessions.keys()]).toEqual(['default']);
  });

  it('reads every session of a snapshot, and only the log entries after it', () => {
    writeFileSync(file, snapshot(2));
    writeFileSync(`${file}.log`, `${entry(1)}\n${entry(2)}\n${entry(3, 'other')}\n`);
    const state = readDurableState(file);
    expect([...state.sessions.keys()]).toEqual(['default', 'other']);
    expect(state.entries.map((e) => [e.seq, e.session])).toEqual([[3, 'other']]);
    expect(state.lastSeq).toBe(3);
  });

  it.each([
    ['half a line', (s: string) => s.slice(0, 20)],
    ['a line without its newline', (s: string) => s],
  ])('ignores a torn last line (%s): it was never acknowledged', (_name, tear) => {
    const good = `${entry(1)}\n${entry(2)}\n`;
    writeFileSync(`${file}.log`, good + tear(entry(3)));
    const state = readDurableState(file);
    expect(state.entries.map((e) => e.seq)).toEqual([1, 2]);
    expect(state.validLogBytes).toBe(Buffer.byteLength(good));
  });

  it.each([
    ['a line that is not JSON', `${entry(1)}\n{"seq":2,"sess\n${entry(3)}\n`, /state\.json\.log: line 2 \(byte \d+\) is corrupt/],
    ['a line that is not an entry', `${entry(1)}\n{"seq":2}\n`, /line 2 \(byte \d+\) is not a log entry/],
    ['an unknown write', `${entry(1)}\n{"seq":2,"session":"default","ops":[["dropAll",{}]]}\n`, /line 2 \(byte \d+\) is not a log entry/],
    ['a seq going back', `${entry(2)}\n${entry(1)}\n`, /line 2 \(byte \d+\) has seq 1 after 2/],
  ])('stops at %s, naming the file and where, and keeps the file byte for byte', (_name, log, message) => {
    writeFileSync(`${file}.log`, log);
    expect(() => readDurableState(file)).toThrow(message);
    expect(() => readDurableState(file)).toThrow(file);
    expect(readFileSync(`${file}.log`, 'utf8')).toBe(log);
  });

  it.each([
    ['cut in the middle', () => snapshot(0).slice(0, 5000), /state\.json: the snapshot is not valid JSON at line 1, column \d+ \(byte \d+\)/],
    ['broken on line 3', () => '{\n  "seed": 1,\n  "groups": [,]\n}', /at line 3, column 14 \(byte 28\)/],
    ['not a state', () => '{"hello": "world"}', /state\.json: the file is not a mock state/],
    [
      'a session that is not a state',
      () => JSON.stringify({ format: SNAPSHOT_FORMAT, version: 1, logSeq: 0, sessions: { default: { seed: 'x' } } }),
      /session "default" is not a mock state/,
    ],
    ['(version 2) a session without ops', () => v2({ default: { base: 'seed' } }), /session "default" is not \{"base": "seed" or a mock state, "ops"/],
    ['(version 2) an op that is not a write', () => v2({ default: { base: 'seed', ops: [['reset', {}]] } }), /session "default" is not \{"base"/],
    ['(version 2) a base that is not a state', () => v2({ alice: { base: { seed: 2 }, ops: [] } }), /session "alice"'s base is not a mock state/],
    ['(version 2) a seed that is not one', () => v2({}, { seed: 'one', size: 'default' }), /the snapshot's seed is not/],
    ['(version 2) groups below zero', () => v2({}, { seed: 1, size: 'default', groups: -5 }), /the snapshot's seed is not/],
  ])('stops at a snapshot %s, naming the file and where, and keeps it byte for byte', (_name, content, message) => {
    const text = content();
    writeFileSync(file, text);
    expect(() => readDurableState(file)).toThrow(message);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });
});

import { describe, expect, it } from 'vitest';
import { decodeWrite, decodeWrites, encodeWrite, type LoggedWrite } from './writeCodec.ts';

const run = { _id: 'r1', community: 'c', uploads: [] } as unknown as Extract<LoggedWrite, { op: 'putSyncRun' }>['record'];

describe('the state file spells a StoreWrite as [method, argument]', () => {
  it.each<[string, LoggedWrite, [string, unknown]]>([
    ['a record write', { op: 'putSyncRun', record: run }, ['putSyncRun', run]],
    ['a delete', { op: 'deleteEnrollment', id: 'e1' }, ['deleteEnrollment', 'e1']],
  ])('%s round-trips', (_name, write, spelt) => {
    expect(encodeWrite(write)).toEqual(spelt);
    expect(decodeWrite(JSON.parse(JSON.stringify(spelt)))).toEqual(write);
  });

  it.each([
    ['an unknown method', ['dropAll', {}]],
    ['reset (a snapshot, never a log write)', ['reset', {}]],
    ['a delete without an id', ['deleteEnrollment', {}]],
    ['a record that is not an object', ['putGroup', 'g1']],
    ['a record that is an array', ['putGroup', []]],
    ['three elements', ['putGroup', {}, 1]],
    ['not an array', { op: 'putGroup' }],
  ])('refuses %s', (_name, value) => {
    expect(decodeWrite(value)).toBeUndefined();
    expect(decodeWrites([['deleteEnrollment', 'e1'], value])).toBeUndefined();
  });
});

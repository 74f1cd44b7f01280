import { describe, expect, it } from 'vitest';
import { HeadReader } from './HeadReader.ts';
import type { ReplicaDatabase, SessionHead } from './ReplicaDatabase.ts';

/** A database whose head queries are answered when the test says so. */
function fakeDb() {
  const queries: { names: readonly string[]; answer: (heads: Map<string, SessionHead>) => void; fail: (error: Error) => void }[] = [];
  const db = {
    heads: (names: readonly string[]) => new Promise<Map<string, SessionHead>>((answer, fail) => queries.push({ names, answer, fail })),
  } as unknown as ReplicaDatabase;
  return { db, queries };
}
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('HeadReader', () => {
  it('asks once for the requests of one moment, and once more for those that came while it was asking', async () => {
    const { db, queries } = fakeDb();
    const reader = new HeadReader(db);
    const first = [reader.head('a'), reader.head('b'), reader.head('a')];
    await tick();
    expect(queries.map((q) => q.names)).toEqual([['a', 'b']]);
    const later = reader.head('c');
    await tick();
    expect(queries).toHaveLength(1);
    queries[0]!.answer(new Map([['a', { generation: '1', head: 4 }]]));
    expect(await Promise.all(first)).toEqual([{ generation: '1', head: 4 }, undefined, { generation: '1', head: 4 }]);
    await tick();
    expect(queries.map((q) => q.names)).toEqual([['a', 'b'], ['c']]);
    queries[1]!.fail(new Error('connection refused'));
    await expect(later).rejects.toThrow('connection refused');
  });
});

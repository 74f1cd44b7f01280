import { describe, expect, it } from 'vitest';
import { mergeUpdatedAfter } from './mergeUpdatedAfter.ts';
import { SortedIdIndex } from './SortedIdIndex.ts';

interface Rec {
  _id: string;
  community: string;
  updatedAt: string;
}

const rec = (id: string, updatedAt: string, community = 'c1'): Rec => ({ _id: id, community, updatedAt });
const base = [rec('b1', '2026-01-01'), rec('b2', '2026-01-03'), rec('b3', '2026-01-05')];
const index = new SortedIdIndex();
for (const r of base) index.insert(r.updatedAt, r._id);
const baseRecord = (id: string) => base.find((r) => r._id === id);
const ids = (records: Rec[]) => records.map((r) => r._id);

describe('mergeUpdatedAfter', () => {
  it.each([
    ['everything, in updatedAt order', {}, ['b1', 'w1', 'b2', 'w2', 'b3']],
    ['from `after` on, a record at `after` included', { after: '2026-01-03' }, ['b2', 'w2', 'b3']],
    ['at most `limit`', { limit: 2 }, ['b1', 'w1']],
    ['another community: none of the session records', { community: 'c2' }, ['x1']],
  ] as const)('%s', (_name, q, expected) => {
    const written = new Map<string, Rec>([
      ['w1', rec('w1', '2026-01-02')],
      ['w2', rec('w2', '2026-01-04')],
      ['x1', rec('x1', '2026-01-02', 'c2')],
    ]);
    const community = 'community' in q ? q.community : 'c1';
    const query = { community, limit: 'limit' in q ? q.limit : 10, after: 'after' in q ? q.after : undefined };
    expect(ids(mergeUpdatedAfter(community === 'c1' ? index : undefined, baseRecord, written, 3, query, () => true))).toEqual(expected);
  });

  it('a rewritten base record is answered once, at its new place', () => {
    const written = new Map([['b1', rec('b1', '2026-01-04')]]);
    expect(ids(mergeUpdatedAfter(index, baseRecord, written, 1, { community: 'c1', limit: 10 }, () => true))).toEqual(['b2', 'b1', 'b3']);
  });

  it("sees a write made after an earlier request: the session's records are sorted again when its version moves", () => {
    const written = new Map<string, Rec>([['w1', rec('w1', '2026-01-02')]]);
    const query = { community: 'c1', limit: 10 };
    expect(ids(mergeUpdatedAfter(index, baseRecord, written, 1, query, () => true))).toEqual(['b1', 'w1', 'b2', 'b3']);
    written.set('w2', rec('w2', '2026-01-06'));
    expect(ids(mergeUpdatedAfter(index, baseRecord, written, 2, query, () => true))).toEqual(['b1', 'w1', 'b2', 'b3', 'w2']);
    written.set('w1', rec('w1', '2026-01-07'));
    expect(ids(mergeUpdatedAfter(index, baseRecord, written, 3, query, () => true))).toEqual(['b1', 'b2', 'b3', 'w2', 'w1']);
  });

  it('keeps only what `keep` accepts, still filling up to `limit`', () => {
    const written = new Map<string, Rec>([['w1', rec('w1', '2026-01-02')]]);
    expect(ids(mergeUpdatedAfter(index, baseRecord, written, 1, { community: 'c1', limit: 2 }, (r) => r._id !== 'b1'))).toEqual(['w1', 'b2']);
  });
});

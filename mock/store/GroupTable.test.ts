import { describe, expect, it } from 'vitest';
import { generateDataset } from '../../fixtures/generateDataset.ts';
import { BaseData } from './BaseData.ts';
import type { GroupRows } from '../../fixtures/records.ts';
import type { GroupRecord } from '../../fixtures/records.ts';
import type { GroupQuery } from './Store.ts';

// The same groups twice: once with the generated ones as a block of rows, once all as plain records. Every
// answer must be the same: the rows are a layout, not a different data set.
const dataset = generateDataset({ seed: 11, groups: 6_000 });
const rows = dataset.groupRows as GroupRows;
const asRows = new BaseData(dataset, { freeze: true });
const materialized = Array.from({ length: rows.length }, (_, i) => rows.record(i));
const asRecords = new BaseData({ ...dataset, groupRows: undefined, groups: [...dataset.groups, ...materialized] } as typeof dataset);
const community = rows.community;
const seeded = dataset.groups.find((g) => g.community === community) as GroupRecord;
const professor = rows.admins(5)[0]?.user as string; // a generated monitor

const queries: Array<[string, Partial<GroupQuery>]> = [
  ['everything', {}],
  ['active', { active: true }],
  ['inactive of a season', { active: false, season: rows.season(0) }],
  ['the other season', { season: rows.season(rows.length - 1) }],
  ['an unknown season', { season: '1999' }],
  ['a word', { q: 'robotica' }],
  ['a word, accents and case', { q: 'ROBÓTICA' }],
  ['an ordinal, folded', { q: '7o ano' }],
  ['an alias fragment', { q: 'xrob-ef2' }],
  ['a seeded name', { q: seeded.name.slice(0, 6) }],
  ['a short query (a scan)', { q: 'ab' }],
  ['nothing', { q: 'zzzzqq' }],
  ['a word, active, a season', { q: 'turma 1', active: true, season: rows.season(0) }],
  ['a bulk name', { name: rows.name(3) }],
  ['a seeded name exactly', { name: seeded.name }],
  ['a bulk alias', { alias: rows.alias(4_000) }],
  ['a seeded alias', { alias: seeded.alias }],
  ['an admin', { adminUser: professor }],
  ['an admin and a word', { adminUser: professor, q: 'xadrez' }],
  ['a creation day', { createdAt: rows.createdAt(10).slice(0, 10) }],
  ['a creation instant', { createdAt: rows.createdAt(10) }],
  ['by name, descending', { sort: [{ key: 'name', descending: true }] }],
  ['by update', { sort: [{ key: 'updatedAt', descending: false }] }],
  ['a word by alias', { q: 'futsal', sort: [{ key: 'alias', descending: true }] }],
  [
    'active, by name then update',
    {
      active: true,
      sort: [
        { key: 'name', descending: false },
        { key: 'updatedAt', descending: true },
      ],
    },
  ],
];

describe('GroupTable with a block of rows', () => {
  it.each(queries)('answers %s as the same groups held as records would', (_, filters) => {
    for (const [page, limit] of [
      [1, 7],
      [3, 7],
      [1, 100],
      [40, 100],
    ] as const) {
      const q: GroupQuery = { community, page, limit, ...filters };
      const want = asRecords.groups.query(q);
      const got = asRows.groups.query(q);
      expect(got.total).toBe(want.total);
      expect(got.items).toEqual(want.items);
      // A second time: the answer kept for a large query is the same answer.
      expect(asRows.groups.query(q).items.map((g) => g._id)).toEqual(want.items.map((g) => g._id));
    }
  });

  it('ranks any group where the records would', () => {
    const q: GroupQuery = { community, page: 1, limit: 10, q: 'oficina', sort: [{ key: 'name', descending: false }] };
    const a = asRows.groups.match(q);
    const b = asRecords.groups.match(q);
    for (const g of [materialized[0], materialized[2_999], seeded, { ...(materialized[7] as GroupRecord), name: 'Oficina M', _id: 'ffffffffffffffffffffffff' }])
      expect(a.rank(g as GroupRecord)).toBe(b.rank(g as GroupRecord));
  });

  it('reads by id and alias, and links admins, as the records would', () => {
    for (const g of [materialized[0], materialized[5_999], seeded]) {
      expect(asRows.groups.get((g as GroupRecord)._id)).toEqual(g);
      expect(asRows.groups.byAlias(community, (g as GroupRecord).alias)).toEqual(g);
    }
    expect(asRows.groups.get('000000000000000000000000')).toBeUndefined();
    expect(asRows.groups.byAlias('another-community', rows.alias(0))).toBeUndefined();
    expect([...asRows.groups.administeredBy(professor)].sort()).toEqual([...asRecords.groups.administeredBy(professor)].sort());
    for (const season of [rows.season(0), rows.season(rows.length - 1), '1999']) {
      const want = asRecords.groups.administeredBy(professor).filter((id) => asRecords.groups.get(id)?.season === season);
      expect(asRows.groups.administeredBy(professor, season).sort()).toEqual(want.sort());
    }
    expect(asRows.groups.administeredBy(professor, rows.season(0)).length).toBeGreaterThan(0);
    expect(asRows.groups.size).toBe(asRecords.groups.size);
    expect([...asRows.groups.values()].length).toBe(asRecords.groups.size);
    expect(asRows.groups.tagId(community, rows.tags[0]?.name as string)).toBe(rows.tags[0]?.id);
  });

  it('builds a record once while it is read again and again, frozen like every stored record', () => {
    const id = rows.id(123);
    const first = asRows.groups.get(id) as GroupRecord;
    expect(asRows.groups.get(id)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });
});

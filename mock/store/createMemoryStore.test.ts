import type { Stored } from './Stored.ts';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from './createMemoryStore.ts';
import { createdAtMatches } from './GroupTable.ts';
import type { Dataset, GroupRecord, UserRecord } from '../../fixtures/records.ts';

function group(n: number, overrides: Partial<GroupRecord> = {}): GroupRecord {
  const day = String(1 + (n % 5)).padStart(2, '0');
  return {
    _id: `g${String(n).padStart(23, '0')}`,
    community: 'c1',
    alias: `A-${n}`,
    name: n % 2 ? `Turma Ímpar ${n}` : `Turma Par ${n}`,
    season: n < 6 ? '2025' : '2026',
    active: n % 4 !== 0,
    tags: [],
    admins: n % 3 === 0 ? [{ user: 'u1' }] : [],
    components: [],
    fields: {},
    createdAt: `2026-01-${day}T10:00:${String(n).padStart(2, '0')}.000Z`,
    updatedAt: `2026-02-01T00:00:${String(n).padStart(2, '0')}.000Z`,
    ...overrides,
  };
}

function user(n: number, updatedAt: string): UserRecord {
  return {
    _id: `u${n}`,
    community: 'c1',
    alias: `user-${n}`,
    name: `Pessoa ${n}`,
    email: `p${n}@example.com`,
    birth: '1990-01-01',
    active: true,
    rolesSet: { student: false, guardian: true, professor: false, coordenator: false },
    address: { code: '', state: '', city: '', district: '', address: '', complement: '', number: '' },
    fields: {},
    roles: [],
    permissions: [],
    createdAt: updatedAt,
    updatedAt,
    lastSeenAt: updatedAt,
  };
}

const dataset: Dataset = {
  seed: 1,
  communities: [{ id: 'c1', name: 'C1', color: '#000', icon: '', timeZone: 'America/Sao_Paulo', seasons: ['2025', '2026'], inep: '1' }],
  groups: Array.from({ length: 12 }, (_, i) => group(i + 1)).concat([group(99, { community: 'c2', alias: 'A-1' })]),
  users: [user(1, '2026-01-01T00:00:00.000Z'), user(2, '2026-01-02T00:00:00.000Z'), user(3, '2026-01-03T00:00:00.000Z')],
  members: [],
  enrollments: [],
  components: [],
  apps: [],
  installations: [],
  syncRuns: [],
  tokens: [],
};

const base = { community: 'c1', page: 1, limit: 100 };

describe('queryGroups', () => {
  const store = createMemoryStore(dataset);
  const all = store.queryGroups(base).items;

  it('lists a community only, in creation order by default', () => {
    expect(all).toHaveLength(12);
    expect(all.every((g) => g.community === 'c1')).toBe(true);
    const created = all.map((g) => g.createdAt);
    expect(created).toEqual([...created].sort());
  });

  it.each([
    ['active=true', { active: true }, (g: Stored<GroupRecord>) => g.active],
    ['active=false', { active: false }, (g: Stored<GroupRecord>) => !g.active],
    ['name', { name: 'Turma Par 4' }, (g: Stored<GroupRecord>) => g.name === 'Turma Par 4'],
    ['season', { season: '2025' }, (g: Stored<GroupRecord>) => g.season === '2025'],
    ['admins.user', { adminUser: 'u1' }, (g: Stored<GroupRecord>) => g.admins.some((a) => a.user === 'u1')],
    ['createdAt as a day', { createdAt: '2026-01-02' }, (g: Stored<GroupRecord>) => g.createdAt.startsWith('2026-01-02')],
    ['createdAt as an instant', { createdAt: '2026-01-03T10:00:02.000Z' }, (g: Stored<GroupRecord>) => g.createdAt === '2026-01-03T10:00:02.000Z'],
    ['alias', { alias: 'A-7' }, (g: Stored<GroupRecord>) => g.alias === 'A-7'],
    ['q, accent- and case-insensitive', { q: 'impar' }, (g: Stored<GroupRecord>) => g.name.includes('Ímpar')],
    ['q on the alias', { q: 'a-1' }, (g: Stored<GroupRecord>) => g.alias.toLowerCase().includes('a-1')],
    ['two filters', { season: '2026', active: true }, (g: Stored<GroupRecord>) => g.season === '2026' && g.active],
  ])('filters by %s: exactly the matching groups, a subset of the list', (_name, filter, predicate) => {
    const page = store.queryGroups({ ...base, ...filter });
    const expected = all.filter(predicate);
    expect(page.items).toEqual(expected);
    expect(page.total).toBe(expected.length);
    expect(expected.length).toBeGreaterThan(0);
  });

  it('pages without overlap and counts every match', () => {
    const pages = [1, 2, 3].map((page) => store.queryGroups({ ...base, page, limit: 5 }));
    expect(pages.map((p) => p.items.length)).toEqual([5, 5, 2]);
    expect(pages.flatMap((p) => p.items)).toEqual(all);
    expect(pages.every((p) => p.total === 12)).toBe(true);
  });

  it.each([
    ['name ascending', [{ key: 'name', descending: false }] as const],
    ['updatedAt descending', [{ key: 'updatedAt', descending: true }] as const],
    ['createdAt descending', [{ key: 'createdAt', descending: true }] as const],
  ])('sorts by %s', (_name, sort) => {
    const items = store.queryGroups({ ...base, sort: [...sort] }).items;
    const key = sort[0].key;
    const values = items.map((g) => g[key]);
    const expected = [...values].sort();
    expect(values).toEqual(sort[0].descending ? expected.reverse() : expected);
  });

  it('keeps its indexes when a group changes (name, active, admins)', () => {
    const s = createMemoryStore(dataset);
    const g = s.groupByAlias('c1', 'A-1') as GroupRecord;
    s.putGroup({ ...g, name: 'Renomeada', active: false, admins: [{ user: 'u9' }] });
    expect(s.queryGroups({ ...base, name: 'Renomeada' }).items.map((x) => x.alias)).toEqual(['A-1']);
    expect(s.queryGroups({ ...base, name: g.name }).total).toBe(0);
    expect(s.queryGroups({ ...base, adminUser: 'u9' }).items.map((x) => x.alias)).toEqual(['A-1']);
    expect(s.queryGroups({ ...base, active: false }).items.map((x) => x.alias)).toContain('A-1');
    expect(s.queryGroups({ ...base, q: 'renomeada' }).total).toBe(1);
  });

  it("knows each tag name's id in a community, even after the last group drops it", () => {
    const s = createMemoryStore(dataset);
    const g = s.groupByAlias('c1', 'A-3') as GroupRecord;
    s.putGroup({ ...g, tags: [{ id: 't-1', name: 'manha' }] });
    expect(s.tagByName('c1', 'manha')).toEqual({ id: 't-1', name: 'manha' });
    s.putGroup({ ...g, tags: [] });
    expect(s.tagByName('c1', 'manha')).toEqual({ id: 't-1', name: 'manha' });
    expect(s.tagByName('c2', 'manha')).toBeUndefined();
    expect(s.seed).toBe(1);
  });

  it('returns the stored records themselves, which are immutable: frozen, a mutation throws and changes nothing', () => {
    const s = createMemoryStore(structuredClone(dataset), { freeze: true });
    const g = s.queryGroups(base).items[0] as GroupRecord;
    expect(s.groupByAlias('c1', g.alias)).toBe(g);
    expect(() => {
      g.name = 'mutated';
    }).toThrow(TypeError);
    expect(() => g.tags.push({ id: 'x', name: 'x' })).toThrow(TypeError);
    const written = { ...g, name: 'nova' };
    s.putGroup(written);
    expect(s.groupByAlias('c1', g.alias)).toBe(written);
    expect(Object.isFrozen(written)).toBe(true);
    expect(s.queryGroups(base).items[0]?.name).toBe('nova');
  });

  it('never reaches across communities', () => {
    expect(store.group('c1', dataset.groups.at(-1)!._id)).toBeUndefined();
    expect(store.groupByAlias('c2', 'A-1')?.community).toBe('c2');
  });
});

describe('usersUpdatedAfter', () => {
  const store = createMemoryStore(dataset);
  it.each([
    ['everything, oldest first', {}, ['u1', 'u2', 'u3']],
    ['after is inclusive', { after: '2026-01-02T00:00:00.000Z' }, ['u2', 'u3']],
    ['limit', { limit: 2 }, ['u1', 'u2']],
    ['nothing after the newest', { after: '2026-02-01T00:00:00.000Z' }, []],
  ])('%s', (_name, query, ids) => {
    expect(store.usersUpdatedAfter({ community: 'c1', limit: 100, ...query }).map((u) => u._id)).toEqual(ids);
  });
  it('moves a user in the order when it is updated', () => {
    const s = createMemoryStore(dataset);
    s.putUser({ ...(s.user('u1') as UserRecord), updatedAt: '2026-03-01T00:00:00.000Z' });
    expect(s.usersUpdatedAfter({ community: 'c1', limit: 100 }).map((u) => u._id)).toEqual(['u2', 'u3', 'u1']);
  });
});

describe('reset, snapshot and load', () => {
  it('reset goes back to the seed; snapshot is a deep copy; load replaces everything', () => {
    const s = createMemoryStore(dataset);
    const before = s.snapshot();
    s.putGroup({ ...(s.groupByAlias('c1', 'A-2') as GroupRecord), name: 'X' });
    const changed = s.snapshot();
    expect(changed).not.toEqual(before);
    s.reset();
    expect(s.snapshot()).toEqual(before);
    s.load(changed);
    expect(s.groupByAlias('c1', 'A-2')?.name).toBe('X');
    changed.groups.length = 0;
    expect(s.queryGroups(base).total).toBe(12);
  });
  it('counts writes', () => {
    const s = createMemoryStore(dataset);
    const v = s.version;
    s.putUser(s.user('u1') as UserRecord);
    expect(s.version).toBe(v + 1);
  });
});

describe('createdAtMatches', () => {
  it.each([
    ['2026-01-15T10:00:00.000Z', '2026-01-15', true],
    ['2026-01-15T10:00:00.000Z', '2026-01-16', false],
    ['2026-01-15T10:00:00.000Z', '2026-01-15T10:00:00Z', true],
    ['2026-01-15T10:00:00.000Z', '2026-01-15T07:00:00-03:00', true],
    ['2026-01-15T10:00:00.000Z', 'garbage', false],
  ])('%s against %s → %s', (createdAt, filter, expected) => {
    expect(createdAtMatches(createdAt, filter)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { createRng } from '../../fixtures/rng.ts';
import { BaseData } from './BaseData.ts';
import { createMemoryStore } from './createMemoryStore.ts';
import { OverlayStore } from './OverlayStore.ts';
import type { Dataset, EnrollmentRecord, GroupRecord, MemberRecord, UserRecord } from '../../fixtures/records.ts';
import type { GroupQuery, SortTerm } from './Store.ts';
import { applyWrite, type StoreWrite } from './StoreWrite.ts';

const NAMES = ['Turma Ímpar', 'Turma Par', 'Clube de Xadrez', 'Reforço', 'Matemática'];

function dataset(): Dataset {
  const groups: GroupRecord[] = Array.from({ length: 60 }, (_, n) => ({
    _id: `g${String(n).padStart(23, '0')}`,
    community: n % 7 === 0 ? 'c2' : 'c1',
    alias: `A-${n}`,
    name: `${NAMES[n % NAMES.length]} ${n % 9}`,
    season: n % 3 === 0 ? '2025' : '2026',
    active: n % 4 !== 0,
    tags: [],
    admins: n % 3 === 0 ? [{ user: 'u1' }] : n % 5 === 0 ? [{ user: 'u2' }] : [],
    components: [],
    fields: {},
    createdAt: `2026-01-${String(1 + (n % 9)).padStart(2, '0')}T10:00:${String(n).padStart(2, '0')}.000Z`,
    updatedAt: `2026-02-01T00:00:${String(59 - n).padStart(2, '0')}.000Z`,
  }));
  const users: UserRecord[] = [1, 2, 3, 4].map((n) => ({
    _id: `u${n}`,
    community: 'c1',
    alias: `user-${n}`,
    name: `Pessoa ${n}`,
    email: `p${n}@example.com`,
    birth: '',
    active: true,
    rolesSet: { student: false, guardian: true, professor: n < 3, coordenator: false },
    address: { code: '', state: '', city: '', district: '', address: '', complement: '', number: '' },
    fields: {},
    roles: [],
    permissions: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: `2026-01-0${n}T00:00:00.000Z`,
    lastSeenAt: '2026-01-01T00:00:00.000Z',
  }));
  const members: MemberRecord[] = [
    {
      _id: 'm1',
      community: 'c1',
      alias: 'aluno-1',
      name: 'Aluno',
      birth: '',
      active: true,
      users: ['u3'],
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    },
  ];
  const enrollments: EnrollmentRecord[] = [
    {
      _id: 'e1',
      community: 'c1',
      kind: 'member',
      entity: 'm1',
      group: (groups[1] as GroupRecord)._id,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    },
  ];
  return { seed: 1, communities: [], groups, users, members, enrollments, components: [], apps: [], installations: [], syncRuns: [], tokens: [] };
}

const SORTS: SortTerm[][] = [
  [],
  [{ key: 'name', descending: false }],
  [
    { key: 'updatedAt', descending: true },
    { key: 'alias', descending: false },
  ],
  [{ key: 'createdAt', descending: true }],
];

function randomQuery(rng: ReturnType<typeof createRng>): GroupQuery {
  const q: GroupQuery = { community: rng.next() < 0.85 ? 'c1' : 'c2', page: rng.int(1, 4), limit: rng.int(1, 12), sort: rng.pick(SORTS) };
  if (rng.next() < 0.4) q.active = rng.next() < 0.5;
  if (rng.next() < 0.3) q.season = rng.pick(['2025', '2026']);
  if (rng.next() < 0.2) q.q = rng.pick(['turma', 'IMPAR', 'xadrez', 'a-1', 'nova']);
  if (rng.next() < 0.15) q.adminUser = rng.pick(['u1', 'u2']);
  if (rng.next() < 0.1) q.name = rng.pick(NAMES) + ' 1';
  if (rng.next() < 0.1) q.createdAt = '2026-01-03';
  if (rng.next() < 0.05) q.alias = 'A-8';
  return q;
}

describe('a session store (overlay over the base)', () => {
  it('answers every group query as a store built from its own state would: pages, totals, filters, sorts', () => {
    const rng = createRng(7);
    const base = new BaseData(dataset(), { freeze: true });
    for (let round = 0; round < 30; round++) {
      const session = new OverlayStore(base, { freeze: true });
      for (let w = 0; w < rng.int(1, 15); w++) {
        const id = `g${String(rng.int(0, 69)).padStart(23, '0')}`;
        const current = session.snapshot().groups.find((g) => g._id === id);
        const next: GroupRecord = {
          ...(current ?? { _id: id, community: 'c1', alias: `N-${id.slice(-3)}`, tags: [], components: [], fields: {}, createdAt: '2026-01-05T11:00:00.000Z' }),
          name: rng.next() < 0.5 ? `Nova ${rng.int(0, 3)}` : (current?.name ?? 'Turma Par 1'),
          season: rng.pick(['2025', '2026']),
          active: rng.next() < 0.5,
          admins: rng.next() < 0.5 ? [{ user: 'u1' }] : [],
          createdAt: current?.createdAt ?? `2026-01-0${rng.int(1, 9)}T09:00:00.000Z`,
          updatedAt: `2026-03-0${rng.int(1, 9)}T00:00:00.000Z`,
        } as GroupRecord;
        session.putGroup(next);
      }
      const oracle = createMemoryStore(session.snapshot());
      for (let i = 0; i < 40; i++) {
        const q = randomQuery(rng);
        const got = session.queryGroups(q);
        const want = oracle.queryGroups(q);
        expect({ total: got.total, ids: got.items.map((g) => g._id) }, JSON.stringify(q)).toEqual({ total: want.total, ids: want.items.map((g) => g._id) });
      }
    }
  });

  it("merges the data actions' order and season with the session's writes", () => {
    const base = new BaseData(dataset());
    const session = new OverlayStore(base);
    session.putUser({ ...(session.user('u1') as UserRecord), updatedAt: '2026-01-02T12:00:00.000Z' });
    session.putUser({ ...(session.user('u2') as UserRecord), _id: 'u9', alias: 'user-9', email: 'p9@example.com', updatedAt: '2026-01-01T00:00:00.000Z' });
    const oracle = createMemoryStore(session.snapshot());
    for (const query of [{}, { after: '2026-01-02T00:00:00.000Z' }, { limit: 2 }, { season: '2026' }, { season: '2025' }]) {
      const q = { community: 'c1', limit: 100, ...query };
      expect(session.usersUpdatedAfter(q).map((u) => u._id)).toEqual(oracle.usersUpdatedAfter(q).map((u) => u._id));
    }
    expect(session.usersUpdatedAfter({ community: 'c1', limit: 100 }).map((u) => u._id)).toEqual(['u9', 'u2', 'u1', 'u3', 'u4']);
    // Unenrolling the member takes its user out of the season.
    const season = (session.group('c1', 'g00000000000000000000001') as GroupRecord).season;
    expect(session.usersUpdatedAfter({ community: 'c1', limit: 100, season }).map((u) => u._id)).toContain('u3');
    session.deleteEnrollment('e1');
    expect(session.enrollmentsOfMember('m1')).toEqual([]);
    expect(session.usersUpdatedAfter({ community: 'c1', limit: 100, season }).map((u) => u._id)).not.toContain('u3');
  });

  it('creating one copies nothing; two sessions over one base see only their own writes', () => {
    const base = new BaseData(dataset(), { freeze: true });
    const a = new OverlayStore(base);
    const b = new OverlayStore(base);
    const g = a.groupByAlias('c1', 'A-1') as GroupRecord;
    expect(b.groupByAlias('c1', 'A-1')).toBe(g);
    a.putGroup({ ...g, alias: 'A-1-renamed' });
    expect(a.groupByAlias('c1', 'A-1')).toBeUndefined();
    expect(a.groupByAlias('c1', 'A-1-renamed')?._id).toBe(g._id);
    expect(b.groupByAlias('c1', 'A-1')).toBe(g);
    expect(b.writes).toBe(0);
    expect(a.writes).toBe(1);
    expect(a.estimateBytes()).toBeGreaterThan(0);
    expect(b.estimateBytes()).toBe(0);
    a.reset();
    expect(a.groupByAlias('c1', 'A-1')).toBe(g);
  });

  it('its changes replay, through the Store interface, into the same state', () => {
    const base = new BaseData(dataset());
    const log: StoreWrite[] = [];
    const session = new OverlayStore(base, { onWrite: (w) => log.push(w) });
    session.putGroup({ ...(session.groupByAlias('c1', 'A-2') as GroupRecord), name: 'Outra' });
    session.deleteEnrollment('e1');
    session.putMember({ ...(session.member('m1') as MemberRecord), users: [] });
    const fromLog = new OverlayStore(base);
    for (const w of log) applyWrite(fromLog, w);
    const fromChanges = new OverlayStore(base);
    const changes = session.changes();
    expect(changes.base).toBe('seed');
    for (const w of changes.writes) applyWrite(fromChanges, w);
    expect(fromLog.snapshot()).toEqual(session.snapshot());
    expect(fromChanges.snapshot()).toEqual(session.snapshot());
  });
});

describe('a session keeps its group pages until its next write', () => {
  it('answers a repeated query the same, and a write shows at once', () => {
    const base = new BaseData(dataset());
    const session = new OverlayStore(base);
    const first = base.groups.get(`g${String(1).padStart(23, '0')}`) as GroupRecord;
    session.putGroup({ ...first, name: 'Turma Nova' });
    const q: GroupQuery = { community: 'c1', page: 1, limit: 5, q: 'turma' };
    const before = session.queryGroups(q);
    before.items.pop(); // a caller's own copy: the kept page is not touched
    expect(session.queryGroups(q)).toEqual({ items: expect.any(Array), total: before.total });
    expect(session.queryGroups(q).items).toHaveLength(5);
    session.putGroup({ ...first, name: 'Xadrez Novo' });
    const after = session.queryGroups(q);
    expect(after.total).toBe(before.total - 1);
    expect(after.items.some((g) => g._id === first._id)).toBe(false);
  });
});

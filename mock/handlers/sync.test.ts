import { describe, expect, it } from 'vitest';
import type { DataActionComponent, DataActionUser, Group, SyncUpload } from '../../spec/openapi.d.ts';
import { type MockHarness, devToken } from '../testing/startMock.ts';
import { useMock } from '../testing/useMock.ts';

let mock: MockHarness;
let community: string;
let token: string;
let secret: string;
useMock('test', (fx) => ({ mock, community, token, secret } = fx));

const upload = (body: unknown, run = 'run-1') => mock.call<any>('POST', `/v2/sync/${run}/uploadEntities`, { token, community, body });
const search = async (alias: string) => (await mock.call<{ hits: Group[] }>('GET', '/v1/groups/search', { token, community, query: { alias } })).body.hits[0];
const dataAction = (action: 'Users' | 'Components', data: Record<string, unknown>) =>
  mock.call<{ data: Array<DataActionUser | DataActionComponent> }>('POST', `/v1/@platform:data:${action}:getUpdatedAfter`, {
    body: { context: { issuedAt: mock.clock.iso(), action: `@platform:data:${action}:getUpdatedAfter`, community }, secret, data },
  });

function classUpload(overrides: Partial<NonNullable<SyncUpload['groups']>> = {}): SyncUpload {
  return {
    components: {
      data: [
        { active: true, alias: 't-mat', name: 'Matemática', fields: { '@education:basic': { inep: '35000001' } } },
        { active: true, alias: 't-por', name: 'Português' },
      ],
    },
    users: {
      data: [
        { active: true, alias: 't-prof', name: 'Joana Prado', email: 'joana@example.com.br', birth: '1980-01-01', rolesSet: { professor: true } },
        { active: true, alias: 't-prof2', name: 'Rui Prado', email: 'rui@example.com.br', rolesSet: { professor: true } },
        { active: true, alias: 't-resp', name: 'Lia Souza', email: 'lia@example.com.br', rolesSet: { guardian: true } },
      ],
    },
    members: {
      data: [
        { active: true, alias: 't-aluno', name: 'Davi Souza', birth: '2014-02-02', users: ['t-resp'] },
        { active: true, alias: 't-aluno2', name: 'Ana Souza', users: ['t-resp'] },
      ],
    },
    groups: {
      data: [
        {
          alias: 't-7A',
          name: '7º Ano A',
          season: '2031',
          active: true,
          members: [['t-aluno'], ['t-aluno2']],
          adminsSet: [['t-prof', 't-mat']],
          admins: [{ email: 'rui@example.com.br', components: ['t-por'] }],
          components: [['t-mat'], ['t-por']],
          tags: ['fundamental', 'manha'],
          fields: { 'education:basic': { tipo: 'regular', nivel: 'EF2', periodo: ['matutino'] } },
        },
      ],
      ...overrides,
    },
  };
}

describe('POST /v2/sync/{syncRunId}/uploadEntities', () => {
  it('stores a whole class; it is visible at once through the group routes and the data actions', async () => {
    const res = await upload(classUpload());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ syncRunId: 'run-1', received: { groups: 1, members: 2, users: 3, components: 2 }, warnings: [] });
    const group = (await search('t-7A'))!;
    const profId = mock.deps.store.userByAlias(community, 't-prof')!._id;
    expect(group).toMatchObject({
      name: '7º Ano A',
      season: '2031',
      active: true,
      community,
      syncedAt: mock.clock.iso(),
      updatedAt: mock.clock.iso(),
      tags: [{ name: 'fundamental' }, { name: 'manha' }],
      fields: {
        '@education:basic': { tipo: { _id: 'regular', label: 'Regular' }, nivel: { _id: 'EF2', label: 'Ensino Fundamental II' }, periodo: 'matutino' },
      },
    });
    expect(group.admins?.map((a) => a.user)).toEqual([profId, mock.deps.store.userByAlias(community, 't-prof2')!._id]);
    expect((await mock.call<Group>('GET', `/v1/groups/${group._id}`, { token, community })).body).toEqual(group);

    const users = await dataAction('Users', { season: '2031' });
    expect(users.body.data.map((u) => u.alias).sort()).toEqual(['t-prof', 't-prof2', 't-resp']);
    const components = await dataAction('Components', { season: '2031' });
    // Both share one updatedAt, so their order is by id (a tie-break), not by upload order.
    expect(components.body.data).toHaveLength(2);
    expect(components.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ alias: 't-mat', name: 'Matemática', fields: { inep: '35000001' }, active: true, updatedAt: mock.clock.iso() }),
        expect.objectContaining({ alias: 't-por' }),
      ]),
    );
    expect(mock.deps.store.enrollmentsOfGroup(group._id as string)).toHaveLength(2);
    expect(mock.deps.store.syncRun('run-1')?.uploads).toHaveLength(1);
  });

  it('each removeUnlisted* flag unlinks what the entry does not list, and deletes nothing', async () => {
    await upload(classUpload());
    mock.clock.advance(1000);
    const second: SyncUpload = {
      groups: {
        data: [{ alias: 't-7A', members: [['t-aluno']], adminsSet: [['t-prof']], components: [['t-mat']], tags: ['fundamental'] }],
        removeUnlistedAdmins: true,
        removeUnlistedComponents: true,
        removeUnlistedEnrollments: true,
        removeUnlistedTags: true,
      },
      members: { data: [{ alias: 't-aluno2', users: [] }], removeUnlistedUsers: true },
    };
    expect((await upload(second)).status).toBe(200);
    const group = (await search('t-7A'))!;
    expect(group.tags?.map((t) => t.name)).toEqual(['fundamental']);
    expect(group.admins).toEqual([{ user: mock.deps.store.userByAlias(community, 't-prof')!._id }]);
    expect(group.updatedAt).toBe(mock.clock.iso());
    const stored = mock.deps.store.groupByAlias(community, 't-7A')!;
    expect(stored.components).toEqual([mock.deps.store.componentByAlias(community, 't-mat')!._id]);
    expect(mock.deps.store.enrollmentsOfGroup(stored._id).map((e) => e.entity)).toEqual([mock.deps.store.memberByAlias(community, 't-aluno')!._id]);
    expect(mock.deps.store.memberByAlias(community, 't-aluno2')).toMatchObject({ users: [], active: true });
    expect(mock.deps.store.userByAlias(community, 't-prof2')).toBeDefined();
    expect(mock.deps.store.componentByAlias(community, 't-por')).toBeDefined();
  });

  it('a tag name keeps the id it already has in the community', async () => {
    const seeded = mock.deps.store.queryGroups({ community, page: 1, limit: 1000 }).items.find((g) => g.tags.length > 0)!;
    const [tag] = seeded.tags;
    await upload({ groups: { data: [{ alias: 't-tagged', name: 'Com etiqueta', season: '2031', tags: [tag!.name, 'etiqueta-nova'] }] } });
    await upload({ groups: { data: [{ alias: 't-tagged-2', name: 'Outra', season: '2031', tags: ['etiqueta-nova'] }] } });
    const first = (await search('t-tagged'))!;
    const second = (await search('t-tagged-2'))!;
    expect(first.tags?.[0]).toEqual(tag);
    expect(second.tags?.[0]?.id).toBe(first.tags?.[1]?.id);
  });

  it('without the flags, relations only accumulate; an entry without a key leaves it alone', async () => {
    await upload(classUpload());
    await upload({ groups: { data: [{ alias: 't-7A', tags: ['novo'] }], removeUnlistedAdmins: true } });
    const group = (await search('t-7A'))!;
    expect(group.tags?.map((t) => t.name)).toEqual(['fundamental', 'manha', 'novo']);
    expect(group.admins).toHaveLength(2);
  });

  it('active: false deactivates (the group is then listed with active=false), never deletes', async () => {
    await upload(classUpload());
    await upload({ groups: { data: [{ alias: 't-7A', active: false }] }, users: { data: [{ alias: 't-resp', active: false }] } });
    const inactive = await mock.call<Group[]>('GET', '/v1/groups', { token, community, query: { active: false, limit: 1000 } });
    expect(inactive.body.map((g) => g.alias)).toContain('t-7A');
    const users = await dataAction('Users', { season: '2031' });
    expect(users.body.data.find((u) => u.alias === 't-resp')).toMatchObject({ active: false });
  });

  it('an unchanged re-upload moves neither updatedAt nor syncedAt', async () => {
    await upload(classUpload());
    const first = await search('t-7A');
    mock.clock.advance(60_000);
    await upload(classUpload());
    expect(await search('t-7A')).toEqual(first);
  });

  it('reports unknown keys and links to aliases that exist nowhere as warnings', async () => {
    const res = await upload({
      users: { data: [{ alias: 'w-1', nmae: 'Typo', rolesSet: { coordinator: true } }] },
      groups: { data: [{ alias: 'w-g', name: 'G', season: '2031', members: [['ninguem']], adminsSet: [['fantasma']] }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.warnings).toEqual([
      { path: '/users/data/0/nmae', message: 'unknown key "nmae" (ignored); did you mean "name"?' },
      { path: '/users/data/0/rolesSet/coordinator', message: 'unknown key "coordinator" (ignored); did you mean "coordenator"?' },
      { path: '/users/data/0/name', message: 'a new user without a name; its alias stands in for it' },
      { path: '/groups/data/0/adminsSet/0/0', message: 'no user "fantasma" in this upload or in the community; admin skipped' },
      { path: '/groups/data/0/members/0/0', message: 'no member "ninguem" in this upload or in the community; enrollment skipped' },
    ]);
  });

  it.each([
    ['a wrong type', { groups: { data: [{ alias: 'x', name: 'X', active: 'yes' }] } }, 400, '/groups/data/0/active'],
    ['members not an array of arrays', { groups: { data: [{ alias: 'x', name: 'X', members: ['a'] }] } }, 400, '/groups/data/0/members/0'],
    ['an entry without alias', { users: { data: [{ name: 'Sem Alias' }] } }, 422, '/users/data/0/alias'],
    ['an alias listed twice', { components: { data: [{ alias: 'c' }, { alias: 'c' }] } }, 422, '/components/data/1/alias'],
    ['a new group without name', { groups: { data: [{ alias: 'sem-nome', season: '2031' }] } }, 422, '/groups/data/0/name'],
  ])('refuses %s, names the path, and stores nothing', async (_name, body, status, path) => {
    const valid = classUpload();
    const before = mock.deps.store.snapshot();
    const res = await upload({ ...valid, ...body });
    expect(res.status).toBe(status);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    expect(mock.deps.store.snapshot()).toEqual(before);
  });

  it('a run id belongs to one community', async () => {
    await upload(classUpload(), 'shared-run');
    const other = mock.deps.store.communities()[1]!.id;
    const res = await mock.call<any>('POST', '/v2/sync/shared-run/uploadEntities', {
      token: devToken(mock.deps, other, 'coordenator'),
      community: other,
      body: {},
    });
    expect(res.status).toBe(409);
  });
});

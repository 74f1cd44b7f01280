import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstWithRole, guardianWithEnrolledMembers, professorWithGroups } from '../../fixtures/datasetQueries.ts';
import type { UserInfo } from '../../spec/openapi.d.ts';
import type { TokenRecord, UserRecord } from '../../fixtures/records.ts';
import { devToken, startMock, type MockHarness } from '../testing/startMock.ts';

const COMMUNITY = 'colegio-horizonte';
const ALL = ['openid', 'profile', 'fullname', 'email', 'related.communities', 'related.groups', 'related.members', 'related.members.groups'];
/** The key-by-key mapping the spec decides (x-user-keys-by-scope), written out here so a drift shows. */
const USER_KEYS: Record<string, string[]> = {
  openid: ['id'],
  profile: ['lastSeenAt', 'createdAt', 'UpdatedAt', 'Alias', 'roles', 'permissions'],
  fullname: ['name'],
  email: ['email'],
};
const PARTS = [
  { include: 'community', key: 'community', scope: 'related.communities' },
  { include: 'groups', key: 'groups', scope: 'related.groups' },
  { include: 'members', key: 'Members', scope: 'related.members' },
];

let mock: MockHarness;
let guardian: UserRecord;
let professor: UserRecord;
let student: UserRecord;
let seq = 0;

beforeAll(async () => {
  mock = await startMock();
  const data = mock.deps.store.snapshot();
  guardian = guardianWithEnrolledMembers(data, COMMUNITY, '2026')!;
  professor = professorWithGroups(data, COMMUNITY, '2026')!;
  student = data.users.find(
    (u) =>
      u.community === COMMUNITY &&
      u.active &&
      u.rolesSet.student &&
      data.members.some((m) => m.users.includes(u._id) && data.enrollments.some((e) => e.entity === m._id)),
  )!;
  expect([guardian, professor, student, firstWithRole(data, COMMUNITY, 'admin')].every(Boolean)).toBe(true);
});
afterAll(async () => {
  // Every user-info answer validated against the spec: the pipeline flags a violation in X-Contract-Violations.
  expect(mock.violations).toEqual([]);
  await mock.close();
});

/** A token put straight into the store, as the token endpoint would. */
function tokenFor(user: UserRecord, scopes: string[], extra: Partial<TokenRecord> = {}): string {
  const token = `test_at_${++seq}`;
  mock.deps.store.putToken({
    token,
    kind: 'user',
    subject: user._id,
    communities: [user.community],
    clientId: 'app-diario-escolar',
    scopes,
    issuedAt: '2026-03-01T12:00:00.000Z',
    expiresAt: '2026-03-01T13:00:00.000Z',
    ...extra,
  });
  return token;
}

async function userInfo(token: string | undefined, includes?: string) {
  const res = await mock.call<UserInfo & { code?: string }>('GET', '/v1/oauth/user/info', { token, query: { includes } });
  if (res.status === 200) expect(mock.deps.contract.validateResponse('getUserInfo', 200, 'application/json', res.body).errors).toEqual([]);
  return res;
}

describe('GET /v1/oauth/user/info: scopes × includes', () => {
  const scopeSets = [
    ['openid'],
    ['profile'],
    ['fullname'],
    ['email'],
    ['openid', 'profile', 'fullname', 'email'],
    ['related.communities'],
    ['related.groups'],
    ['related.members'],
    ['related.members', 'related.members.groups'],
    ['related.members.groups'],
    ALL,
  ];
  const includeSets = ['', 'community', 'groups', 'members', 'members,groups,community'];
  const table = scopeSets.flatMap((scopes) => includeSets.map((includes) => [scopes.join(' '), includes || '(none)', scopes, includes] as const));

  it.each(table)('scope "%s", includes %s', async (_s, _i, scopes, includes) => {
    for (const user of [guardian, professor, student]) {
      const res = await userInfo(tokenFor(user, [...scopes]), includes || undefined);
      expect(res.status).toBe(200);
      const userKeys = scopes.flatMap((s) => USER_KEYS[s] ?? []);
      const asked = includes.split(',');
      const parts = PARTS.filter((p) => asked.includes(p.include) && scopes.includes(p.scope)).map((p) => p.key);
      expect(Object.keys(res.body).sort()).toEqual([...(userKeys.length ? ['user'] : []), ...parts].sort());
      if (userKeys.length) expect(Object.keys(res.body.user ?? {}).sort()).toEqual([...userKeys].sort());
      for (const member of res.body.Members ?? []) {
        expect(Object.keys(member).sort()).toEqual(
          ['alias', 'createdAt', 'id', 'name', 'updatedAt', ...(scopes.includes('related.members.groups') ? ['groups'] : [])].sort(),
        );
      }
    }
  });
});

describe('GET /v1/oauth/user/info: what each part holds', () => {
  it("user: the record under the interface's spelling (UpdatedAt, Alias)", async () => {
    const res = await userInfo(tokenFor(guardian, ALL));
    expect(res.body.user).toEqual({
      id: guardian._id,
      lastSeenAt: guardian.lastSeenAt,
      createdAt: guardian.createdAt,
      UpdatedAt: guardian.updatedAt,
      Alias: guardian.alias,
      roles: guardian.roles,
      permissions: guardian.permissions,
      name: guardian.name,
      email: guardian.email,
    });
  });

  it("community: color, community, icon, name of the user's community", async () => {
    const res = await userInfo(tokenFor(guardian, ALL), 'community');
    const c = mock.deps.store.community(COMMUNITY)!;
    expect(res.body.community).toEqual({ color: c.color, community: c.id, icon: c.icon, name: c.name });
  });

  it("Members: a guardian's active members, each with its groups and enrollment", async () => {
    const res = await userInfo(tokenFor(guardian, ALL), 'members');
    const members = mock.deps.store.membersOfUser(guardian._id).filter((m) => m.active);
    expect(members.length).toBeGreaterThan(0);
    expect(res.body.Members?.map((m) => m.id).sort()).toEqual(members.map((m) => m._id).sort());
    for (const member of res.body.Members ?? []) {
      const enrollments = mock.deps.store.enrollmentsOfMember(member.id as string);
      expect(member.groups?.length).toBeGreaterThan(0);
      for (const group of member.groups ?? []) {
        expect(typeof group.season).toBe('number');
        expect(group.enrollment).toMatchObject({ kind: 'member', entity: member.id, group: group.id });
        expect(enrollments.some((e) => e._id === group.enrollment?.id)).toBe(true);
      }
    }
  });

  it("groups: a guardian is linked to no group of their own (their children's are under Members)", async () => {
    const res = await userInfo(tokenFor(guardian, ALL), 'groups');
    expect(res.body.groups).toEqual([]);
  });

  it("groups: a professor's administered active groups, season as a number, no enrollment", async () => {
    const res = await userInfo(tokenFor(professor, ALL), 'groups');
    const administered = mock.deps.store.groupsAdministeredBy(professor._id).filter((g) => g.active);
    expect(res.body.groups?.map((g) => g.id).sort()).toEqual(administered.map((g) => g._id).sort());
    for (const group of res.body.groups ?? []) {
      const record = administered.find((g) => g._id === group.id)!;
      expect(group).toEqual({
        id: record._id,
        name: record.name,
        alias: record.alias,
        createdAt: record.createdAt,
        updatedAt: record.updatedAt,
        season: Number(record.season),
      });
    }
  });

  it("groups: a student's groups through its own member, with the enrollment", async () => {
    const res = await userInfo(tokenFor(student, ALL), 'groups,members');
    expect(res.body.groups?.length).toBeGreaterThan(0);
    const own = mock.deps.store.membersOfUser(student._id).map((m) => m._id);
    for (const group of res.body.groups ?? []) expect(own).toContain(group.enrollment?.entity);
    expect(res.body.Members?.map((m) => m.id)).toEqual(own);
  });

  it('a development token grants every scope', async () => {
    const res = await userInfo(devToken(mock.deps, COMMUNITY, 'guardian'), 'members,groups,community');
    expect(Object.keys(res.body).sort()).toEqual(['Members', 'community', 'groups', 'user']);
    expect(Object.keys(res.body.user ?? {})).toHaveLength(9);
  });
});

describe('GET /v1/oauth/user/info: refusals', () => {
  it.each([
    ['no token', () => undefined, 401, 'unauthorized'],
    ['an unknown token', () => 'mock_at_unknown', 401, 'invalid_token'],
    ['an expired token', () => tokenFor(guardian, ALL, { expiresAt: '2026-03-01T11:59:59.999Z' }), 401, 'invalid_token'],
    ['a revoked token', () => tokenFor(guardian, ALL, { revoked: true }), 401, 'invalid_token'],
    ['a token whose user is gone', () => tokenFor({ ...guardian, _id: '000000000000000000000000' }, ALL), 401, 'invalid_token'],
    ['an app token', () => tokenFor(guardian, [], { kind: 'app', subject: 'app-diario-escolar' }), 403, 'insufficient_scope'],
  ])('%s → %s %s', async (_name, token, status, code) => {
    const res = await userInfo(token());
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.body.code).toBe(code);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm=/);
  });

  it('a malformed Authorization header → 401', async () => {
    const res = await mock.call('GET', '/v1/oauth/user/info', { headers: { authorization: 'Token abc' } });
    expect(res.status).toBe(401);
  });

  it.each([['foo'], ['members,,groups'], ['Members']])('includes=%s → 400', async (includes) => {
    const res = await userInfo(tokenFor(guardian, ALL), includes);
    expect(res.status).toBe(400);
  });
});

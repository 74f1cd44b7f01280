/**
 * Every field, parameter, header, scope and rule name of the API description, under its exact spelling,
 * and where the spec must hold it. A rename in the spec (a "fix" of `incudes`, `coordenator`, `UpdatedAt`…)
 * fails here.
 */
import { describe, expect, it } from 'vitest';
import { loadContract } from './contract.ts';
import { deref, resolvePointer } from './resolvePointer.ts';

const contract = loadContract();
const doc = contract.document;

function properties(schemaPointer: string): Record<string, Record<string, unknown>> {
  const schema = deref<Record<string, unknown>>(doc, resolvePointer(doc, schemaPointer) as Record<string, unknown>);
  return (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
}
const s = (name: string) => `#/components/schemas/${name}`;

describe('every key of the description is in the spec, spelled exactly', () => {
  it.each([
    [s('Group'), ['_id', 'alias', 'createdAt', 'updatedAt', 'community', 'name', 'tags', 'admins', 'active', 'syncedAt', 'season', 'fields']],
    [s('GroupTag'), ['id', 'name']],
    [s('GroupAdmin'), ['user']],
    [s('GroupFields'), ['@education:basic']],
    [s('EducationBasicGroupFields'), ['tipo', 'nivel', 'periodo']],
    [s('IdLabel'), ['_id', 'label']],
    [s('GroupSearchResult'), ['total', 'hits']],
    [
      s('AppInstallation'),
      [
        'manifest',
        'approved',
        'approvedAt',
        'approvedBy',
        'active',
        'activatedAt',
        'installed',
        'installedBy',
        'uninstalledAt',
        'uninstalledBy',
        'uninstalledReason',
        'pendingUpdate',
        'pendingUpdateSince',
        'requiresManualUpdate',
        'status',
        'consentedFeatures',
        'contactInfo',
      ],
    ],
    [s('ConsentedFeature'), ['id', 'consentedAt']],
    [s('ContactInfo'), ['name', 'telephone', 'message']],
    [
      s('AppManifest'),
      ['id', 'approval', 'visibility', 'displayName', 'description', 'icon', 'createdAt', 'updatedAt', 'api', 'portals', 'services', 'oauth', 'roles'],
    ],
    [s('ManifestIcon'), ['url', 'width', 'height']],
    [s('ManifestApi'), ['enabled', 'roles']],
    [s('ManifestPortals'), ['enabled', 'data']],
    [s('Portal'), ['oauth', 'origins', 'placement', 'features', 'alias', 'title', 'location', 'action', 'icon']],
    [s('ManifestServices'), ['enabled', 'requests', 'responds']],
    [s('ManifestOAuth'), ['enabled', 'scopes', 'response_type', 'grant']],
    [s('ManifestRoles'), ['enabled', 'data']],
    [s('Role'), ['title', 'value', 'group', 'incudes', 'includedIn', 'pinned']],
    [s('UserInfo'), ['user', 'community', 'groups', 'Members']],
    [s('UserInfoUser'), ['lastSeenAt', 'id', 'createdAt', 'UpdatedAt', 'Alias', 'roles', 'permissions']],
    [s('UserInfoCommunity'), ['color', 'community', 'icon', 'name']],
    [s('GroupSummary'), ['id', 'name', 'alias', 'createdAt', 'updatedAt', 'season', 'enrollment']],
    [s('Enrollment'), ['id', 'kind', 'entity', 'group', 'createdAt', 'updatedAt']],
    [s('UserInfoMember'), ['name', 'createdAt', 'updatedAt', 'alias', 'id', 'groups']],
    [s('SyncUpload'), ['groups', 'members', 'users', 'components']],
    [`${s('SyncUpload')}/properties/groups`, ['data', 'removeUnlistedAdmins', 'removeUnlistedComponents', 'removeUnlistedEnrollments', 'removeUnlistedTags']],
    [`${s('SyncUpload')}/properties/members`, ['data', 'removeUnlistedUsers']],
    [`${s('SyncUpload')}/properties/users`, ['data']],
    [`${s('SyncUpload')}/properties/components`, ['data']],
    [s('SyncGroupEntry'), ['alias', 'name', 'members', 'adminsSet', 'admins', 'components', 'tags', 'fields', 'season', 'active']],
    [`${s('SyncGroupEntry')}/properties/admins/items`, ['email', 'alias', 'components']],
    [`${s('SyncGroupEntry')}/properties/fields`, ['education:basic']],
    [`${s('SyncGroupEntry')}/properties/fields/properties/education:basic`, ['tipo', 'nivel', 'periodo']],
    [s('SyncMemberEntry'), ['active', 'users', 'alias', 'birth', 'name']],
    [s('SyncUserEntry'), ['active', 'alias', 'name', 'email', 'birth', 'rolesSet']],
    [s('RolesSet'), ['student', 'guardian', 'professor', 'coordenator', 'admin']],
    [s('SyncComponentEntry'), ['active', 'alias', 'name', 'fields']],
    [`${s('SyncComponentEntry')}/properties/fields`, ['@education:basic']],
    [`${s('SyncComponentEntry')}/properties/fields/properties/@education:basic`, ['inep']],
    [s('DataActionRequest'), ['context', 'secret', 'data']],
    [`${s('DataActionRequest')}/properties/context`, ['issuedAt', 'action', 'community']],
    [`${s('DataActionRequest')}/properties/data`, ['syncProfileId', 'syncRunId', 'season', 'after', 'limit']],
    [s('UpdatedUsersResponse'), ['data']],
    [s('DataActionUser'), ['active', 'alias', 'name', 'email', 'rolesSet', 'fields', 'address', 'updatedAt']],
    [`${s('DataActionUser')}/properties/address`, ['code', 'state', 'city', 'district', 'address', 'complement', 'number']],
    [s('UpdatedComponentsResponse'), ['data']],
    [s('DataActionComponent'), ['active', 'alias', 'name', 'fields', 'updatedAt']],
  ])('%s', (pointer, keys) => {
    expect(Object.keys(properties(pointer))).toEqual(expect.arrayContaining(keys));
  });
});

describe('types and requirements as the description gives them', () => {
  const typeOf = (pointer: string) => (deref(doc, resolvePointer(doc, pointer) as Record<string, unknown>) as { type?: string }).type;
  it.each([
    [`${s('Group')}/properties/season`, 'string'],
    [`${s('GroupSummary')}/properties/season`, 'number'],
    [`${s('AppInstallation')}/properties/installedBy`, 'boolean'],
    [`${s('GroupSearchResult')}/properties/total`, 'number'],
    [`${s('ManifestIcon')}/properties/width`, 'integer'],
    [`${s('DataActionRequest')}/properties/data/properties/limit`, 'integer'],
    [`${s('EducationBasicGroupFields')}/properties/periodo`, 'string'],
    [`${s('SyncGroupEntry')}/properties/fields/properties/education:basic/properties/periodo`, 'array'],
  ])('%s is %s', (pointer, type) => {
    expect(typeOf(pointer)).toBe(type);
  });

  it.each([
    [s('Group'), ['name']],
    [s('DataActionRequest'), ['context', 'secret']],
    [s('UpdatedUsersResponse'), ['data']],
    [s('UpdatedComponentsResponse'), ['data']],
    [s('AppInstallation'), []],
    [s('AppManifest'), []],
    [s('UserInfo'), []],
    [s('SyncUpload'), []],
    [s('SyncGroupEntry'), []],
    [s('DataActionUser'), []],
  ])('%s requires exactly %j', (pointer, required) => {
    const schema = resolvePointer(doc, pointer) as { required?: string[] };
    expect(schema.required ?? []).toEqual(required);
  });

  it('never closes a response schema (no additionalProperties: false anywhere)', () => {
    expect(JSON.stringify(doc)).not.toMatch(/"additionalProperties":false/);
    expect(JSON.stringify(doc)).not.toMatch(/"unevaluatedProperties":false/);
  });

  it.each([
    [`${s('DataActionRequest')}/properties/context/properties/issuedAt`],
    [`${s('DataActionRequest')}/properties/data/properties/after`],
    [`${s('DataActionUser')}/properties/updatedAt`],
    [`${s('DataActionComponent')}/properties/updatedAt`],
  ])('%s is an ISO 8601 date-time', (pointer) => {
    expect((resolvePointer(doc, pointer) as { format?: string }).format).toBe('date-time');
  });
});

describe('operations, parameters and security', () => {
  it.each([
    ['getUserInfo', 'get', '/v1/oauth/user/info', ['includes'], ['oauth2']],
    ['listGroups', 'get', '/v1/groups', ['community-id', 'createdAt', 'active', 'name', 'admins.user', 'season', 'sort', 'page', 'limit'], ['bearerAuth']],
    ['searchGroups', 'get', '/v1/groups/search', ['community-id', 'createdAt', 'active', 'name', 'admins.user', 'season', 'alias', 'q'], ['bearerAuth']],
    ['getGroup', 'get', '/v1/groups/{groupId}', ['community-id', 'groupId'], ['bearerAuth']],
    ['listAppInstallations', 'get', '/v1/appmaker/apps/{appId}/installations', ['community-id', 'appId'], ['bearerAuth']],
    ['updateAppInstallation', 'put', '/v1/appmaker/apps/{appId}/installations/{community}', ['community-id', 'appId', 'community'], ['bearerAuth']],
    ['approveAppInstallation', 'post', '/v1/appmaker/apps/{appId}/installations/{community}/approve', ['community-id', 'appId', 'community'], ['bearerAuth']],
    ['uploadSyncEntities', 'post', '/v2/sync/{syncRunId}/uploadEntities', ['community-id', 'syncRunId'], ['bearerAuth']],
    ['getUpdatedUsers', 'post', '/v1/@platform:data:Users:getUpdatedAfter', [], []],
    ['getUpdatedComponents', 'post', '/v1/@platform:data:Components:getUpdatedAfter', [], []],
  ])('%s is %s %s with its parameters and security', (operationId, method, path, params, security) => {
    const op = contract.operation(operationId);
    expect([op.method, op.path]).toEqual([method, path]);
    expect(op.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(params));
    expect(op.securitySchemes).toEqual(security);
    const header = op.parameters.find((p) => p.name === 'community-id');
    if (params.includes('community-id')) expect(header).toMatchObject({ in: 'header', required: true });
    else expect(header).toBeUndefined();
    for (const p of op.parameters.filter((p) => p.in === 'path')) expect(p.required).toBe(true);
    expect(op.tags.length).toBe(1);
  });

  it('types the active filter as boolean on list and search', () => {
    for (const id of ['listGroups', 'searchGroups']) expect(contract.operation(id).parameters.find((p) => p.name === 'active')?.schema.type).toBe('boolean');
  });

  it('declares the eight scopes and the OAuth URLs of the mock', () => {
    const scheme = (doc.components?.securitySchemes?.oauth2 ?? {}) as {
      flows: { authorizationCode: { scopes: Record<string, string>; authorizationUrl: string; tokenUrl: string } };
    };
    expect(Object.keys(scheme.flows.authorizationCode.scopes)).toEqual([
      'openid',
      'profile',
      'fullname',
      'email',
      'related.communities',
      'related.groups',
      'related.members',
      'related.members.groups',
    ]);
    expect(scheme.flows.authorizationCode.authorizationUrl).toMatch(/\/oauth\/authorize$/);
    expect(scheme.flows.authorizationCode.tokenUrl).toMatch(/\/oauth\/token$/);
    expect((doc.components?.securitySchemes?.bearerAuth as { scheme: string }).scheme).toBe('bearer');
  });

  it("documents the data actions' body secret as their credential", () => {
    for (const id of ['getUpdatedUsers', 'getUpdatedComponents']) expect(contract.operation(id).credential).toBe('body.secret');
  });
});

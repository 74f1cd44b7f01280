import { describe, expect, it } from 'vitest';
import { loadContract } from './contract.ts';
import { describeFieldError } from './formatAjvErrors.ts';
import { resolvePointer } from './resolvePointer.ts';

const contract = loadContract();
const doc = contract.document;

interface Example {
  where: string;
  schemaPointer: string;
  value: unknown;
}

/** Every example the spec carries: request bodies, responses and parameters. */
function collectExamples(): Example[] {
  const out: Example[] = [];
  const fromMedia = (mediaPointer: string, schemaPointer: string) => {
    const media = resolvePointer(doc, mediaPointer) as { examples?: Record<string, { value?: unknown; $ref?: string }>; example?: unknown };
    for (const [name, raw] of Object.entries(media.examples ?? {})) {
      const example = raw.$ref ? (resolvePointer(doc, raw.$ref) as { value: unknown }) : raw;
      out.push({ where: `${mediaPointer} example ${name}`, schemaPointer, value: example.value });
    }
    if (media.example !== undefined) out.push({ where: `${mediaPointer} example`, schemaPointer, value: media.example });
  };
  for (const op of contract.operations.values()) {
    for (const schemaPointer of Object.values(op.requestBody?.content ?? {})) fromMedia(schemaPointer.replace(/\/schema$/, ''), schemaPointer);
    for (const response of Object.values(op.responses)) {
      for (const schemaPointer of Object.values(response.content)) fromMedia(schemaPointer.replace(/\/schema$/, ''), schemaPointer);
    }
    for (const param of op.parameters) {
      const p = resolvePointer(doc, param.schemaPointer.replace(/\/schema$/, '')) as { example?: unknown; examples?: Record<string, { value: unknown }> };
      if (p.example !== undefined) out.push({ where: `${op.operationId} parameter ${param.name}`, schemaPointer: param.schemaPointer, value: p.example });
      for (const [name, e] of Object.entries(p.examples ?? {}))
        out.push({ where: `${op.operationId} parameter ${param.name} example ${name}`, schemaPointer: param.schemaPointer, value: e.value });
    }
  }
  return out;
}

describe('the examples of the spec', () => {
  const examples = collectExamples();

  it('exist for every operation', () => {
    for (const op of contract.operations.values()) {
      const jsonResponses = Object.values(op.responses).filter((r) => Object.keys(r.content).some((t) => t.includes('json')));
      const documented = examples.filter(
        (e) => e.where.startsWith(op.pointer) || e.where.includes(op.operationId) || jsonResponses.some((r) => e.where.startsWith(r.pointer)),
      );
      expect(documented.length, `${op.operationId} has no example`).toBeGreaterThan(0);
    }
    expect(examples.length).toBeGreaterThan(40);
  });

  it.each(examples.map((e) => [e.where, e] as const))('%s is valid against its schema', (_where, example) => {
    expect(contract.validateSchema(example.schemaPointer, example.value)).toEqual([]);
  });

  it('a mangled example fails, naming the JSON path and the rule', () => {
    const group = structuredClone((resolvePointer(doc, '#/components/examples/Group7A') as { value: Record<string, unknown> }).value);
    group.name = 7;
    (group.tags as Array<Record<string, unknown>>)[0]!.id = false;
    const errors = contract.validateSchema('#/components/schemas/Group', group);
    expect(errors.map(describeFieldError)).toEqual(['body.name must be string', 'body.tags[0].id must be string']);
    expect(errors.map((e) => e.rule)).toEqual(['type', 'type']);
  });
});

describe('validateRequest', () => {
  const headers = { 'community-id': 'colegio-horizonte' };
  it.each([
    ['a valid list request', 'listGroups', { headers, query: { active: 'true', limit: '5', sort: '-name' } }, []],
    ['missing community-id', 'listGroups', { query: {} }, ['header.community-id is required']],
    ['active=maybe', 'listGroups', { headers, query: { active: 'maybe' } }, ['query.active must be boolean']],
    ['limit=abc', 'listGroups', { headers, query: { limit: 'abc' } }, ['query.limit must be integer']],
    ['limit over the maximum', 'listGroups', { headers, query: { limit: '5000' } }, ['query.limit must be <= 1000']],
    [
      'an unknown sort key',
      'listGroups',
      { headers, query: { sort: 'colour' } },
      ['query.sort must match pattern "^-?(createdAt|updatedAt|name|alias)(,-?(createdAt|updatedAt|name|alias))*$"'],
    ],
    ['a repeated scalar', 'listGroups', { headers, query: { name: ['a', 'b'] } }, ['query.name must be given once, not repeated']],
    [
      'includes with an unknown part',
      'getUserInfo',
      { query: { includes: 'members,friends' } },
      ['query.includes must match pattern "^(members|groups|community)(,(members|groups|community))*$"'],
    ],
    ['a data action without secret', 'getUpdatedUsers', { contentType: 'application/json', body: { context: {} } }, ['body.secret is required']],
    [
      'a data action with a bad instant',
      'getUpdatedUsers',
      { contentType: 'application/json', body: { context: { issuedAt: 'yesterday' }, secret: 's' } },
      ['body.context.issuedAt must match format "date-time"'],
    ],
    [
      'a data action with a string limit',
      'getUpdatedUsers',
      { contentType: 'application/json', body: { context: {}, secret: 's', data: { limit: '10' } } },
      ['body.data.limit must be integer'],
    ],
    [
      'a sync entry with a wrong type',
      'uploadSyncEntities',
      { headers, path: { syncRunId: 'r' }, contentType: 'application/json', body: { groups: { data: [{ members: ['a'] }] } } },
      ['body.groups.data[0].members[0] must be array'],
    ],
    [
      'a body that is not JSON',
      'uploadSyncEntities',
      { headers, path: { syncRunId: 'r' }, contentType: 'text/plain', body: 'x' },
      ['header.content-type must be one of application/json (got "text/plain")'],
    ],
    ['no body where one is required', 'updateAppInstallation', { headers, path: { appId: 'a', community: 'c' } }, ['body is required'.replace('body', 'body')]],
  ] as const)('%s', (_name, operationId, input, expected) => {
    const result = contract.validateRequest(operationId, input as never);
    const described = result.errors.map(describeFieldError).map((d) => (d === 'body a request body is required' ? 'body is required' : d));
    expect(described).toEqual(expected);
    expect(result.ok).toBe(expected.length === 0);
  });

  it('coerces query values to their schema types and applies defaults', () => {
    const result = contract.validateRequest('listGroups', { headers, query: { active: 'false', page: '3' } });
    expect(result.values.query).toEqual({ active: false, page: 3, limit: 100, sort: 'createdAt' });
  });

  it('reports unknown body keys and query parameters as warnings, not errors', () => {
    const result = contract.validateRequest('uploadSyncEntities', {
      headers,
      path: { syncRunId: 'r' },
      query: { dryRun: 'true' },
      contentType: 'application/json',
      body: { users: { data: [{ alias: 'u1', nmae: 'Ana', rolesSet: { coordinator: true } }] }, extra: 1 },
    });
    expect(result.ok).toBe(true);
    expect(result.warnings.map((w) => w.message)).toEqual([
      'unknown query parameter "dryRun" (ignored)',
      'unknown key "nmae" (ignored); did you mean "name"?',
      'unknown key "coordinator" (ignored); did you mean "coordenator"?',
      'unknown key "extra" (ignored)',
    ]);
  });

  it('accepts any namespace in fields (their keys vary by community)', () => {
    const result = contract.validateRequest('uploadSyncEntities', {
      headers,
      path: { syncRunId: 'r' },
      contentType: 'application/json',
      body: { components: { data: [{ alias: 'c', fields: { '@education:basic': { inep: '1' }, '@outra:coisa': { x: '1' } } }] } },
    });
    expect(result.warnings).toEqual([]);
  });
});

describe('validateResponse', () => {
  it('accepts extra keys, absent optional keys and empty fields', () => {
    const result = contract.validateResponse('getGroup', 200, 'application/json; charset=utf-8', { name: 'x', fields: {}, somethingElse: [1] });
    expect(result).toMatchObject({ documented: true, errors: [] });
  });
  it.each([
    ['an undocumented status', 'getGroup', 418, 'application/json', {}, false, []],
    ['a wrong content type', 'getGroup', 200, 'text/html', '<p>', true, ['response must be application/json']],
    ['a group without name', 'getGroup', 200, 'application/json', { _id: 'x' }, true, ['response.name is required']],
    [
      'season as a string in a summary',
      'getUserInfo',
      200,
      'application/json',
      { groups: [{ season: '2026' }] },
      true,
      ['response.groups[0].season must be number'],
    ],
    ['data missing from a data action', 'getUpdatedUsers', 200, 'application/json', {}, true, ['response.data is required']],
  ] as const)('flags %s', (_name, operationId, status, type, body, documented, expected) => {
    const result = contract.validateResponse(operationId, status, type, body);
    expect(result.documented).toBe(documented);
    expect(result.errors.map(describeFieldError).map((d) => d.replace(/content type must be (\S+) \(got .*\)$/, 'must be $1'))).toEqual(expected);
  });
  it('checks documented headers', () => {
    const result = contract.validateResponse('listGroups', 200, 'application/json', [], { 'X-Total-Count': 'many' });
    expect(result.errors.map((e) => `${e.path} ${e.message}`)).toEqual(['header x-total-count must be integer']);
  });
});

describe('matchOperation', () => {
  it.each([
    ['GET', '/v1/groups', 'listGroups', {}],
    ['GET', '/v1/groups/search', 'searchGroups', {}],
    ['GET', '/v1/groups/64b7f0c2a1e4d93b5c0f2c10', 'getGroup', { groupId: '64b7f0c2a1e4d93b5c0f2c10' }],
    ['PUT', '/v1/appmaker/apps/app-x/installations/escola%20a', 'updateAppInstallation', { appId: 'app-x', community: 'escola a' }],
    ['POST', '/v1/appmaker/apps/app-x/installations/c/approve', 'approveAppInstallation', { appId: 'app-x', community: 'c' }],
    ['POST', '/v2/sync/run-1/uploadEntities', 'uploadSyncEntities', { syncRunId: 'run-1' }],
    ['POST', '/v1/@platform:data:Users:getUpdatedAfter', 'getUpdatedUsers', {}],
    ['POST', '/v1/@platform:data:Components:getUpdatedAfter', 'getUpdatedComponents', {}],
    ['GET', '/v1/oauth/user/info', 'getUserInfo', {}],
    // Percent-encoded characters route like the literal ones (RFC 3986 §6.2.2.2); %2F and %25 stay inside their segment.
    ['POST', '/v1/%40platform%3Adata%3AUsers%3AgetUpdatedAfter', 'getUpdatedUsers', {}],
    ['POST', '/v1/%40platform%3adata%3aComponents%3agetUpdatedAfter', 'getUpdatedComponents', {}],
    ['GET', '/v1/%67roups/search', 'searchGroups', {}],
    ['GET', '/v1/groups/a%2Fb', 'getGroup', { groupId: 'a/b' }],
    ['GET', '/v1/groups/100%2541', 'getGroup', { groupId: '100%41' }],
    ['GET', '/v1/groups/%C3%A7', 'getGroup', { groupId: 'ç' }],
  ])('%s %s → %s', (method, path, operationId, params) => {
    const match = contract.matchOperation(method, path);
    expect(match?.operation.operationId).toBe(operationId);
    expect(match?.pathParams).toEqual(params);
  });
  it.each([
    ['POST', '/v1/groups'],
    ['GET', '/v1/@platform:data:Users:getUpdatedAfterX'],
    ['GET', '/v1/groups/a/b'],
    ['GET', '/v1%2Fgroups'],
  ])('%s %s matches nothing', (method, path) => {
    expect(contract.matchOperation(method, path)).toBeUndefined();
  });
});

describe('isInferred', () => {
  it.each([
    ['#/paths/~1v1~1groups/get/parameters/7', true],
    ['#/paths/~1v1~1groups/get/parameters/2', false],
    ['#/paths/~1v1~1groups/get/parameters/1', true],
    ['#/paths/~1v1~1groups~1{groupId}/get/responses/404', true],
    ['#/paths/~1v1~1groups~1{groupId}/get/responses/200', false],
    ['#/components/schemas/UserInfoUser/properties/name', true],
    ['#/components/schemas/UserInfoUser/properties/UpdatedAt', false],
    ['#/components/schemas/Problem/properties/title', true],
  ])('%s → %s', (pointer, expected) => {
    expect(contract.isInferred(pointer)).toBe(expected);
  });
});

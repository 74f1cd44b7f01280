/**
 * The hostile-input catalogue: one row per attack or mistake, across every API operation, the OAuth endpoints
 * and the controls. Each row names the exact status and error code; every answer is problem+json (RFC 6749
 * JSON for the token endpoint, an HTML page for a bad client on the authorization endpoint), and the exported
 * state is unchanged, compared by digest. Nothing here may crash the mock or answer 5xx.
 */
import { describe, expect, it } from 'vitest';
import { httpRequest, stateDigest } from '../testing/httpRequest.ts';
import type { MockHarness } from '../testing/startMock.ts';
import { useMock } from '../testing/useMock.ts';

let mock: MockHarness;
let community: string;
let token: string;
let secret: string;
useMock('file', (fx) => ({ mock, community, token, secret } = fx));

type Kind = 'problem' | 'oauth' | 'page';
interface Case {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  status: number;
  /** Replace the default headers (a token and community-id on API paths); '-' removes one. */
  /** problem+json `code`, RFC 6749 `error`, or text the HTML page shows. */
  want: string;
  kind?: Kind;
}

const A = 'AUTH';
const json = { 'content-type': 'application/json' };
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const USERS = '@platform:data:Users:getUpdatedAfter';
const COMPONENTS = '@platform:data:Components:getUpdatedAfter';
const dataAction = (action: string, over: Record<string, unknown>) =>
  JSON.stringify({
    context: { issuedAt: '2026-03-01T12:00:00.000Z', action, community: 'COMMUNITY' },
    secret: 'SECRET',
    data: { after: '2026-01-01T00:00:00.000Z', limit: 10 },
    ...over,
  });
const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);

const cases: Array<[string, Case]> = [
  // GET /v1/groups (listGroups)
  ['groups: no token', { method: 'GET', path: '/v1/groups', headers: { authorization: '-' }, status: 401, want: 'unauthorized' }],
  [
    'groups: a made-up token',
    { method: 'GET', path: '/v1/groups', headers: { authorization: 'Bearer made-up', 'community-id': 'COMMUNITY' }, status: 401, want: 'invalid_token' },
  ],
  ['groups: a token in another scheme', { method: 'GET', path: '/v1/groups', headers: { authorization: 'Basic TOKEN' }, status: 401, want: 'invalid_token' }],
  ['groups: no community-id', { method: 'GET', path: '/v1/groups', headers: { 'community-id': '-' }, status: 400, want: 'missing_community' }],
  [
    'groups: another community',
    { method: 'GET', path: '/v1/groups', headers: { authorization: A, 'community-id': 'escola-aurora' }, status: 403, want: 'forbidden' },
  ],
  ['groups: createdAt=2026-13-45', { method: 'GET', path: '/v1/groups?createdAt=2026-13-45', status: 400, want: 'invalid_request' }],
  ['groups: createdAt=2026-02-30', { method: 'GET', path: '/v1/groups?createdAt=2026-02-30', status: 400, want: 'invalid_request' }],
  ['groups: createdAt=1 OR 1=1', { method: 'GET', path: '/v1/groups?createdAt=1%20OR%201%3D1', status: 400, want: 'invalid_request' }],
  ['groups: limit=-1', { method: 'GET', path: '/v1/groups?limit=-1', status: 400, want: 'invalid_request' }],
  ['groups: limit=1e309', { method: 'GET', path: '/v1/groups?limit=1e309', status: 400, want: 'invalid_request' }],
  ['groups: limit=100000', { method: 'GET', path: '/v1/groups?limit=100000', status: 400, want: 'invalid_request' }],
  ['groups: page=0', { method: 'GET', path: '/v1/groups?page=0', status: 400, want: 'invalid_request' }],
  ['groups: active=maybe', { method: 'GET', path: '/v1/groups?active=maybe', status: 400, want: 'invalid_request' }],
  ['groups: sort by a field that is not one', { method: 'GET', path: '/v1/groups?sort=__proto__', status: 400, want: 'invalid_request' }],
  ['groups: a method the path has not', { method: 'DELETE', path: '/v1/groups', status: 405, want: 'method_not_allowed' }],
  [
    'groups: a body on POST',
    { method: 'POST', path: '/v1/groups', headers: json, body: '{"__proto__":{"admin":true}}', status: 405, want: 'method_not_allowed' },
  ],
  // GET /v1/groups/search (searchGroups)
  ['search: no token', { method: 'GET', path: '/v1/groups/search?q=a', headers: { authorization: '-' }, status: 401, want: 'unauthorized' }],
  ['search: limit=abc', { method: 'GET', path: '/v1/groups/search?limit=abc', status: 400, want: 'invalid_request' }],
  ['search: createdAt=yesterday', { method: 'GET', path: '/v1/groups/search?createdAt=yesterday', status: 400, want: 'invalid_request' }],
  [
    'search: another community',
    { method: 'GET', path: '/v1/groups/search?q=a', headers: { authorization: A, 'community-id': 'escola-rio-negro' }, status: 403, want: 'forbidden' },
  ],
  // GET /v1/groups/{groupId} (getGroup)
  ['group: a dot-dot id', { method: 'GET', path: '/v1/groups/..', status: 400, want: 'invalid_request' }],
  ['group: an encoded dot-dot id', { method: 'GET', path: '/v1/groups/%2E%2E', status: 400, want: 'invalid_request' }],
  ['group: an id with an encoded slash', { method: 'GET', path: '/v1/groups/..%2F..%2Fetc%2Fpasswd', status: 400, want: 'invalid_request' }],
  ['group: an id with an encoded backslash', { method: 'GET', path: '/v1/groups/a%5Cb', status: 400, want: 'invalid_request' }],
  ['group: an id with an encoded NUL', { method: 'GET', path: '/v1/groups/a%00b', status: 400, want: 'invalid_request' }],
  ['group: __proto__ as an id', { method: 'GET', path: '/v1/groups/__proto__', status: 404, want: 'not_found' }],
  ['group: constructor as an id', { method: 'GET', path: '/v1/groups/constructor', status: 404, want: 'not_found' }],
  ['group: a broken percent-escape', { method: 'GET', path: '/v1/groups/%E0%A4%A', status: 404, want: 'not_found' }],
  ['group: no token', { method: 'GET', path: '/v1/groups/64b7f0c2a1e4d93b5c0f2c10', headers: { authorization: '-' }, status: 401, want: 'unauthorized' }],
  // GET /v1/appmaker/apps/{appId}/installations (listAppInstallations)
  ['installations: an unknown app', { method: 'GET', path: '/v1/appmaker/apps/no-such-app/installations', status: 404, want: 'not_found' }],
  ['installations: a dot-dot app id', { method: 'GET', path: '/v1/appmaker/apps/../installations', status: 400, want: 'invalid_request' }],
  ['installations: an app id with an encoded slash', { method: 'GET', path: '/v1/appmaker/apps/a%2Fb/installations', status: 400, want: 'invalid_request' }],
  [
    'installations: no community-id',
    { method: 'GET', path: '/v1/appmaker/apps/app-diario-escolar/installations', headers: { 'community-id': '-' }, status: 400, want: 'missing_community' },
  ],
  // PUT /v1/appmaker/apps/{appId}/installations/{community} (updateAppInstallation)
  [
    'update: not JSON',
    {
      method: 'PUT',
      path: '/v1/appmaker/apps/app-diario-escolar/installations/COMMUNITY',
      headers: json,
      body: '{"active": tru',
      status: 400,
      want: 'invalid_json',
    },
  ],
  [
    'update: text/plain',
    {
      method: 'PUT',
      path: '/v1/appmaker/apps/app-diario-escolar/installations/COMMUNITY',
      headers: { 'content-type': 'text/plain' },
      body: '{"active":true}',
      status: 415,
      want: 'unsupported_media_type',
    },
  ],
  [
    'update: a JSON array',
    { method: 'PUT', path: '/v1/appmaker/apps/app-diario-escolar/installations/COMMUNITY', headers: json, body: '[]', status: 400, want: 'invalid_request' },
  ],
  [
    'update: a prototype-polluting body with a bad value',
    {
      method: 'PUT',
      path: '/v1/appmaker/apps/app-diario-escolar/installations/COMMUNITY',
      headers: json,
      body: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"active":"yes"}',
      status: 400,
      want: 'invalid_request',
    },
  ],
  [
    'update: a deeply nested body with a bad value',
    {
      method: 'PUT',
      path: '/v1/appmaker/apps/app-diario-escolar/installations/COMMUNITY',
      headers: json,
      body: `{"settings":${deep(5000)},"active":null}`,
      status: 400,
      want: 'invalid_request',
    },
  ],
  [
    "update: a community in the path that is not the header's",
    {
      method: 'PUT',
      path: '/v1/appmaker/apps/app-diario-escolar/installations/escola-aurora',
      headers: json,
      body: '{"active":true}',
      status: 403,
      want: 'forbidden',
    },
  ],
  [
    'update: a dot-dot community',
    {
      method: 'PUT',
      path: '/v1/appmaker/apps/app-diario-escolar/installations/..',
      headers: json,
      body: '{"active":true}',
      status: 400,
      want: 'invalid_request',
    },
  ],
  [
    'update: no token',
    {
      method: 'PUT',
      path: '/v1/appmaker/apps/app-diario-escolar/installations/COMMUNITY',
      headers: { ...json, authorization: '-' },
      body: '{"active":false}',
      status: 401,
      want: 'unauthorized',
    },
  ],
  // POST …/approve (approveAppInstallation)
  [
    'approve: an app approved automatically',
    { method: 'POST', path: '/v1/appmaker/apps/app-diario-escolar/installations/COMMUNITY/approve', status: 409, want: 'conflict' },
  ],
  ['approve: an unknown app', { method: 'POST', path: '/v1/appmaker/apps/no-such-app/installations/COMMUNITY/approve', status: 404, want: 'not_found' }],
  [
    'approve: another community',
    { method: 'POST', path: '/v1/appmaker/apps/app-boletim-plus/installations/escola-aurora/approve', status: 403, want: 'forbidden' },
  ],
  [
    'approve: GET instead of POST',
    { method: 'GET', path: '/v1/appmaker/apps/app-boletim-plus/installations/COMMUNITY/approve', status: 405, want: 'method_not_allowed' },
  ],
  // POST /v2/sync/{syncRunId}/uploadEntities (uploadSyncEntities)
  [
    'upload: a dot-dot sync run id',
    { method: 'POST', path: '/v2/sync/../uploadEntities', headers: json, body: '{"groups":{"data":[]}}', status: 400, want: 'invalid_request' },
  ],
  [
    'upload: a sync run id with an encoded slash',
    { method: 'POST', path: '/v2/sync/a%2F..%2Fb/uploadEntities', headers: json, body: '{"groups":{"data":[]}}', status: 400, want: 'invalid_request' },
  ],
  ['upload: no body', { method: 'POST', path: '/v2/sync/hostile/uploadEntities', headers: json, status: 400, want: 'invalid_request' }],
  ['upload: not JSON', { method: 'POST', path: '/v2/sync/hostile/uploadEntities', headers: json, body: '{"groups":', status: 400, want: 'invalid_json' }],
  [
    'upload: a form body',
    { method: 'POST', path: '/v2/sync/hostile/uploadEntities', headers: form, body: 'groups=1', status: 415, want: 'unsupported_media_type' },
  ],
  [
    'upload: a group without alias',
    {
      method: 'POST',
      path: '/v2/sync/hostile/uploadEntities',
      headers: json,
      body: '{"groups":{"data":[{"name":"sem alias"}]}}',
      status: 422,
      want: 'unprocessable',
    },
  ],
  [
    'upload: a name that is a number',
    {
      method: 'POST',
      path: '/v2/sync/hostile/uploadEntities',
      headers: json,
      body: '{"groups":{"data":[{"alias":"h1","name":42}]}}',
      status: 400,
      want: 'invalid_request',
    },
  ],
  [
    'upload: the same alias twice',
    {
      method: 'POST',
      path: '/v2/sync/hostile/uploadEntities',
      headers: json,
      body: '{"groups":{"data":[{"alias":"twice","name":"a","season":"2026"},{"alias":"twice","name":"b","season":"2026"}]}}',
      status: 422,
      want: 'unprocessable',
    },
  ],
  [
    'upload: __proto__ as the entity list',
    {
      method: 'POST',
      path: '/v2/sync/hostile/uploadEntities',
      headers: json,
      body: '{"__proto__":{"data":[{"alias":"p","name":"p"}]},"groups":{"data":{"__proto__":[]}}}',
      status: 400,
      want: 'invalid_request',
    },
  ],
  [
    'upload: a deeply nested body',
    {
      method: 'POST',
      path: '/v2/sync/hostile/uploadEntities',
      headers: json,
      body: `{"groups":{"data":${deep(20000)}}}`,
      status: 400,
      want: 'invalid_request',
    },
  ],
  [
    'upload: a 4-byte UTF-8 body that is cut',
    { method: 'POST', path: '/v2/sync/hostile/uploadEntities', headers: json, body: '{"groups":{"data":[{"alias":"\uD83D', status: 400, want: 'invalid_json' },
  ],
  [
    'upload: a token of another community',
    {
      method: 'POST',
      path: '/v2/sync/hostile/uploadEntities',
      headers: { ...json, authorization: 'Bearer dev-escola-aurora-coordenator', 'community-id': 'COMMUNITY' },
      body: '{"groups":{"data":[]}}',
      status: 403,
      want: 'forbidden',
    },
  ],
  [
    'upload: PUT instead of POST',
    { method: 'PUT', path: '/v2/sync/hostile/uploadEntities', headers: json, body: '{}', status: 405, want: 'method_not_allowed' },
  ],
  // The data actions (getUpdatedUsers, getUpdatedComponents), also percent-encoded
  [
    'users data action: a wrong secret',
    {
      method: 'POST',
      path: '/v1/@platform:data:Users:getUpdatedAfter',
      headers: json,
      body: dataAction(USERS, { secret: 'sk_wrong' }),
      status: 401,
      want: 'invalid_secret',
    },
  ],
  [
    'users data action, percent-encoded path: a wrong secret',
    {
      method: 'POST',
      path: '/v1/%40platform%3Adata%3AUsers%3AgetUpdatedAfter',
      headers: json,
      body: dataAction(USERS, { secret: 'sk_wrong' }),
      status: 401,
      want: 'invalid_secret',
    },
  ],
  [
    'users data action: the secret of another community',
    {
      method: 'POST',
      path: '/v1/@platform:data:Users:getUpdatedAfter',
      headers: json,
      body: dataAction(USERS, { context: { issuedAt: '2026-03-01T12:00:00.000Z', action: USERS, community: 'no-such-community' } }),
      status: 401,
      want: 'invalid_secret',
    },
  ],
  [
    'users data action: after is not a date-time',
    {
      method: 'POST',
      path: '/v1/@platform:data:Users:getUpdatedAfter',
      headers: json,
      body: dataAction(USERS, { data: { after: '2026-13-45T99:00:00Z', limit: 10 } }),
      status: 400,
      want: 'invalid_request',
    },
  ],
  [
    'users data action: a secret that is an object',
    {
      method: 'POST',
      path: '/v1/@platform:data:Users:getUpdatedAfter',
      headers: json,
      body: dataAction(USERS, { secret: { $ne: null } }),
      status: 400,
      want: 'invalid_request',
    },
  ],
  [
    'users data action: text/plain',
    {
      method: 'POST',
      path: '/v1/@platform:data:Users:getUpdatedAfter',
      headers: { 'content-type': 'text/plain' },
      body: dataAction(USERS, {}),
      status: 415,
      want: 'unsupported_media_type',
    },
  ],
  [
    'components data action: limit 0',
    {
      method: 'POST',
      path: '/v1/@platform:data:Components:getUpdatedAfter',
      headers: json,
      body: dataAction(COMPONENTS, { data: { limit: 0 } }),
      status: 400,
      want: 'invalid_request',
    },
  ],
  [
    'components data action, percent-encoded path: not JSON',
    { method: 'POST', path: '/v1/%40platform%3Adata%3AComponents%3AgetUpdatedAfter', headers: json, body: '{', status: 400, want: 'invalid_json' },
  ],
  [
    'components data action: a wrong secret',
    {
      method: 'POST',
      path: '/v1/@platform:data:Components:getUpdatedAfter',
      headers: json,
      body: dataAction(COMPONENTS, { secret: '' }),
      status: 401,
      want: 'invalid_secret',
    },
  ],
  // GET /v1/oauth/user/info (getUserInfo)
  ['user-info: no token', { method: 'GET', path: '/v1/oauth/user/info', headers: { authorization: '-' }, status: 401, want: 'unauthorized' }],
  [
    'user-info: a token that is not one',
    { method: 'GET', path: '/v1/oauth/user/info', headers: { authorization: 'Bearer ../../etc' }, status: 401, want: 'invalid_token' },
  ],
  [
    'user-info: includes that are not known',
    { method: 'GET', path: '/v1/oauth/user/info?includes=__proto__', headers: { authorization: A }, status: 400, want: 'invalid_request' },
  ],
  // Routes that do not exist, and path tricks
  ['a path that climbs out', { method: 'GET', path: '/v1/../../etc/passwd', status: 404, want: 'not_found' }],
  ['an encoded slash between segments', { method: 'GET', path: '/v1%2Fgroups', status: 404, want: 'not_found' }],
  ['an unknown route', { method: 'GET', path: '/v9/groups', status: 404, want: 'not_found' }],
  // OAuth: the token endpoint answers RFC 6749 §5.2 errors
  [
    'token: no grant_type',
    { method: 'POST', path: '/oauth/token', headers: form, body: 'client_id=app-diario-escolar', status: 400, want: 'invalid_request', kind: 'oauth' },
  ],
  [
    'token: an unknown grant',
    {
      method: 'POST',
      path: '/oauth/token',
      headers: form,
      body: 'grant_type=password&username=a&password=b&client_id=app-agenda-familia',
      status: 400,
      want: 'unsupported_grant_type',
      kind: 'oauth',
    },
  ],
  [
    'token: a made-up code',
    {
      method: 'POST',
      path: '/oauth/token',
      headers: form,
      body:
        'grant_type=authorization_code&code=mock_ac_x&client_id=app-agenda-familia&redirect_uri=http://localhost:5173/callback&code_verifier=' + 'a'.repeat(43),
      status: 400,
      want: 'invalid_grant',
      kind: 'oauth',
    },
  ],
  [
    'token: a wrong client secret with Basic',
    {
      method: 'POST',
      path: '/oauth/token',
      headers: { ...form, authorization: 'Basic YXBwLWRpYXJpby1lc2NvbGFyOm5vcGU=' },
      body: 'grant_type=client_credentials',
      status: 401,
      want: 'invalid_client',
      kind: 'oauth',
    },
  ],
  [
    'token: a wrong client secret',
    {
      method: 'POST',
      path: '/oauth/token',
      headers: form,
      body: 'grant_type=client_credentials&client_id=app-diario-escolar&client_secret=nope',
      status: 400,
      want: 'invalid_client',
      kind: 'oauth',
    },
  ],
  [
    'token: an unknown client',
    {
      method: 'POST',
      path: '/oauth/token',
      headers: form,
      body: 'grant_type=client_credentials&client_id=__proto__&client_secret=x',
      status: 400,
      want: 'invalid_client',
      kind: 'oauth',
    },
  ],
  [
    'token: a made-up refresh token',
    {
      method: 'POST',
      path: '/oauth/token',
      headers: form,
      body: 'grant_type=refresh_token&refresh_token=x&client_id=app-agenda-familia',
      status: 400,
      want: 'invalid_grant',
      kind: 'oauth',
    },
  ],
  [
    'token: a JSON body',
    { method: 'POST', path: '/oauth/token', headers: json, body: '{"grant_type":"client_credentials"}', status: 400, want: 'invalid_request', kind: 'oauth' },
  ],
  [
    'token: a parameter twice',
    {
      method: 'POST',
      path: '/oauth/token',
      headers: form,
      body: 'grant_type=client_credentials&grant_type=password&client_id=app-diario-escolar',
      status: 400,
      want: 'invalid_request',
      kind: 'oauth',
    },
  ],
  // OAuth: the authorization endpoint never redirects to an unverified URI (RFC 6749 §4.1.2.1)
  [
    'authorize: an unknown client',
    {
      method: 'GET',
      path: '/oauth/authorize?response_type=code&client_id=nobody&redirect_uri=http://localhost:5173/callback',
      status: 400,
      want: 'nobody',
      kind: 'page',
    },
  ],
  [
    'authorize: a loopback redirect with a longer path',
    {
      method: 'GET',
      path: '/oauth/authorize?response_type=code&client_id=app-diario-escolar&redirect_uri=http://localhost:5173/callbackevil',
      status: 400,
      want: 'redirect_uri',
      kind: 'page',
    },
  ],
  [
    'authorize: a loopback redirect with dot segments',
    {
      method: 'GET',
      path: '/oauth/authorize?response_type=code&client_id=app-diario-escolar&redirect_uri=http://localhost:5173/callback/../../evil',
      status: 400,
      want: 'redirect_uri',
      kind: 'page',
    },
  ],
  [
    'authorize: a redirect to another site',
    {
      method: 'GET',
      path: '/oauth/authorize?response_type=code&client_id=app-diario-escolar&redirect_uri=https://evil.example/cb',
      status: 400,
      want: 'redirect_uri',
      kind: 'page',
    },
  ],
  [
    'consent: a form for no pending request',
    { method: 'POST', path: '/oauth/authorize', headers: form, body: 'pending=nope&decision=approve&user_id=x', status: 400, want: '', kind: 'page' },
  ],
  // The controls
  [
    'controls: import something that is not a state',
    { method: 'PUT', path: '/__mock/state', headers: json, body: '{"seed":1}', status: 400, want: 'invalid_request' },
  ],
  [
    'controls: import a prototype-polluting state',
    { method: 'PUT', path: '/__mock/state', headers: json, body: '{"__proto__":{"polluted":true},"seed":"1"}', status: 400, want: 'invalid_request' },
  ],
  ['controls: import that is not JSON', { method: 'PUT', path: '/__mock/state', headers: json, body: '{"seed":', status: 400, want: 'invalid_json' }],
  [
    'controls: a clock that is not a date',
    { method: 'PUT', path: '/__mock/clock', headers: json, body: '{"now":"2026-02-30T00:00:00Z x"}', status: 400, want: 'invalid_request' },
  ],
  ['controls: the clock backwards', { method: 'POST', path: '/__mock/clock/advance', headers: json, body: '{"ms":-1}', status: 400, want: 'invalid_request' }],
  ['controls: latency over a minute', { method: 'PUT', path: '/__mock/latency', headers: json, body: '{"ms":60001}', status: 400, want: 'invalid_request' }],
  [
    'controls: an unknown fault',
    { method: 'PUT', path: '/__mock/faults', headers: json, body: '{"active":["__proto__"]}', status: 400, want: 'invalid_request' },
  ],
  ['controls: a journal limit that is not a number', { method: 'GET', path: '/__mock/journal?limit=abc', status: 400, want: 'invalid_request' }],
  [
    'controls: a cross-site reset',
    {
      method: 'POST',
      path: '/__mock/reset',
      headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
      status: 403,
      want: 'cross_site_request',
    },
  ],
  ['controls: a rebinding host', { method: 'GET', path: '/__mock/state', headers: { host: 'evil.example' }, status: 403, want: 'host_not_allowed' }],
  ['controls: an unknown control', { method: 'GET', path: '/__mock/nothing', status: 404, want: 'not_found' }],
];

describe('the hostile-input catalogue', () => {
  it('has at least 60 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
  });

  it.each(cases)('%s', async (_name, c) => {
    const fill = (s: string) =>
      s
        .replace('COMMUNITY', community)
        .replace('SECRET', secret)
        .replace(/^AUTH$/, `Bearer ${token}`)
        .replace('TOKEN', token);
    const isApi = c.path.startsWith('/v');
    const headers: Record<string, string> = isApi ? { authorization: `Bearer ${token}`, 'community-id': community } : {};
    // A case's headers replace the defaults; '-' removes one.
    for (const [k, v] of Object.entries(c.headers ?? {})) {
      if (v === '-') delete headers[k];
      else headers[k] = fill(v);
    }
    const before = stateDigest(mock.deps);
    const res = await httpRequest(mock.baseUrl, c.method, fill(c.path), headers, c.body === undefined ? undefined : fill(c.body));
    expect(res.status, res.text.slice(0, 300)).toBe(c.status);
    const type = String(res.headers['content-type']);
    if ((c.kind ?? 'problem') === 'problem') {
      expect(type).toMatch(/^application\/problem\+json/);
      expect(res.body).toMatchObject({ status: c.status, code: c.want });
    } else if (c.kind === 'oauth') {
      expect(type).toMatch(/^application\/json/);
      expect(res.body.error).toBe(c.want);
    } else {
      expect(type).toMatch(/^text\/html/);
      expect(res.text).toContain(c.want);
      expect(res.headers.location).toBeUndefined();
    }
    expect(stateDigest(mock.deps), 'the refused request changed the state').toBe(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

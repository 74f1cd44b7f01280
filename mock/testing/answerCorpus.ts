/**
 * The corpus that every mount of the mock must answer as the node:http server does, byte for byte (status,
 * the headers a client reads, the body), request after request on the same evolving state: all 13 API
 * operations, their errors, sessions, Prefer, unknown routes and CORS. For one seed and a frozen clock.
 */
import type { Store } from '../store/Store.ts';

export const COMMUNITY = 'colegio-horizonte';
export const TOKEN = 'Bearer dev-colegio-horizonte-coordenator';
const APP_SECRET = 'sk_763ba26197b8eafe613cfcc16d815cd8';
export const auth = { authorization: TOKEN, 'community-id': COMMUNITY };
export const json = { 'content-type': 'application/json' };

export interface Sent {
  method?: string;
  path: string | (() => string);
  headers?: Record<string, string>;
  body?: string | (() => string);
}

/** The corpus, in order; ids are read from `store` (the server's default session) when each request is sent. */
export function answerCorpus(store: () => Store): [string, Sent][] {
  const group = () =>
    store()
      .snapshot()
      .groups.find((g) => g.community === COMMUNITY)!;
  const otherGroup = () =>
    store()
      .snapshot()
      .groups.find((g) => g.community !== COMMUNITY)!;
  const installedApp = () =>
    store()
      .installationsInCommunity(COMMUNITY)
      .find((i) => i.active && store().app(i.appId)?.manifest.approval === 'automatic')!.appId;
  const pendingApp = () =>
    store()
      .installationsInCommunity(COMMUNITY)
      .find((i) => i.status === 'pending_approval')!.appId;
  const dataAction = (action: string, secret = APP_SECRET) => JSON.stringify({ context: { community: COMMUNITY, action }, secret, data: { limit: 5 } });
  const upload = JSON.stringify({ groups: { data: [{ alias: 'turma-9z', name: 'Turma 9Z', season: '2026', active: true }] } });

  return [
    ['getUserInfo', { path: '/v1/oauth/user/info?includes=community,groups,members', headers: { authorization: TOKEN } }],
    ['getUserInfo without a token: 401', { path: '/v1/oauth/user/info' }],
    ['getUserInfo with an unknown token: 401', { path: '/v1/oauth/user/info', headers: { authorization: 'Bearer nope' } }],
    ['listGroups', { path: '/v1/groups?limit=3', headers: auth }],
    ['listGroups with filters and a page', { path: '/v1/groups?active=true&limit=2&page=2', headers: auth }],
    ['listGroups with an unknown parameter: a warning', { path: '/v1/groups?limit=1&colour=red', headers: auth }],
    ['listGroups without community-id: 400', { path: '/v1/groups', headers: { authorization: TOKEN } }],
    ['listGroups with a bad limit: 400', { path: '/v1/groups?limit=abc', headers: auth }],
    ['listGroups for a foreign community: 403', { path: '/v1/groups', headers: { authorization: TOKEN, 'community-id': 'escola-aurora' } }],
    ['searchGroups', { path: '/v1/groups/search?q=turma&limit=3', headers: auth }],
    ['searchGroups, accents folded', { path: '/v1/groups/search?q=MATUTINO', headers: auth }],
    ['getGroup', { path: () => `/v1/groups/${group()._id}`, headers: auth }],
    ['getGroup of another community', { path: () => `/v1/groups/${otherGroup()._id}`, headers: auth }],
    ['getGroup unknown: 404', { path: '/v1/groups/000000000000000000000000', headers: auth }],
    ['getGroup, Prefer an example', { path: () => `/v1/groups/${group()._id}`, headers: { ...auth, prefer: 'code=404' } }],
    ['listAppInstallations', { path: () => `/v1/appmaker/apps/${installedApp()}/installations`, headers: auth }],
    ['listAppInstallations of an unknown app: 404', { path: '/v1/appmaker/apps/app-que-nao-existe/installations', headers: auth }],
    [
      'updateAppInstallation',
      {
        method: 'PUT',
        path: () => `/v1/appmaker/apps/${installedApp()}/installations/${COMMUNITY}`,
        headers: { ...auth, ...json },
        body: JSON.stringify({ contactInfo: { name: 'Fernanda Alves', telephone: '+55 11 90000-0000' }, requiresManualUpdate: true }),
      },
    ],
    ['listAppInstallations reads the PUT back', { path: () => `/v1/appmaker/apps/${installedApp()}/installations`, headers: auth }],
    [
      'updateAppInstallation with a bad value: 400',
      { method: 'PUT', path: () => `/v1/appmaker/apps/${installedApp()}/installations/${COMMUNITY}`, headers: { ...auth, ...json }, body: '{"active":"yes"}' },
    ],
    [
      'updateAppInstallation as text/plain: 415',
      {
        method: 'PUT',
        path: () => `/v1/appmaker/apps/${installedApp()}/installations/${COMMUNITY}`,
        headers: { ...auth, 'content-type': 'text/plain' },
        body: '{}',
      },
    ],
    ['approveAppInstallation', { method: 'POST', path: () => `/v1/appmaker/apps/${pendingApp()}/installations/${COMMUNITY}/approve`, headers: auth }],
    [
      'approveAppInstallation again: 409',
      { method: 'POST', path: '/v1/appmaker/apps/app-boletim-plus/installations/colegio-horizonte/approve', headers: auth },
    ],
    ['uploadSyncEntities', { method: 'POST', path: '/v2/sync/run-1/uploadEntities', headers: { ...auth, ...json }, body: upload }],
    ['searchGroups finds the upload', { path: '/v1/groups/search?q=9z', headers: auth }],
    ['uploadSyncEntities, not JSON: 400', { method: 'POST', path: '/v2/sync/run-2/uploadEntities', headers: { ...auth, ...json }, body: '{"groups":' }],
    [
      'uploadSyncEntities, an unknown key: a warning',
      { method: 'POST', path: '/v2/sync/run-3/uploadEntities', headers: { ...auth, ...json }, body: '{"grups":{}}' },
    ],
    [
      'getUpdatedUsers',
      { method: 'POST', path: '/v1/@platform:data:Users:getUpdatedAfter', headers: json, body: dataAction('@platform:data:Users:getUpdatedAfter') },
    ],
    [
      'getUpdatedComponents',
      { method: 'POST', path: '/v1/@platform:data:Components:getUpdatedAfter', headers: json, body: dataAction('@platform:data:Components:getUpdatedAfter') },
    ],
    [
      'getUpdatedUsers with a wrong secret',
      { method: 'POST', path: '/v1/@platform:data:Users:getUpdatedAfter', headers: json, body: dataAction('@platform:data:Users:getUpdatedAfter', 'sk_wrong') },
    ],
    ['a named session', { path: '/v1/groups?limit=1', headers: { ...auth, 'x-mock-session': 'alice' } }],
    ['a bad session name: 400', { path: '/v1/groups', headers: { ...auth, 'x-mock-session': 'no spaces' } }],
    ['an unknown route: 404', { path: '/v1/nothing-here', headers: auth }],
    ['a known path, another method: 405', { method: 'DELETE', path: '/v1/groups', headers: auth }],
    ['an unknown route in a bad session: 400', { path: '/v1/nothing-here', headers: { ...auth, 'x-mock-session': 'no spaces' } }],
    ['an unknown route with a body', { method: 'POST', path: '/v1/nothing-here', headers: { ...auth, ...json }, body: '{"a":1}' }],
    [
      'a CORS preflight',
      {
        method: 'OPTIONS',
        path: '/v1/groups',
        headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization, community-id' },
      },
    ],
    ['a list from another origin: CORS headers', { path: '/v1/groups?limit=1', headers: { ...auth, origin: 'http://localhost:5173' } }],
  ];
}

/** A request of the corpus as sent: its path and Fetch init. */
export function sentRequest(sent: Sent): { path: string; init: RequestInit } {
  const path = typeof sent.path === 'function' ? sent.path() : sent.path;
  const body = typeof sent.body === 'function' ? sent.body() : sent.body;
  return { path, init: { method: sent.method ?? 'GET', headers: sent.headers ?? {}, ...(body === undefined ? {} : { body }) } };
}

/** The headers whose values a client reads; the rest (Date, Connection, Keep-Alive) are the transport's. */
export const HEADERS_THAT_MATTER = [
  'content-type',
  'content-length',
  'x-total-count',
  'x-mock-warnings',
  'www-authenticate',
  'allow',
  'retry-after',
  'x-contract-violations',
];

export function pick(headers: Headers): Record<string, string | null> {
  return Object.fromEntries(HEADERS_THAT_MATTER.map((name) => [name, headers.get(name)]));
}

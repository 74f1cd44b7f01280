import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ConformConfig } from '../../config/ConformConfig.ts';
import { readBody, startServer } from '../startServer.ts';
import { groupFilter, pageOf, parseSort, Refusal, type Query } from './queryGroups.ts';
import { dataActions, syncUpload, type Entities } from './targetWrites.ts';
import { APP, baseGroups, COMMUNITY, installations, LOGIN_USER, MANUAL_APP, PUBLIC_CLIENT, TOKEN, USERS, type GroupSource, type Json } from './targetData.ts';
import { decodesAsUtf8, targetOAuth } from './targetOAuth.ts';
import { versionKeysOn } from './versionKeys.ts';
import type { TargetOptions } from './TargetOptions.ts';

/** A neighbour community this target does not serve, and the id of one of its groups. */
const NEIGHBOUR = 'escola-vizinha';
const NEIGHBOUR_GROUP = 'f'.repeat(24);

export interface TestTarget {
  url: string;
  config: ConformConfig;
  close(): Promise<void>;
}

/**
 * An implementation of the API written from the description alone, on plain node:http, with its own small
 * data and switchable conventions and faults (TargetOptions). It never imports the mock: the suite must
 * judge it as it would a partner's. OAuth lives at /auth/* (its own choice), groups at /v1/groups…
 */
export async function startTestTarget(options: TargetOptions = {}): Promise<TestTarget> {
  const o = {
    firstPage: 1,
    maxLimit: 1000,
    defaultLimit: 100,
    totalHeader: true,
    badTokenStatus: 401,
    errorType: 'application/problem+json',
    upload: '200-receipt',
    searchPaging: true,
    sortParam: true,
    ...options,
  } as const;
  const faults = new Set(options.faults ?? []);
  const base = baseGroups(options.groups);
  const entities: Entities = { groups: [], users: [], components: [], tick: 0 };
  const source: GroupSource = { size: base.size + entities.groups.length, at: (i) => (i < base.size ? base.at(i) : (entities.groups[i - base.size] as Json)) };
  Object.defineProperty(source, 'size', { get: () => base.size + entities.groups.length });
  const installed = installations();
  const oauth = targetOAuth(faults);

  const fail = (res: ServerResponse, status: number, title: string): void => {
    const body = o.errorType === 'application/json' ? { error: title } : { title, status };
    // RFC 6750 §3: a 401 names its scheme (our decision for the API, spec/DECISIONS.md); the fault leaves it out.
    const challenge = status === 401 && !faults.has('no-www-authenticate') ? { 'www-authenticate': 'Bearer realm="escola-teste"' } : {};
    res.writeHead(status, { 'content-type': o.errorType, ...challenge });
    res.end(JSON.stringify(body));
  };
  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const present = (g: Json): Json => (faults.has('foreign-community') ? { ...g, community: 'outro-sistema' } : g);

  const paging = (query: Query): { offset: number; limit: number } => {
    const int = (v: string, name: string): number => {
      if (!/^-?\d+$/.test(v)) throw new Refusal(400, `${name} must be an integer`);
      return Number(v);
    };
    let limit = query.limit === undefined ? o.defaultLimit : int(query.limit, 'limit');
    if (limit < 1) throw new Refusal(400, 'limit must be at least 1');
    if (limit > o.maxLimit) {
      if (!o.clampLimit) throw new Refusal(400, `limit must be at most ${o.maxLimit}`);
      limit = o.maxLimit;
    }
    const page = query.page === undefined ? o.firstPage : int(query.page, 'page');
    if (page < o.firstPage) throw new Refusal(400, `pages start at ${o.firstPage}`);
    const offset = (page - o.firstPage) * limit - (faults.has('pages-overlap') && page > o.firstPage ? 1 : 0);
    // The fault computes the offset in 32 bits (an int column, `| 0`): a page near 2^53 wraps to the start.
    if (faults.has('page-offset-int32')) return { offset: offset | 0, limit };
    return { offset, limit };
  };

  const listGroups = (query: Query, search: boolean): { items: Json[]; total: number } => {
    if (faults.has('ignores-name-filter')) delete query.name;
    if (faults.has('numeric-name-ignored') && /^\d+$/.test(query.name ?? '')) delete query.name;
    if (search && faults.has('search-ignores-q')) delete query.q;
    const sort = search ? undefined : parseSort(query.sort, o.sortParam);
    if (!search && faults.has('sort-name-500') && /(^|,)-?name/.test(query.sort ?? '')) throw new Refusal(500, 'collation index missing');
    const page = search && !o.searchPaging ? { offset: 0, limit: o.defaultLimit } : paging(query);
    // The synthetic groups are tested on their index; uploaded ones, after them, as objects.
    const match = groupFilter(query, search, {
      namePrefix: faults.has('name-by-prefix'),
      nameCollation: o.nameCollation === true,
      dayOffsetMinutes: o.dayOffsetMinutes ?? 0,
      dayStartsLate: faults.has('day-starts-late'),
      instantTruncated: faults.has('instant-truncated'),
    });
    const fast = base.matcher?.(query, search);
    const byIndex = fast ? (i: number): boolean => (i < base.size ? fast(i) : match(source.at(i))) : undefined;
    const result = pageOf(source, match, sort, page, search || o.totalHeader, o.newestFirst === true, byIndex);
    const items = result.items.map(present);
    if (faults.has('mixed-community') && items.length > 1) items[items.length - 1] = { ...items.at(-1), community: 'escola-vizinha' };
    return { items, total: result.total };
  };

  /** Bearer token and community-id, in that order (an unauthenticated caller learns nothing else). */
  const authorize = (req: IncomingMessage, pathCommunity?: string): void => {
    const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(req.headers.authorization ?? '');
    if (!faults.has('no-token-accepted') && match?.[1] !== TOKEN) throw new Refusal(o.badTokenStatus, 'a valid bearer token is required');
    const community = req.headers['community-id'];
    if (typeof community !== 'string' || community === '') throw new Refusal(400, 'community-id is required');
    if (faults.has('token-opens-any-community')) return;
    if (community !== COMMUNITY || (pathCommunity !== undefined && pathCommunity !== COMMUNITY)) throw new Refusal(403, 'not your community');
  };

  let served = 0;
  /** Writes applied later (writeDelayMs): an answer says done before the list shows it. */
  const later = (apply: () => void): void => {
    if (!o.writeDelayMs) return apply();
    setTimeout(apply, o.writeDelayMs).unref();
  };
  const route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://target');
    if (o.rateLimitEvery && url.pathname.startsWith('/v') && ++served % o.rateLimitEvery === 0) {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '0' });
      return void res.end(JSON.stringify({ error: 'slow down' }));
    }
    // The fault decodes the API's query with a strict UTF-8 decoder, which throws on escapes that are no UTF-8.
    if (faults.has('query-bad-utf8-500') && url.pathname.startsWith('/v') && !decodesAsUtf8(url.search)) throw new Error('URIError: URI malformed');
    const path = decodeURIComponent(url.pathname);
    const query: Query = Object.fromEntries(url.searchParams);
    const method = req.method ?? 'GET';
    const text = method === 'GET' ? '' : await readBody(req);
    if (oauth.handle(req, res, url, text)) return;
    const body = (): unknown => {
      if (!/json/.test(req.headers['content-type'] ?? '')) throw new Refusal(415, 'send application/json');
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new Refusal(400, 'the body is not JSON');
      }
    };

    if (method === 'GET' && path === '/v1/groups') {
      authorize(req);
      const { items, total } = listGroups(query, false);
      return json(res, 200, items, o.totalHeader ? { 'x-total-count': String(total) } : {});
    }
    if (method === 'GET' && path === '/v1/groups/search') {
      authorize(req);
      const { items, total } = listGroups(query, true);
      return json(res, 200, { total, hits: items });
    }
    const group = /^\/v1\/groups\/([^/]+)$/.exec(path);
    if (method === 'GET' && group) {
      authorize(req);
      const id = group[1] as string;
      // The fault: an id longer than an index key may be (1024 bytes) reaches the database, which throws.
      if (faults.has('long-id-500') && id.length > 1024) throw new Refusal(500, 'index key too large');
      // Synthetic ids are the index in hex: no need to scan a million.
      const index = options.groups ? parseInt(id, 16) - 0x100000 : -1;
      const direct = index >= 0 && index < base.size ? base.at(index) : undefined;
      const hit =
        direct?._id === id
          ? direct
          : [...entities.groups, ...(options.groups ? [] : Array.from({ length: base.size }, (_, i) => base.at(i)))].find((g) => g._id === id);
      if (hit && !(faults.has('deleted-group-unreadable') && hit.active === false)) {
        if (!faults.has('group-key-case')) return json(res, 200, present(hit));
        const { createdAt, ...rest } = present(hit);
        return json(res, 200, { ...rest, CreatedAt: createdAt });
      }
      // The neighbour's group, answered to this community: the read crosses communities.
      if (faults.has('reads-any-community') && id === NEIGHBOUR_GROUP)
        return json(res, 200, {
          _id: id,
          alias: 'vizinha-1',
          name: 'Turma Vizinha',
          community: NEIGHBOUR,
          createdAt: '2024-02-01T08:00:00.000Z',
          active: true,
        });
      throw new Refusal(404, 'no such group');
    }
    const installs = /^\/v1\/appmaker\/apps\/([^/]+)\/installations(?:\/([^/]+)(\/approve)?)?$/.exec(path);
    if (installs) {
      const [, appId, community, approve] = installs;
      authorize(req, community);
      const installation = installed.get(appId as string);
      if (method === 'GET' && !community) return json(res, 200, installation?.active || (installation && faults.has('lists-pending')) ? [installation] : []);
      if (method === 'PUT' && community && !approve) {
        const sent = body();
        if (!sent || typeof sent !== 'object' || Array.isArray(sent)) throw new Refusal(400, 'an installation object is required');
        if ((sent as Json).active !== undefined && typeof (sent as Json).active !== 'boolean') throw new Refusal(400, 'active must be a boolean');
        if (!installation) throw new Refusal(404, 'no such installation');
        const stored = { ...installation };
        for (const key of ['active', 'contactInfo', 'consentedFeatures', 'requiresManualUpdate']) if (key in (sent as Json)) stored[key] = (sent as Json)[key];
        // The fault keeps a name in a 20-character column (cut in UTF-16 code units) yet answers the PUT with the input.
        const kept = faults.has('stores-truncated') ? namesCut(stored, 20) : stored;
        if (!faults.has('put-stores-nothing')) later(() => Object.assign(installation, kept));
        return json(res, 200, stored);
      }
      if (method === 'POST' && approve) {
        if (!installation) throw new Refusal(404, 'no such installation');
        const automatic = (installation.manifest as Json | undefined)?.approval === 'automatic';
        // Approve applies to apps with manual approval: an automatic one is refused (409, spec/DECISIONS.md).
        if (automatic && faults.has('approve-automatic-400')) throw new Refusal(400, 'the app is approved automatically');
        if (automatic && faults.has('approves-automatic')) {
          Object.assign(installation, { approvedAt: new Date(0).toISOString() });
          return json(res, 200, installation.manifest);
        }
        if (installation.status !== 'pending_approval') throw new Refusal(409, 'not pending approval');
        if (faults.has('approve-leaves-pending')) Object.assign(installation, { active: true });
        else later(() => Object.assign(installation, { status: 'installed', approved: true, active: true }));
        return json(res, 200, installation.manifest);
      }
    }
    const sync = /^\/v2\/sync\/([^/]+)\/uploadEntities$/.exec(path);
    if (method === 'POST' && sync) {
      authorize(req);
      const upload = body();
      const sections = ['groups', 'members', 'users', 'components'];
      if (o.uploadRequiresEverySection && (typeof upload !== 'object' || upload === null || sections.some((k) => !(k in upload))))
        throw new Refusal(400, `an upload carries ${sections.join(', ')}`);
      const receipt = syncUpload(entities, upload, sync[1] as string, faults);
      if (o.upload === '202-empty') {
        res.writeHead(202);
        return void res.end();
      }
      return json(res, 200, receipt);
    }
    const action = /^\/v1\/@platform:data:(Users|Components):getUpdatedAfter$/.exec(path);
    if (method === 'POST' && action) {
      const data = dataActions(entities, body(), action[1] === 'Users' ? 'users' : 'components', {
        secret: APP.secret,
        exclusive: o.afterExclusive === true,
        faults,
        badSecretStatus: o.badTokenStatus,
      });
      return json(res, 200, { data });
    }
    if (method === 'GET' && path === '/v1/oauth/user/info') {
      const scopes = oauth.userScopes((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!scopes) throw new Refusal(o.badTokenStatus, 'a user token is required');
      return json(
        res,
        200,
        userInfo(
          query.includes,
          faults.has('scopes-unchecked-for-members') ? [...scopes, 'related.members'] : scopes,
          faults.has('includes-ignored'),
          faults.has('member-groups-unscoped'),
          faults.has('includes-first-only') ? 'first' : faults.has('includes-last-only') ? 'last' : 'all',
        ),
      );
    }
    throw new Refusal(404, `no route for ${method} ${path}`);
  };

  const server = await startServer((req, res) => {
    if (o.versionKeys) versionKeysOn(res);
    route(req, res).catch((error: unknown) => {
      if (error instanceof Refusal) return fail(res, error.status, error.message);
      fail(res, 500, error instanceof Error ? error.message : String(error));
    });
  });
  const manual = installed.get(MANUAL_APP);
  return {
    url: server.url,
    config: {
      baseUrl: server.url,
      community: COMMUNITY,
      token: TOKEN,
      appId: APP.id,
      appSecret: APP.secret,
      ...(manual ? { pendingApproval: { appId: MANUAL_APP, community: COMMUNITY } } : {}),
      // A neighbour this target does not serve: its group is unknown here, and its app has no secret here.
      otherCommunity: { community: NEIGHBOUR, groupId: NEIGHBOUR_GROUP },
      otherApp: { appId: 'app-vizinho', appSecret: 'sk-vizinho-0000' },
      oauth: {
        authorizationUrl: '/auth/authorize',
        tokenUrl: '/auth/token',
        clientId: APP.id,
        clientSecret: APP.clientSecret,
        redirectUri: APP.redirectUri,
        loginHint: LOGIN_USER,
        scopes: ['openid', 'profile', 'related.groups', 'related.members', 'related.members.groups', 'related.communities'],
        otherClient: { clientId: PUBLIC_CLIENT.id },
      },
    },
    close: server.close,
  };
}

/** The logged-in user, with the related parts `includes` asks for and the scopes allow. */
function userInfo(
  includes: string | undefined,
  scopes: string[],
  ignoreIncludes: boolean,
  memberGroupsUnscoped: boolean,
  listed: 'all' | 'first' | 'last',
): Json {
  // The faults read one item of the comma list: a parser that stops at the first comma, or keeps the last value.
  const items = (includes ?? '').split(',').map((s) => s.trim());
  const read = listed === 'first' ? items.slice(0, 1) : listed === 'last' ? items.slice(-1) : items;
  const asked = new Set(ignoreIncludes ? ['members', 'groups', 'community'] : read);
  const user = USERS.find((u) => u._id === LOGIN_USER) as Json;
  const summary = {
    id: 'a000',
    name: '1º Ano A',
    alias: 'et-2025-0',
    createdAt: '2024-02-01T08:00:00.000Z',
    updatedAt: '2024-02-01T08:05:00.000Z',
    season: 2025,
  };
  return {
    user: {
      id: user._id,
      Alias: user.alias,
      createdAt: '2024-02-01T08:00:00.000Z',
      UpdatedAt: user.updatedAt,
      lastSeenAt: '2026-02-28T10:00:00.000Z',
      roles: ['guardian'],
      permissions: [],
    },
    ...(asked.has('community') && scopes.includes('related.communities')
      ? { community: { community: COMMUNITY, name: 'Escola Teste', color: '#205080', icon: 'https://escola-teste.example/icon.png' } }
      : {}),
    ...(asked.has('groups') && scopes.includes('related.groups') ? { groups: [summary] } : {}),
    ...(asked.has('members') && scopes.includes('related.members')
      ? {
          Members: [
            {
              id: 'mbr-1',
              name: 'Eva Nunes',
              alias: 'membro-1',
              createdAt: '2024-02-01T08:00:00.000Z',
              updatedAt: '2024-02-01T08:00:00.000Z',
              // "groups of the students linked to the user": their own scope (the fault shows them with related.members).
              ...(scopes.includes('related.members.groups') || memberGroupsUnscoped ? { groups: [summary] } : {}),
            },
          ],
        }
      : {}),
  };
}

/** Every `name` string inside a value cut to its first `length` code units (a VARCHAR(20) column). */
function namesCut(value: Json, length: number): Json {
  const cut = (v: unknown, key?: string): unknown =>
    typeof v === 'string' && key === 'name'
      ? v.slice(0, length)
      : Array.isArray(v)
        ? v.map((item) => cut(item))
        : v !== null && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, item]) => [k, cut(item, k)]))
          : v;
  return cut(value) as Json;
}

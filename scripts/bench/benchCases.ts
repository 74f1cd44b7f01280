import { readFileSync } from 'node:fs';
import type { LoadRequest } from './runAutocannon.ts';

export interface BenchCase {
  name: string;
  /** A read (GET or data action) counts toward the CPU targets; the upload has its own. */
  kind: 'read' | 'upload';
  request: LoadRequest;
  /** Entities per request (the upload), for entities/s. */
  entities?: number;
}

interface MockConfig {
  community: string;
  token: string;
  appSecret: string;
}

/** The suite's configuration for the seeded mock: its first community, a coordenator's token, an app secret. */
export function readMockConfig(root: string): MockConfig {
  return JSON.parse(readFileSync(`${root}/fixtures/conform.mock.json`, 'utf8')) as MockConfig;
}

/**
 * The reads every target answers, with values taken from the mock's own data (a group's id, name, day, season,
 * an administrator and a word of its name), so the same requests hit real records whatever the data set. Every
 * filter of the list is a case of its own: an unindexed filter is a scan, and only a case that uses it shows one.
 */
export async function readCases(baseUrl: string, config: MockConfig): Promise<BenchCase[]> {
  const headers = { authorization: `Bearer ${config.token}`, 'community-id': config.community };
  const res = await fetch(`${baseUrl}/v1/groups?active=true&limit=1`, { headers });
  if (!res.ok) throw new Error(`the mock answered ${res.status} to the first list: ${await res.text()}`);
  const [group] = (await res.json()) as Array<{ _id: string; name: string; season?: string; createdAt: string; admins?: Array<{ user: string }> }>;
  if (!group) throw new Error(`community ${config.community} has no active group to read`);
  const word =
    group.name
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length >= 3)
      .sort((a, b) => b.length - a.length)[0] ?? group.name.slice(0, 3);
  const json = { 'content-type': 'application/json' };
  const dataAction = (action: string) => JSON.stringify({ context: { community: config.community, action }, secret: config.appSecret, data: { limit: 20 } });
  // Every filter of the list, each on a value the group read above has, so each one answers at least that group.
  const list = (filter: string, query: string): BenchCase => ({
    name: `list, ${filter}: GET /v1/groups?${filter}=…&limit=20`,
    kind: 'read',
    request: { method: 'GET', path: `/v1/groups?${filter}=${encodeURIComponent(query)}&limit=20`, headers },
  });
  const filters = [
    list('name', group.name),
    list('createdAt', group.createdAt.slice(0, 10)),
    ...(group.season === undefined ? [] : [list('season', group.season)]),
    ...(group.admins?.[0] === undefined ? [] : [list('admins.user', group.admins[0].user)]),
  ];
  return [
    { name: 'list: GET /v1/groups?active=true&limit=20', kind: 'read', request: { method: 'GET', path: '/v1/groups?active=true&limit=20', headers } },
    ...filters,
    { name: 'read: GET /v1/groups/{id}', kind: 'read', request: { method: 'GET', path: `/v1/groups/${group._id}`, headers } },
    {
      name: `search: GET /v1/groups/search?q=${word.toLowerCase()}&limit=20`,
      kind: 'read',
      request: { method: 'GET', path: `/v1/groups/search?q=${encodeURIComponent(word.toLowerCase())}&limit=20`, headers },
    },
    {
      name: 'users data action, limit 20',
      kind: 'read',
      request: { method: 'POST', path: '/v1/@platform:data:Users:getUpdatedAfter', headers: json, body: dataAction('@platform:data:Users:getUpdatedAfter') },
    },
    {
      name: 'components data action, limit 20',
      kind: 'read',
      request: {
        method: 'POST',
        path: '/v1/@platform:data:Components:getUpdatedAfter',
        headers: json,
        body: dataAction('@platform:data:Components:getUpdatedAfter'),
      },
    },
    {
      name: 'user-info: GET /v1/oauth/user/info?includes=…',
      kind: 'read',
      request: { method: 'GET', path: '/v1/oauth/user/info?includes=community,groups,members', headers: { authorization: headers.authorization } },
    },
  ];
}

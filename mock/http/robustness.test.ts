/**
 * Nothing a client sends may crash the mock or change its data when refused: random parameters, headers
 * and bodies (fast-check) against every API operation. Every answer is below 500, is one the spec documents
 * (the mock flags its own violations), and a 4xx leaves the store's write counter where it was.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MockHarness } from '../testing/startMock.ts';
import { useMock } from '../testing/useMock.ts';

let mock: MockHarness;
let community: string;
let token: string;
useMock('file', (fx) => ({ mock, community, token } = fx));

const text = fc.oneof(fc.string(), fc.constantFrom('true', 'false', '0', '-1', '1e9', '', 'null', '2026-01-15', '[]', '{}', '%', '../', '\u0000', 'ção'));
const json = fc.oneof(
  fc.jsonValue(),
  fc.record({ groups: fc.jsonValue(), users: fc.jsonValue() }, { requiredKeys: [] }),
  fc.record({ context: fc.jsonValue(), secret: fc.jsonValue(), data: fc.jsonValue() }, { requiredKeys: [] }),
);

const operations = [
  ['GET', '/v1/groups', ['createdAt', 'active', 'name', 'admins.user', 'season', 'sort', 'page', 'limit']],
  ['GET', '/v1/groups/search', ['createdAt', 'active', 'name', 'admins.user', 'season', 'alias', 'q', 'page', 'limit']],
  ['GET', '/v1/groups/{id}', []],
  ['GET', '/v1/appmaker/apps/{id}/installations', []],
  ['PUT', '/v1/appmaker/apps/{id}/installations/{community}', []],
  ['POST', '/v1/appmaker/apps/{id}/installations/{community}/approve', []],
  ['POST', '/v2/sync/{id}/uploadEntities', []],
  ['POST', '/v1/@platform:data:Users:getUpdatedAfter', []],
  ['POST', '/v1/@platform:data:Components:getUpdatedAfter', []],
  ['GET', '/v1/oauth/user/info', ['includes']],
] as const;

describe.each(operations)('%s %s', (method, template, params) => {
  it('never answers 5xx, and a refused request changes nothing', async () => {
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          id: fc.oneof(text, fc.constant('app-diario-escolar')),
          pathCommunity: fc.oneof(fc.constant(community), text),
          query: fc.dictionary(fc.constantFrom(...params, 'unknown'), text, { maxKeys: 4 }),
          auth: fc.constantFrom('good', 'none', 'bad'),
          communityHeader: fc.oneof(fc.constant(community), fc.constant(undefined), text),
          body: fc.option(json, { nil: undefined }),
          contentType: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
        }),
        async (input) => {
          const path = template.replace('{id}', encodeURIComponent(input.id || 'x')).replace('{community}', encodeURIComponent(input.pathCommunity || 'x'));
          const version = mock.deps.store.version;
          const headers: Record<string, string> = {};
          if (input.auth === 'good') headers.authorization = `Bearer ${token}`;
          if (input.auth === 'bad') headers.authorization = 'Bearer x';
          const communityHeader = input.communityHeader?.replace(/[^\x20-\x7e]/g, '');
          if (communityHeader) headers['community-id'] = communityHeader;
          const res = await mock.call(method, path, {
            headers,
            query: input.query,
            ...(input.body === undefined || method === 'GET' ? {} : { rawBody: JSON.stringify(input.body), contentType: input.contentType }),
          });
          statuses.add(res.status);
          expect(res.status, `${method} ${path} → ${res.status} ${res.text.slice(0, 200)}`).toBeLessThan(500);
          if (res.status >= 400) expect(mock.deps.store.version, `${method} ${path} → ${res.status} changed the store`).toBe(version);
        },
      ),
      { numRuns: 60, seed: 20261122 },
    );
    // Not a vacuous pass: the random requests got past authentication into validation and the handlers.
    expect([...statuses].filter((status) => status !== 401).length, `statuses seen: ${[...statuses].join(', ')}`).toBeGreaterThan(1);
    mock.deps.store.reset();
  });
});

/**
 * Both versions served: a previous contract, a labelled edit of the current one, answered beside it on the same
 * data, each request routed, validated and its answer checked by the contract it asks for (X-Contract-Version),
 * the answer and the journal naming the version that answered.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildConformConfig } from '../../fixtures/conformConfig.ts';
import { buildContract } from '../../spec/contract.ts';
import { DEFAULT_SPEC_PATH } from '../../spec/loadDocument.ts';
import { loadYaml } from '../../spec/loadYaml.ts';
import { createFrozenClock } from '../clock.ts';
import { createDeps, type MockDeps } from '../createDeps.ts';
import { createMockPipeline } from '../createMockPipeline.ts';
import { createMock } from '../inprocess/createMock.ts';
import type { ApiAnswer } from '../exchange/ApiExchange.ts';
import type { ApiPipeline } from '../http/createApiPipeline.ts';
import { DEFAULT_SESSION } from '../sessions/SessionRegistry.ts';

type Doc = { paths: Record<string, Record<string, any>>; components: { schemas: Record<string, any>; parameters: Record<string, any> } };

/**
 * The previous contract: the current one as it was before these labelled edits (the same kinds spec-diff grades):
 * listGroups lived at /v1/classes; page was at most 3 (narrower); limit up to 5000 (wider); a group had a
 * required `legacyCode` (since removed); and an operation the current contract removed, legacyPing.
 */
function previousDocument(): Doc {
  const doc = loadYaml().parse(readFileSync(DEFAULT_SPEC_PATH, 'utf8'), { maxAliasCount: 10_000 }) as Doc;
  doc.paths['/v1/classes'] = doc.paths['/v1/groups']!;
  delete doc.paths['/v1/groups'];
  doc.components.parameters.Page.schema = { ...doc.components.parameters.Page.schema, maximum: 3 };
  doc.components.parameters.Limit.schema = { ...doc.components.parameters.Limit.schema, maximum: 5000 };
  const group = doc.components.schemas.Group;
  group.properties.legacyCode = { type: 'string' };
  group.required = [...group.required, 'legacyCode'];
  doc.paths['/v1/legacy/ping'] = { get: { operationId: 'legacyPing', responses: { '200': { description: 'pong' } } } };
  return doc;
}

let deps: MockDeps;
let pipeline: ApiPipeline;
let single: ApiPipeline;
let auth: Record<string, string>;

beforeAll(() => {
  deps = createDeps({ clock: createFrozenClock('2026-03-01T12:00:00.000Z'), compile: 'lazy' });
  const previous = buildContract(previousDocument() as never, 'previous.yaml', { compile: 'lazy' });
  pipeline = createMockPipeline(deps, { previousContract: previous });
  single = createMockPipeline(deps);
  const config = buildConformConfig(deps.sessions.use(DEFAULT_SESSION).store.snapshot());
  auth = { authorization: `Bearer ${config.token}`, 'community-id': config.community };
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: any;
}

async function send(through: ApiPipeline, target: string, version?: string): Promise<Answer | undefined> {
  const [path, search = ''] = target.split('?') as [string, string?];
  const answer = through({ method: 'GET', url: target, path, search, headers: { ...auth, ...(version ? { 'x-contract-version': version } : {}) } });
  if (!answer) return undefined;
  const { status, headers: list, body }: ApiAnswer = await answer;
  const headers: Record<string, string> = {};
  for (let i = 0; i < list.length; i += 2) headers[(list[i] as string).toLowerCase()] = list[i + 1] as string;
  return { status, headers, body: typeof body === 'string' && body !== '' ? JSON.parse(body) : body };
}

describe('the previous contract served beside the current one', () => {
  it.each([
    // [label, path, version, status (404: no operation of that contract), version answering]
    ['no header: the current contract', '/v1/groups', undefined, 200, 'current'],
    ['current named', '/v1/groups', 'current', 200, 'current'],
    ['a path the previous contract had, asked of the current one: not routed', '/v1/classes', 'current', 404, undefined],
    ['the same operation at its previous path', '/v1/classes', 'previous', 200, 'previous'],
    ['the current path, asked of the previous contract: not routed', '/v1/groups', 'previous', 404, undefined],
    ['page 4: the current contract has no maximum', '/v1/groups?page=4', 'current', 200, 'current'],
    ['page 4: the previous contract allowed 3 pages at most', '/v1/classes?page=4', 'previous', 400, 'previous'],
    ['limit 2000: over the current maximum (1000)', '/v1/groups?limit=2000', 'current', 400, 'current'],
    ['limit 2000: within the previous maximum (5000)', '/v1/classes?limit=2000', 'previous', 200, 'previous'],
    ['an operation the current contract removed: no code answers it', '/v1/legacy/ping', 'previous', 501, 'previous'],
    ['an unknown version is refused, not guessed', '/v1/groups', 'next', 400, 'current'],
  ] as const)('%s', async (_label, path, version, status, answered) => {
    const answer = await send(pipeline, path, version);
    expect(answer?.status).toBe(status);
    expect(answer?.headers['x-contract-version']).toBe(answered);
  });

  it('answers the same data by both contracts, each judging it by its own document', async () => {
    const groupId = ((await send(pipeline, '/v1/groups?limit=1'))!.body as Array<{ _id: string }>)[0]!._id;
    const current = (await send(pipeline, `/v1/groups/${groupId}`))!;
    const previous = (await send(pipeline, `/v1/groups/${groupId}`, 'previous'))!;
    expect([current.status, previous.status]).toEqual([200, 200]);
    expect(previous.body).toEqual(current.body);
    // The group has no legacyCode: the current contract is content, the previous one says what it misses.
    expect(current.headers['x-contract-violations']).toBeUndefined();
    expect(previous.headers['x-contract-violations']).toMatch(/legacyCode/);
    const list = (await send(pipeline, '/v1/classes?limit=2', 'previous'))!;
    expect(list.body).toEqual((await send(pipeline, '/v1/groups?limit=2'))!.body);
  });

  it('names the rule of the contract that refused, and the refusal of a bad version', async () => {
    expect((await send(pipeline, '/v1/classes?page=4', 'previous'))!.body.errors).toEqual([
      expect.objectContaining({ in: 'query', path: 'page', rule: 'maximum' }),
    ]);
    expect((await send(pipeline, '/v1/groups?limit=2000'))!.body.errors).toEqual([expect.objectContaining({ in: 'query', path: 'limit', rule: 'maximum' })]);
    const bad = (await send(pipeline, '/v1/groups', 'nëxt'))!;
    expect(bad.body).toMatchObject({ type: expect.stringMatching(/unknown-contract-version$/), errors: [{ in: 'header', path: 'X-Contract-Version' }] });
  });

  it('refuses `previous` on a mock that serves one contract, and leaves its answers as they were', async () => {
    const refused = (await send(single, '/v1/groups', 'previous'))!;
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toMatch(/--previous-spec/);
    const plain = (await send(single, '/v1/groups'))!;
    expect(plain.status).toBe(200);
    expect(plain.headers['x-contract-version']).toBeUndefined();
  });

  it('lets a page of another origin read which version answered', async () => {
    const [path, search] = ['/v1/classes', 'limit=1'];
    const answer = await pipeline({
      method: 'GET',
      url: `${path}?${search}`,
      path,
      search,
      headers: { ...auth, origin: 'http://localhost:5173', 'x-contract-version': 'previous' },
    });
    const head = (answer as Awaited<typeof answer> & object).headers;
    const exposed = head[head.findIndex((h, i) => i % 2 === 0 && h.toLowerCase() === 'access-control-expose-headers') + 1];
    expect(exposed).toMatch(/\bX-Contract-Version\b/);
  });

  it('journals which version answered', async () => {
    const journal = deps.sessions.use(DEFAULT_SESSION).journal;
    const before = journal.count();
    await send(pipeline, '/v1/classes?limit=1', 'previous');
    await send(pipeline, '/v1/groups?limit=1');
    const entries = journal.list().slice(before - journal.count());
    expect(entries.map((e) => [e.path, e.operationId, e.contractVersion])).toEqual([
      ['/v1/classes', 'listGroups', 'previous'],
      ['/v1/groups', 'listGroups', 'current'],
    ]);
  });
});

describe('createMock({ previousSpec })', () => {
  it('serves the previous document in-process too', async () => {
    const mock = createMock({ previousSpec: previousDocument() as never });
    const headers = { authorization: auth.authorization as string, 'community-id': auth['community-id'] as string };
    const previous = await mock.fetch(new Request('http://mock.test/v1/classes?limit=1', { headers: { ...headers, 'x-contract-version': 'previous' } }));
    expect([previous.status, previous.headers.get('x-contract-version')]).toEqual([200, 'previous']);
    expect((await mock.fetch(new Request('http://mock.test/v1/classes?limit=1', { headers }))).status).toBe(404);
    const current = await mock.fetch(new Request('http://mock.test/v1/groups?limit=1', { headers }));
    expect([current.status, current.headers.get('x-contract-version')]).toEqual([200, 'current']);
    // The unknown route is no operation of either contract: no version answered it.
    const entries = mock.session().journal.list();
    expect(entries.map((e) => [e.path, e.status, e.contractVersion])).toEqual([
      ['/v1/classes', 200, 'previous'],
      ['/v1/classes', 404, undefined],
      ['/v1/groups', 200, 'current'],
    ]);
  });
});

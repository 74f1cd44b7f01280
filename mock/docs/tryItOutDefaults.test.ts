/**
 * /docs' Try it out with the values it starts with answers with data on every operation it can run: each
 * parameter and body is filled as Swagger UI fills it (the parameter's example, else its schema's default;
 * a body's first example), against the seeded mock, with the token Authorize would give (a development token
 * of the community's coordenator, which the README says can be pasted into bearerAuth). authorize and token
 * say to use the Authorize button instead.
 */
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devToken, type MockHarness, startMock } from '../testing/startMock.ts';
import { AUTHORIZE_BUTTON_ONLY } from './tryItOutSpec.ts';

let mock: MockHarness;
let docs: OpenAPIV3_1.Document;
beforeAll(async () => {
  mock = await startMock();
  const res = await fetch(`${mock.baseUrl}/docs/openapi.json`);
  expect(res.status).toBe(200);
  docs = (await res.json()) as OpenAPIV3_1.Document;
});
afterAll(async () => {
  await mock.close();
});

type Op = OpenAPIV3_1.OperationObject & { path: string; method: string };

function operations(): Op[] {
  const out: Op[] = [];
  for (const [path, item] of Object.entries(docs.paths ?? {})) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const op = item?.[method];
      if (op?.operationId)
        out.push({
          ...op,
          path,
          method,
          parameters: [...((item?.parameters ?? []) as object[]), ...((op.parameters ?? []) as object[])] as OpenAPIV3_1.ParameterObject[],
        });
    }
  }
  return out;
}

function deref<T>(value: unknown): T {
  const ref = (value as { $ref?: string }).$ref;
  if (!ref) return value as T;
  let target: unknown = docs;
  for (const key of ref.slice(2).split('/')) target = (target as Record<string, unknown>)[key.replaceAll('~1', '/').replaceAll('~0', '~')];
  return deref<T>(target);
}

/** What Swagger UI puts in a parameter's field: its example (or first examples entry), else the schema's example or default. */
function swaggerDefault(p: OpenAPIV3_1.ParameterObject): unknown {
  const schema = deref<OpenAPIV3_1.SchemaObject & { example?: unknown }>(p.schema ?? {});
  const first = p.examples ? deref<OpenAPIV3_1.ExampleObject>(Object.values(p.examples)[0]).value : undefined;
  return p.example ?? first ?? schema.example ?? schema.default;
}

describe('Try it out with its starting values', () => {
  const runnable = () => operations().filter((op) => !AUTHORIZE_BUTTON_ONLY.includes(op.operationId as string));

  it('covers every operation but the two OAuth steps', () => {
    expect(runnable().length).toBe(11);
  });

  it.each([
    'listGroups',
    'searchGroups',
    'getGroup',
    'listAppInstallations',
    'updateAppInstallation',
    'approveAppInstallation',
    'uploadSyncEntities',
    'getUpdatedUsers',
    'getUpdatedComponents',
    'getUserInfo',
    'getAuthorizationServerMetadata',
  ])('%s answers 2xx with data', async (operationId) => {
    const op = runnable().find((o) => o.operationId === operationId);
    expect(op, operationId).toBeDefined();
    const params = (op!.parameters as object[]).map((p) => deref<OpenAPIV3_1.ParameterObject>(p));
    let path = op!.path;
    const query = new URLSearchParams();
    const headers: Record<string, string> = {};
    for (const p of params) {
      const value = swaggerDefault(p);
      if (value === undefined) continue;
      if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(String(value)));
      else if (p.in === 'query') query.set(p.name, String(value));
      else if (p.in === 'header') headers[p.name] = String(value);
    }
    expect(path, 'every path parameter has a value').not.toMatch(/\{/);
    if (op!.security?.length) headers.authorization = `Bearer ${devToken(mock.deps, headers['community-id'] ?? 'colegio-horizonte', 'coordenator')}`;
    let body: string | undefined;
    const media = op!.requestBody ? deref<OpenAPIV3_1.RequestBodyObject>(op!.requestBody).content?.['application/json'] : undefined;
    if (media) {
      const example = media.example ?? (media.examples ? deref<OpenAPIV3_1.ExampleObject>(Object.values(media.examples)[0]).value : undefined);
      body = JSON.stringify(example);
      headers['content-type'] = 'application/json';
    }
    const qs = query.toString();
    const res = await fetch(`${mock.baseUrl}${path}${qs ? `?${qs}` : ''}`, { method: op!.method.toUpperCase(), headers, body });
    const text = await res.text();
    expect(res.status, `${op!.method.toUpperCase()} ${path}?${qs}: ${text.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
    expect(res.status, `${op!.method.toUpperCase()} ${path}?${qs}: ${text.slice(0, 300)}`).toBeLessThan(300);
    const data: unknown = text ? JSON.parse(text) : undefined;
    const records = Array.isArray(data)
      ? data
      : data && typeof data === 'object' && Array.isArray((data as { data?: unknown }).data)
        ? (data as { data: unknown[] }).data
        : undefined;
    if (records) expect(records.length, `${operationId} answers records`).toBeGreaterThan(0);
    else if (operationId !== 'uploadSyncEntities')
      expect(data && typeof data === 'object' && Object.keys(data).length > 0, `${operationId} answers an object with keys`).toBe(true);
  });

  it.each(AUTHORIZE_BUTTON_ONLY)('%s points to the Authorize button', (operationId) => {
    const op = operations().find((o) => o.operationId === operationId);
    expect(op?.description).toMatch(/Use the \*\*Authorize\*\* button/);
  });

  it('GET /openapi.json stays the contract as written (its own examples)', async () => {
    const contract = (await (await fetch(`${mock.baseUrl}/openapi.json`)).json()) as OpenAPIV3_1.Document;
    expect(contract.paths?.['/oauth/token']?.post?.description).not.toMatch(/Authorize\*\* button/);
  });
});

describe("the data actions' prefilled bodies on a mock nothing was written to", () => {
  // The test above runs the upload before the data actions, so their answers may hold its users: here the
  // seeded data alone must answer records to the body /docs fills in.
  let fresh: MockHarness;
  let served: OpenAPIV3_1.Document;
  beforeAll(async () => {
    fresh = await startMock();
    served = (await (await fetch(`${fresh.baseUrl}/docs/openapi.json`)).json()) as OpenAPIV3_1.Document;
  });
  afterAll(() => fresh.close());

  it.each(['/v1/@platform:data:Users:getUpdatedAfter', '/v1/@platform:data:Components:getUpdatedAfter'])('%s answers records', async (path) => {
    const media = served.paths?.[path]?.post?.requestBody as OpenAPIV3_1.RequestBodyObject;
    const example = Object.values(media.content['application/json']?.examples ?? {})[0] as OpenAPIV3_1.ExampleObject;
    const res = await fetch(`${fresh.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(example.value),
    });
    const body = (await res.json()) as { data: unknown[] };
    expect(res.status).toBe(200);
    expect(body.data.length, JSON.stringify(example.value)).toBeGreaterThan(0);
  });
});

/** The Try it out variant of the spec, on a small document: every operation of a path gets the path's parameters. */
import type { OpenAPIV3_1 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { tryItOutSpec, type TryItOutValues } from './tryItOutSpec.ts';

const values: TryItOutValues = {
  community: 'c-1',
  groupId: 'a'.repeat(24),
  searchWord: 'Turma',
  season: '2026',
  appId: 'app-1',
  appSecret: 'sk_1',
  pendingAppId: 'app-2',
};

const doc = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: {
    '/apps/{appId}/installations/{community}': {
      parameters: [
        { name: 'appId', in: 'path', required: true, schema: { type: 'string' }, example: 'app-from-the-description' },
        { name: 'community', in: 'path', required: true, schema: { type: 'string' }, example: 'somewhere' },
      ],
      put: { operationId: 'updateAppInstallation', responses: {} },
      post: { operationId: 'approveAppInstallation', parameters: [{ name: 'name', in: 'query', schema: { type: 'string', example: 'x' } }], responses: {} },
    },
  },
} as unknown as OpenAPIV3_1.Document;

describe('tryItOutSpec', () => {
  const out = tryItOutSpec(doc, values);
  const item = out.paths?.['/apps/{appId}/installations/{community}'];
  const examples = (op: OpenAPIV3_1.OperationObject | undefined) =>
    Object.fromEntries(((op?.parameters ?? []) as OpenAPIV3_1.ParameterObject[]).map((p) => [p.name, (p as { example?: unknown }).example]));

  it.each([
    ['updateAppInstallation', item?.put, { appId: 'app-1', community: 'c-1' }],
    ['approveAppInstallation', item?.post, { appId: 'app-2', community: 'c-1', name: undefined }],
  ])('%s starts from the mock data; optional filters start empty', (_name, op, want) => {
    expect(examples(op)).toEqual(want);
  });

  it('leaves the document it was given alone', () => {
    expect((doc.paths?.['/apps/{appId}/installations/{community}']?.parameters as unknown[]).length).toBe(2);
    expect(item?.parameters).toBeUndefined();
  });
});

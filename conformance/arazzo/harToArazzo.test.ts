import { describe, expect, it } from 'vitest';
import { loadDocument } from '../../spec/loadDocument.ts';
import type { HarExchange } from '../har/readHar.ts';
import { harToArazzo } from './harToArazzo.ts';

const DOC = loadDocument();
const ID = '64b7f0c2a1e4d93b5c0f2c10';

function exchange(method: string, url: string, extra: Partial<HarExchange> = {}): HarExchange {
  return { index: 0, startedDateTime: '', method, url: `http://localhost:4010${url}`, headers: {}, status: 200, responseHeaders: {}, ...extra };
}

describe('harToArazzo', () => {
  it('carries an id from an answer, turns masked secrets into inputs, and leaves out what is not an API step', () => {
    const { document, skipped } = harToArazzo(
      [
        exchange('GET', '/v1/groups?limit=2', {
          headers: { authorization: 'Bearer ***oken', 'community-id': 'c1' },
          responseBody: JSON.stringify([{ _id: 'x' }, { _id: ID }]),
        }),
        exchange('GET', `/v1/groups/${ID}`, { headers: { authorization: 'Bearer ***oken', 'community-id': 'c1' }, status: 404 }),
        exchange('POST', '/v1/@platform:data:Users:getUpdatedAfter', {
          headers: { 'content-type': 'application/json' },
          requestBody: JSON.stringify({ secret: '***', context: { community: 'c1' }, data: { after: '2020-01-01T00:00:00Z' } }),
        }),
        exchange('GET', '/__mock/journal?limit=1'),
        exchange('GET', '/oauth/authorize?response_type=code', { status: 302 }),
      ],
      DOC,
      { specUrl: '../spec/openapi.yaml', title: 't' },
    );
    const [list, get, action] = document.workflows[0]!.steps;
    expect(list?.outputs).toEqual({ id1: '$response.body#/1/_id' });
    expect(get?.parameters).toEqual([
      { name: 'groupId', in: 'path', value: '$steps.listGroups1.outputs.id1' },
      { name: 'community-id', in: 'header', value: 'c1' },
      { name: 'Authorization', in: 'header', value: '$inputs.authorization' },
    ]);
    expect(get?.successCriteria).toEqual([{ condition: '$statusCode == 404' }]);
    expect(action?.operationId).toBe('getUpdatedUsers');
    expect(action?.requestBody?.replacements).toEqual([{ target: '/secret', value: '$inputs.secret' }]);
    expect(Object.keys(document.workflows[0]!.inputs.properties).sort()).toEqual(['authorization', 'secret']);
    expect(skipped).toHaveLength(2);
    expect(skipped[1]).toMatch(/authorize is part of the OAuth login/);
  });
});

/**
 * The lifecycle without a transport: an ApiRequest in, an ApiAnswer out, and the finished exchange in the
 * session's journal, handed over by the lifecycle itself (the answer's head and body as answered).
 */
import { describe, expect, it } from 'vitest';
import { createFrozenClock } from '../clock.ts';
import { createDeps } from '../createDeps.ts';
import { createMockPipeline } from '../createMockPipeline.ts';
import { DEFAULT_SESSION } from '../sessions/SessionRegistry.ts';
import type { ApiRequest } from '../exchange/ApiExchange.ts';

const deps = createDeps({ clock: createFrozenClock('2026-03-01T12:00:00.000Z') });
const pipeline = createMockPipeline(deps);
const auth = { authorization: 'Bearer dev-colegio-horizonte-coordenator', 'community-id': 'colegio-horizonte' };

function request(method: string, url: string, headers: Record<string, string>, body?: string): ApiRequest {
  const q = url.indexOf('?');
  return {
    method,
    url,
    path: q < 0 ? url : url.slice(0, q),
    search: q < 0 ? '' : url.slice(q + 1),
    headers,
    ...(body === undefined ? {} : { body: new TextEncoder().encode(body) }),
  };
}

function headerOf(list: readonly string[], name: string): string | undefined {
  for (let i = 0; i < list.length; i += 2) if (list[i]?.toLowerCase() === name) return list[i + 1];
  return undefined;
}

describe('createApiPipeline over ApiRequest and ApiAnswer', () => {
  it.each([
    ['a control, in the same lifecycle', 'GET', '/__mock/clock', {}, 200, 'application/json; charset=utf-8'],
    ['a control, another site refused by the guard', 'POST', '/__mock/reset', { origin: 'http://evil.test' }, 403, 'application/problem+json; charset=utf-8'],
    ['the authorization server', 'GET', '/.well-known/oauth-authorization-server', {}, 200, 'application/json; charset=utf-8'],
    ['a route only the Node mounts add: 404 here', 'GET', '/docs', {}, 404, 'application/problem+json; charset=utf-8'],
    ['a control under another method: 405', 'POST', '/__mock/clock', {}, 405, 'application/problem+json; charset=utf-8'],
  ])('answers every route, not only the API: %s', async (_name, method, url, headers, status, type) => {
    const answer = await pipeline(request(method, url, headers));
    expect(answer.status).toBe(status);
    expect(headerOf(answer.headers, 'content-type')).toBe(type);
    expect(Number(headerOf(answer.headers, 'content-length'))).toBe(new TextEncoder().encode(answer.body as string).byteLength);
    if (status === 405) expect(headerOf(answer.headers, 'allow')).toBe('GET, PUT');
  });

  it.each([
    ['a list', 'GET', '/v1/groups?limit=2', auth, undefined, 200],
    ['a missing token', 'GET', '/v1/groups', { 'community-id': 'colegio-horizonte' }, undefined, 401],
    ['a body that is not JSON', 'POST', '/v2/sync/run-1/uploadEntities', { ...auth, 'content-type': 'application/json' }, '{"groups":', 400],
    ['a bad session name', 'GET', '/v1/groups', { ...auth, 'x-mock-session': 'no spaces' }, undefined, 400],
  ])('%s: the answer, with its Content-Length, and the same exchange in the journal', async (_name, method, url, headers, body, status) => {
    const journal = deps.sessions.use(DEFAULT_SESSION).journal;
    const before = journal.count();
    const answer = await pipeline(request(method, url, headers, body));
    expect(answer?.status).toBe(status);
    const text = answer?.body as string;
    expect(Number(headerOf(answer?.headers ?? [], 'content-length'))).toBe(new TextEncoder().encode(text).length);
    expect(journal.count()).toBe(before + 1);
    const [entry] = journal.list({ limit: 1 });
    expect(entry).toMatchObject({ method, url, status });
    expect(JSON.stringify(entry?.response.body)).toBe(JSON.stringify(JSON.parse(text)));
    if (body !== undefined) expect(entry?.request.size).toBe(body.length);
  });

  it('reads the body only when the lifecycle asks for it, never for a request refused at the front door', async () => {
    let reads = 0;
    const reader = () => {
      reads++;
      return Promise.resolve(new TextEncoder().encode('{}'));
    };
    const refused = await pipeline({ ...request('POST', '/v2/sync/run-1/uploadEntities', { ...auth, 'x-mock-session': 'bad name' }), body: reader });
    expect(refused?.status).toBe(400);
    expect(reads).toBe(0);
    const read = await pipeline({ ...request('POST', '/v2/sync/run-1/uploadEntities', { ...auth, 'content-type': 'application/json' }), body: reader });
    expect(read?.status).toBe(200);
    expect(reads).toBe(1);
  });
});

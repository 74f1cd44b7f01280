import { describe, expect, it } from 'vitest';
import { mountPath } from './mountPath.ts';

describe('mountPath', () => {
  it.each([
    ['the server itself', '/v1/groups', undefined, ''],
    ['unchanged by a router', '/v1/groups', '/v1/groups', ''],
    ['under /api', '/v1/groups?limit=2', '/api/v1/groups?limit=2', '/api'],
    ['two segments', '/__mock/ui', '/dev/mock/__mock/ui', '/dev/mock'],
    ['the mount path itself', '/', '/api', '/api'],
    ['the mount path with a slash', '/', '/api/', '/api'],
    ['the mount path with a query', '/?x=1', '/api?x=1', '/api'],
    ['a case-folded match keeps what was sent', '/docs', '/API/docs', '/API'],
    ['a quote in the path: not taken', '/docs', '/a"b/docs', ''],
    ['angle brackets: not taken', '/docs', '/<x>/docs', ''],
    ['a protocol-relative start: not taken', '/docs', '//evil.example/docs', ''],
    ['dot segments: not taken', '/docs', '/../docs', ''],
    ['a url that is not a tail of the one sent', '/other', '/api/v1', ''],
  ])('%s', (_name, url, originalUrl, want) => {
    expect(mountPath({ url, ...(originalUrl === undefined ? {} : { originalUrl }) })).toBe(want);
  });
});

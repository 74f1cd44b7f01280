import { describe, expect, it } from 'vitest';
import { splitRequestUrl } from './splitRequestUrl.ts';

describe('splitRequestUrl', () => {
  it.each([
    ['/v1/groups', { path: '/v1/groups', search: '' }],
    ['/v1/groups?active=true&limit=20', { path: '/v1/groups', search: 'active=true&limit=20' }],
    ['/v1/groups?q=a?b', { path: '/v1/groups', search: 'q=a?b' }],
    ['/v1/groups/%C3%A9', { path: '/v1/groups/%C3%A9', search: '' }],
    ['/v1/groups#frag', { path: '/v1/groups', search: '' }],
    ['http://localhost:4010/v1/groups?x=1', { path: '/v1/groups', search: 'x=1' }],
    ['*', { path: '/*', search: '' }],
  ])('%s', (url, want) => {
    expect(splitRequestUrl(url)).toEqual(want);
  });
});

import { describe, expect, it } from 'vitest';
import { upstreamTarget } from './upstreamTarget.ts';

const self = (authority: string): boolean => authority === 'localhost:4020' || authority === '127.0.0.1:4020';

describe('upstreamTarget', () => {
  it.each<[string, string, string, string | RegExp]>([
    ['a path', 'https://staging.example.org', '/v1/groups?limit=3', 'https://staging.example.org/v1/groups?limit=3'],
    ['the root', 'https://staging.example.org', '/', 'https://staging.example.org/'],
    ['under the upstream path', 'https://staging.example.org/api/', '/v1/groups', 'https://staging.example.org/api/v1/groups'],
    ['under a path without its slash', 'https://staging.example.org/api', '/v1/groups', 'https://staging.example.org/api/v1/groups'],
    ['a // inside the path stays a path', 'https://staging.example.org', '/v1//groups', 'https://staging.example.org/v1//groups'],
    ['a query holding a URL', 'https://staging.example.org', '/cb?next=//evil.example/x', 'https://staging.example.org/cb?next=//evil.example/x'],
    ['an encoded slash stays encoded', 'https://staging.example.org', '/%2F%2Fevil.example/x', 'https://staging.example.org/%2F%2Fevil.example/x'],
    ['dots inside a segment', 'https://staging.example.org', '/v1/a..b/.x', 'https://staging.example.org/v1/a..b/.x'],
    ['absolute-form naming the proxy', 'https://staging.example.org', 'http://localhost:4020/v1/groups?x=1', 'https://staging.example.org/v1/groups?x=1'],
    ['absolute-form naming the proxy, no path', 'https://staging.example.org', 'http://127.0.0.1:4020', 'https://staging.example.org/'],
    ['absolute-form naming the proxy, query only', 'https://staging.example.org', 'http://127.0.0.1:4020?a=1', 'https://staging.example.org/?a=1'],
    ['absolute-form naming another host', 'https://staging.example.org', 'http://127.0.0.2:8080/x', /absolute-form/],
    ['absolute-form naming another port', 'https://staging.example.org', 'http://localhost:5432/x', /absolute-form/],
    ['absolute-form with user info', 'https://staging.example.org', 'http://localhost:4020@evil.example/x', /absolute-form/],
    ['absolute-form, other scheme', 'https://staging.example.org', 'file:///etc/passwd', /absolute-form/],
    ['absolute-form naming the proxy, then a // path', 'https://staging.example.org', 'http://localhost:4020//evil.example/x', /starts with \/\//],
    ['absolute-form with a backslash after the authority', 'https://staging.example.org', 'http://localhost:4020\\@evil.example/', /origin-form/],
    ['a network-path reference', 'https://staging.example.org', '//evil.example/x', /starts with \/\//],
    ['a network-path reference under a prefix', 'https://staging.example.org/api', '//evil.example/x', /starts with \/\//],
    ['three slashes', 'https://staging.example.org', '///evil.example/x', /starts with \/\//],
    ['a backslash', 'https://staging.example.org', '/\\evil.example/x', /backslash/],
    ['a backslash later', 'https://staging.example.org', '/v1\\..\\x', /backslash/],
    ['dot segments', 'https://staging.example.org/api', '/../admin', /dot segment/],
    ['a trailing ..', 'https://staging.example.org', '/v1/..', /dot segment/],
    ['a single dot', 'https://staging.example.org', '/./x', /dot segment/],
    ['encoded dots', 'https://staging.example.org', '/v1/%2E%2e/x', /dot segment/],
    ['half-encoded dots', 'https://staging.example.org', '/v1/.%2e/x', /dot segment/],
    ['a fragment', 'https://staging.example.org', '/v1/groups#x', /fragment/],
    ['authority-form', 'https://staging.example.org', 'evil.example:443', /origin-form/],
    ['asterisk-form', 'https://staging.example.org', '*', /asterisk-form/],
    ['empty', 'https://staging.example.org', '', /origin-form/],
  ])('%s', (_name, upstream, target, want) => {
    const got = upstreamTarget(new URL(upstream), target, self);
    if (typeof want === 'string') expect('url' in got ? got.url.href : got.refused).toBe(want);
    else expect('refused' in got ? got.refused : got.url.href).toMatch(want);
  });
});

import { describe, expect, it } from 'vitest';
import type { AppRecord } from '../../fixtures/records.ts';
import { isLoopbackRedirectUri, matchesLoopbackRedirect, matchesOwnPage, resolveRedirectUri } from './redirectUri.ts';

const app = (redirectUris: string[]): AppRecord => ({ manifest: { id: 'app' }, dataActionSecret: 'sk', redirectUris });

describe('isLoopbackRedirectUri (RFC 8252 §7.3)', () => {
  it.each([
    ['http://127.0.0.1:51004/callback', true],
    ['http://127.0.0.1/cb', true],
    ['http://[::1]:8080/oauth/cb?x=1', true],
    ['http://localhost:3000/', true],
    ['https://127.0.0.1:8443/cb', false],
    ['http://127.0.0.2:80/cb', false],
    ['http://localhost.evil.com:3000/cb', false],
    ['http://127.0.0.1:80@evil.com/cb', false],
    ['http://user@127.0.0.1:80/cb', false],
    ['http://127.0.0.1:3000/cb#frag', false],
    ['not a uri', false],
  ])('%s → %s', (uri, want) => {
    expect(isLoopbackRedirectUri(uri)).toBe(want);
  });
});

describe('matchesLoopbackRedirect: only the port may vary (RFC 8252 §7.3, RFC 9700 §4.1.3)', () => {
  const registered = ['http://localhost:5173/callback', 'https://app.example.com.br/callback'];
  it.each([
    ['http://localhost:5173/callback', true],
    ['http://localhost:49152/callback', true],
    ['http://127.0.0.1:8765/callback', true],
    ['http://[::1]:8080/callback', true],
    ['http://localhost/callback', true],
    ['http://localhost:5173/callbackevil', false],
    ['http://localhost:5173/callback/', false],
    ['http://localhost:5173/callback/../../evil', false],
    ['http://localhost:5173/callback/%2e%2e/evil', false],
    ['http://localhost:5173/Callback', false],
    ['http://localhost:5173/callback?x=1', false],
    ['http://localhost:5173/', false],
    ['http://127.0.0.1:5173/cb', false],
    ['https://localhost:5173/callback', false],
    ['http://evil@localhost:5173/callback', false],
  ])('%s → %s', (uri, want) => {
    expect(matchesLoopbackRedirect(uri, registered)).toBe(want);
  });
});

describe('resolveRedirectUri (RFC 6749 §3.1.2)', () => {
  const registered = 'https://app.example.com.br/callback';
  const loopback = 'http://127.0.0.1/cb';
  it.each([
    ['the registered URI', [registered], registered, { ok: true, redirectUri: registered, given: true }],
    [
      'a registered loopback URI on any port',
      [registered, loopback],
      'http://127.0.0.1:49152/cb',
      { ok: true, redirectUri: 'http://127.0.0.1:49152/cb', given: true },
    ],
    [
      'a loopback URI with no registered loopback path',
      [registered],
      'http://127.0.0.1:49152/cb',
      { ok: false, reason: expect.stringMatching(/only the port may differ/) },
    ],
    ['a loopback URI with another path', [registered, loopback], 'http://127.0.0.1:49152/cb2', { ok: false }],
    ['nothing, with a single registered URI', [registered], undefined, { ok: true, redirectUri: registered, given: false }],
    ['nothing, with two registered URIs', [registered, 'https://b.example/cb'], undefined, { ok: false }],
    ['nothing, with none registered', [], undefined, { ok: false }],
    ['a registered URI with another path', [registered], 'https://app.example.com.br/callback2', { ok: false }],
    ['a registered URI with a trailing slash', [registered], `${registered}/`, { ok: false }],
    ['a registered URI with a fragment', [registered], `${registered}#x`, { ok: false }],
    ['a relative URI', [registered], '/callback', { ok: false }],
  ])('accepts or refuses %s', (_name, uris, requested, want) => {
    expect(resolveRedirectUri(app(uris), requested)).toMatchObject(want);
  });
});

describe('matchesOwnPage: the docs page under the mock public origin', () => {
  const registered = ['http://localhost:4010/docs/oauth2-redirect.html', 'https://app.example/cb'];
  it.each([
    ['the registered path on the mock own origin', 'https://mock.example.com/docs/oauth2-redirect.html', 'https://mock.example.com', true],
    ['another origin', 'https://evil.example/docs/oauth2-redirect.html', 'https://mock.example.com', false],
    ['an origin that only starts like it', 'https://mock.example.com.evil/docs/oauth2-redirect.html', 'https://mock.example.com', false],
    ['another path', 'https://mock.example.com/docs/oauth2-redirect.htmlx', 'https://mock.example.com', false],
    ['a non-loopback registered path', 'https://mock.example.com/cb', 'https://mock.example.com', false],
    ['no own origin known', 'https://mock.example.com/docs/oauth2-redirect.html', undefined, false],
  ])('%s', (_name, requested, own, want) => {
    expect(matchesOwnPage(requested, registered, own)).toBe(want);
  });
});

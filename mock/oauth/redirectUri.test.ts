import { describe, expect, it } from 'vitest';
import type { AppRecord } from '../store/records.ts';
import { isLoopbackRedirectUri, resolveRedirectUri } from './redirectUri.ts';

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
    ['http://127.0.0.1:3000/cb#frag', false],
    ['not a uri', false],
  ])('%s → %s', (uri, want) => {
    expect(isLoopbackRedirectUri(uri)).toBe(want);
  });
});

describe('resolveRedirectUri (RFC 6749 §3.1.2)', () => {
  const registered = 'https://app.example.com.br/callback';
  it.each([
    ['the registered URI', [registered], registered, { ok: true, redirectUri: registered, given: true }],
    ['a loopback URI on any port', [registered], 'http://127.0.0.1:49152/cb', { ok: true, redirectUri: 'http://127.0.0.1:49152/cb', given: true }],
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

import { describe, expect, it } from 'vitest';
import { authorizationResponseUrl } from './authorizationResponseUrl.ts';

describe('authorizationResponseUrl (RFC 6749 §4.1.2)', () => {
  it.each([
    ['no query', 'http://127.0.0.1:5/cb', { code: 'c1', state: 's' }, 'http://127.0.0.1:5/cb?code=c1&state=s'],
    ['a query kept byte for byte', 'https://a.example/cb?x=%7E&y', { code: 'c1' }, 'https://a.example/cb?x=%7E&y&code=c1'],
    ['a trailing ?', 'https://a.example/cb?', { code: 'c1' }, 'https://a.example/cb?code=c1'],
    ['undefined values left out', 'https://a.example/cb', { error: 'access_denied', state: undefined }, 'https://a.example/cb?error=access_denied'],
    ['a state that needs encoding', 'https://a.example/cb', { code: 'c', state: 'a b&c=d' }, 'https://a.example/cb?code=c&state=a+b%26c%3Dd'],
  ])('%s', (_name, uri, params, want) => {
    const url = authorizationResponseUrl(uri, params);
    expect(url).toBe(want);
  });

  it('returns the state untouched once decoded', () => {
    const state = 'ü <>"\'&=+%20#';
    expect(new URL(authorizationResponseUrl('https://a.example/cb', { state })).searchParams.get('state')).toBe(state);
  });
});

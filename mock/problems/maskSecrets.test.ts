import { describe, expect, it } from 'vitest';
import { maskForm, maskHeaders, maskJson, maskText, maskUrl } from './maskSecrets.ts';

describe('maskSecrets', () => {
  it.each([
    [
      'a bearer token keeps its scheme and last four',
      maskHeaders({ Authorization: 'Bearer dev-colegio-horizonte-coordenator' }),
      { authorization: 'Bearer ***ator' },
    ],
    ['basic credentials', maskHeaders({ authorization: 'Basic YWJjOmRlZg==' }), { authorization: 'Basic ***' }],
    [
      'a redirect Location keeps all but its code',
      maskHeaders({ Location: 'http://x/cb?code=mock_ac_0123456789abcdef&state=s1' }),
      { location: 'http://x/cb?code=***cdef&state=s1' },
    ],
    ['other headers stay', maskHeaders({ 'community-id': 'c', 'x-n': 3 }), { 'community-id': 'c', 'x-n': '3' }],
    ['form secrets', maskForm('grant_type=x&client_secret=cs_0123456789abcdef01&code=abc'), 'grant_type=x&client_secret=***ef01&code=***'],
    ['a query token', maskUrl('/p?access_token=abcdefghijklmnopqrstuv&a=1'), '/p?access_token=***stuv&a=1'],
    [
      'JSON secrets at any depth, not postal or problem codes',
      maskJson({ secret: 'sk_0123456789abcdef', a: [{ refresh_token: 'r' }], code: 'invalid_request', address: { code: '01310-100' } }),
      { secret: '***cdef', a: [{ refresh_token: '***' }], code: 'invalid_request', address: { code: '01310-100' } },
    ],
    ['free text', maskText('Redirecting to http://x/cb?code=mock_ac_65c8dbe2a2df558a&amp;state=s'), 'Redirecting to http://x/cb?code=***558a&amp;state=s'],
  ])('masks %s', (_name, got, want) => {
    expect(got).toEqual(want);
  });
});

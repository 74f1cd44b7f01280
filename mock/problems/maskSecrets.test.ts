import { describe, expect, it } from 'vitest';
import { isSecretHeader, isSecretKey, maskForm, maskHeaders, maskJson, maskJsonPairs, maskText, maskUrl } from './maskSecrets.ts';

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
    ['a Referer’s api_key', maskHeaders({ Referer: 'http://app/p?api_key=k_0123456789abcdefgh&tab=2' }), { referer: 'http://app/p?api_key=***efgh&tab=2' }],
    ['other headers stay', maskHeaders({ 'community-id': 'c', 'x-n': 3, 'x-mock-session': 's1' }), { 'community-id': 'c', 'x-n': '3', 'x-mock-session': 's1' }],
    [
      'key-shaped headers',
      maskHeaders({ 'X-Api-Key': 'k_live_0123456789abcdef', 'Api-Key': 'short', 'X-Auth-Token': 't_0123456789abcdefgh', Cookie: 'sid=abc; theme=dark' }),
      { 'x-api-key': '***cdef', 'api-key': '***', 'x-auth-token': '***efgh', cookie: '***dark' },
    ],
    ['form secrets', maskForm('grant_type=x&client_secret=cs_0123456789abcdef01&code=abc'), 'grant_type=x&client_secret=***ef01&code=***'],
    ['form fields named by principle', maskForm('user%5Bpassword%5D=hunter2&apiKey=k&name=Ana'), 'user%5Bpassword%5D=***&apiKey=***&name=Ana'],
    ['a query token', maskUrl('/p?access_token=abcdefghijklmnopqrstuv&a=1'), '/p?access_token=***stuv&a=1'],
    [
      'query keys of every spelling',
      maskUrl('/v1/groups?api_key=AK1&apikey=AK2&key=AK3&token=AK4&secret=AK5&client_secret=AK6&password=AK7&limit=3'),
      '/v1/groups?api_key=***&apikey=***&key=***&token=***&secret=***&client_secret=***&password=***&limit=3',
    ],
    [
      'JSON secrets at any depth, not postal or problem codes',
      maskJson({ secret: 'sk_0123456789abcdef', a: [{ refresh_token: 'r' }], code: 'invalid_request', address: { code: '01310-100' } }),
      { secret: '***cdef', a: [{ refresh_token: '***' }], code: 'invalid_request', address: { code: '01310-100' } },
    ],
    [
      'JSON keys of every spelling, numbers too',
      maskJson({ apiKey: 'a', 'x-api-key': 'b', clientSecret: 'c', accessToken: 'd', pin: 1, password: 1234, token_type: 'Bearer', expires_in: 3600 }),
      { apiKey: '***', 'x-api-key': '***', clientSecret: '***', accessToken: '***', pin: 1, password: '***', token_type: 'Bearer', expires_in: 3600 },
    ],
    ['free text', maskText('Redirecting to http://x/cb?code=mock_ac_65c8dbe2a2df558a&amp;state=s'), 'Redirecting to http://x/cb?code=***558a&amp;state=s'],
    ['free text, key-shaped pairs', maskText('retry with api_key=k_0123456789abcdefgh or zipcode=01310'), 'retry with api_key=***efgh or zipcode=01310'],
    [
      'JSON text cut short',
      maskJsonPairs('{"apiKey": "k_0123456789abcdefgh", "name": "Ana", "dataSecret": "s_01'),
      '{"apiKey": "***efgh", "name": "Ana", "dataSecret": "***',
    ],
  ])('masks %s', (_name, got, want) => {
    expect(got).toEqual(want);
  });

  // One table for the names: what a credential is called, and names that only look alike.
  it.each<[string, boolean, boolean]>([
    // name, as a key (JSON, form, query), as a header
    ['authorization', true, true],
    ['proxy-authorization', true, true],
    ['cookie', true, true],
    ['set-cookie', true, true],
    ['x-api-key', true, true],
    ['api-key', true, true],
    ['api_key', true, true],
    ['apiKey', true, true],
    ['APIKEY', true, true],
    ['key', true, true],
    ['x-auth-token', true, true],
    ['x-csrf-token', true, true],
    ['x-amz-security-token', true, true],
    ['access_token', true, true],
    ['refresh_token', true, true],
    ['id_token', true, true],
    ['token', true, true],
    ['secret', true, true],
    ['client_secret', true, true],
    ['x-client-secret', true, true],
    ['dataActionSecret', true, true],
    ['password', true, true],
    ['new_password', true, true],
    ['code_verifier', true, true],
    ['aws_secret_access_key', true, true],
    ['private_key', true, true],
    ['x-client-key', false, true],
    ['idempotency-key', false, true],
    ['sessionId', true, true],
    ['token_type', false, false],
    ['tokens', false, false],
    ['token_endpoint', false, false],
    ['grant_type', false, false],
    ['client_id', false, false],
    ['community-id', false, false],
    ['x-mock-session', false, false],
    ['code_challenge', false, false],
    ['keyword', false, false],
    ['monkey', false, false],
    ['content-type', false, false],
  ])('%s: a key %s, a header %s', (name, key, header) => {
    expect(isSecretKey(name)).toBe(key);
    expect(isSecretHeader(name)).toBe(header);
  });

  it('masks `code` in forms and queries, never a JSON code', () => {
    expect(maskForm('code=abc&zipcode=01310')).toBe('code=***&zipcode=01310');
    expect(maskJson({ code: 'invalid_request' })).toEqual({ code: 'invalid_request' });
  });
});

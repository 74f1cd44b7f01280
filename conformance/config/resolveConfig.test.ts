import { describe, expect, it } from 'vitest';
import type { CliArgs } from './parseCliArgs.ts';
import { resolveConfig } from './resolveConfig.ts';
import { UsageError } from './UsageError.ts';

const FILE = {
  community: 'file-community',
  token: 'file-token',
  appId: 'file-app',
  appSecret: 'file-secret',
  pendingApproval: { appId: 'manual-app', community: 'file-community' },
  oauth: {
    authorizationUrl: '/oauth/authorize',
    tokenUrl: '/oauth/token',
    clientId: 'c',
    clientSecret: 'file-client-secret',
    redirectUri: 'http://localhost/cb',
    loginHint: 'u1',
    scopes: ['openid'],
  },
};
const args = (extra: Partial<CliArgs> = {}): CliArgs => ({ readOnly: false, strict: false, help: false, ...extra });
const files =
  (text: string) =>
  (path: string): string => {
    if (path !== 'conform.json') throw new Error('ENOENT: no such file');
    return text;
  };

describe('resolveConfig', () => {
  it('reads the config file', () => {
    const config = resolveConfig(args({ baseUrl: 'http://h', configFile: 'conform.json' }), {}, files(JSON.stringify(FILE)));
    const { origins, ...values } = config;
    expect(values).toEqual({ baseUrl: 'http://h', ...FILE });
    expect(origins?.token).toMatchObject({ from: 'config', name: 'token' });
    expect(origins?.token && 'file' in origins.token ? origins.token.file : '').toMatch(/conform\.json$/);
  });

  it.each([
    [
      'flags beat the environment and the file',
      args({ baseUrl: 'http://flag', configFile: 'conform.json', token: 'flag-token' }),
      { CONFORM_TOKEN: 'env-token' },
      { baseUrl: 'http://flag', token: 'flag-token' },
    ],
    [
      'the environment beats the file',
      args({ configFile: 'conform.json' }),
      { CONFORM_BASE_URL: 'http://env', CONFORM_TOKEN: 'env-token', CONFORM_APP_SECRET: 'env-secret', CONFORM_COMMUNITY: 'env-c', CONFORM_APP_ID: 'env-app' },
      { baseUrl: 'http://env', token: 'env-token', appSecret: 'env-secret', community: 'env-c', appId: 'env-app' },
    ],
    [
      'CONFORM_CLIENT_SECRET replaces the OAuth client secret',
      args({ baseUrl: 'http://h', configFile: 'conform.json' }),
      { CONFORM_CLIENT_SECRET: 'env-cs' },
      { oauth: { ...FILE.oauth, clientSecret: 'env-cs' } },
    ],
    ['CONFORM_USER_TOKEN gives a user token', args({ baseUrl: 'http://h' }), { CONFORM_USER_TOKEN: 'ut' }, { userToken: 'ut' }],
    ['--season beats CONFORM_SEASON', args({ baseUrl: 'http://h', season: '2026' }), { CONFORM_SEASON: '2025' }, { season: '2026' }],
    ['CONFORM_SEASON gives a season', args({ baseUrl: 'http://h' }), { CONFORM_SEASON: '2025' }, { season: '2025' }],
    ['an empty variable counts as unset', args({ baseUrl: 'http://h', configFile: 'conform.json' }), { CONFORM_TOKEN: '' }, { token: 'file-token' }],
  ])('%s', (_name, given, env, want) => {
    expect(resolveConfig(given, env, files(JSON.stringify(FILE)))).toMatchObject(want);
  });

  it('takes only what it is given: no file, no token', () => {
    const { origins, ...values } = resolveConfig(args({ baseUrl: 'https://partner.example/api', appSecret: 's', community: 'c' }), {}, files('{}'));
    expect(values).toEqual({ baseUrl: 'https://partner.example/api', appSecret: 's', community: 'c' });
    expect(origins).toEqual({ appSecret: { from: 'flag', name: '--app-secret' }, community: { from: 'flag', name: '--community' } });
  });

  it('records where each value came from: flag, environment or config key', () => {
    const config = resolveConfig(
      args({ baseUrl: 'http://h', configFile: 'conform.json', token: 'flag-token' }),
      { CONFORM_APP_SECRET: 'env-secret' },
      files(JSON.stringify(FILE)),
    );
    expect(config.origins).toMatchObject({
      token: { from: 'flag', name: '--token' },
      appSecret: { from: 'env', name: 'CONFORM_APP_SECRET' },
      'oauth.clientSecret': { from: 'config', name: 'oauth.clientSecret' },
    });
  });

  it.each([
    ['an object', { headers: { 'X-Api-Key': 'k1', 'X-Mock-Session': 'file' } }, ['X-Mock-Session: flag'], { 'X-Api-Key': 'k1', 'X-Mock-Session': 'flag' }],
    ['an array of "Name: value"', { headers: ['x-api-key: k2'] }, [], { 'x-api-key': 'k2' }],
  ])('extra headers from the config file (%s) and --header, the flag winning', (_name, file, flags, want) => {
    const given = args({
      baseUrl: 'http://h',
      configFile: 'conform.json',
      ...(flags.length ? { headers: Object.fromEntries(flags.map((f) => f.split(': ') as [string, string])) } : {}),
    });
    expect(resolveConfig(given, {}, files(JSON.stringify(file))).headers).toEqual(want);
  });

  it.each([
    ['no base URL', args(), '{}', /no base URL/],
    ['a base URL that is not http', args({ baseUrl: 'ftp://h' }), '{}', /http\(s\) URL/],
    ['a missing config file', args({ baseUrl: 'http://h', configFile: 'missing.json' }), '{}', /cannot read the config file missing.json/],
    ['a config file that is not JSON', args({ baseUrl: 'http://h', configFile: 'conform.json' }), '{oops', /not valid JSON/],
    ['a config file that is an array', args({ baseUrl: 'http://h', configFile: 'conform.json' }), '[]', /JSON object/],
    ['a token that is not a string', args({ baseUrl: 'http://h', configFile: 'conform.json' }), '{"token": 5}', /"token" must be a string/],
    [
      'oauth without scopes',
      args({ baseUrl: 'http://h', configFile: 'conform.json' }),
      JSON.stringify({ oauth: { ...FILE.oauth, scopes: 'openid' } }),
      /"oauth.scopes" must be an array of strings/,
    ],
    [
      'an oauth.otherClient without a clientId',
      args({ baseUrl: 'http://h', configFile: 'conform.json' }),
      '{"oauth": {"authorizationUrl": "/a", "tokenUrl": "/t", "clientId": "c", "redirectUri": "http://127.0.0.1/cb", "scopes": [], "otherClient": {"clientSecret": "s"}}}',
      /"oauth.otherClient" must be an object with a string clientId/,
    ],
    ['headers that are not strings', args({ baseUrl: 'http://h', configFile: 'conform.json' }), '{"headers": {"X-A": 1}}', /"headers" must be an object/],
    ['a header without a colon', args({ baseUrl: 'http://h', configFile: 'conform.json' }), '{"headers": ["X-A"]}', /Name: value/],
    ['a half pendingApproval', args({ baseUrl: 'http://h', configFile: 'conform.json' }), '{"pendingApproval": {"appId": "a"}}', /pendingApproval/],
  ])('refuses %s', (_name, given, text, message) => {
    expect(() => resolveConfig(given, {}, files(text))).toThrow(UsageError);
    expect(() => resolveConfig(given, {}, files(text))).toThrow(message);
  });

  it('does not mutate the parsed file', () => {
    const text = JSON.stringify(FILE);
    const config = resolveConfig(args({ baseUrl: 'http://h', configFile: 'conform.json' }), { CONFORM_CLIENT_SECRET: 'x' }, files(text));
    config.oauth?.scopes.push('extra');
    expect(resolveConfig(args({ baseUrl: 'http://h', configFile: 'conform.json' }), {}, files(text)).oauth?.scopes).toEqual(['openid']);
  });
});

import { resolve } from 'node:path';
import type { ConformConfig, ValueOrigin } from './ConformConfig.ts';
import { ENV } from './env.ts';
import { parseHeaders, type CliArgs } from './parseCliArgs.ts';
import { UsageError } from './UsageError.ts';

type Env = Record<string, string | undefined>;

/**
 * The run's configuration: the config file, overridden by environment variables, overridden by flags.
 * Never mutates what it is given.
 */
export function resolveConfig(args: CliArgs, env: Env, readFile: (path: string) => string, given?: Partial<ConformConfig>): ConformConfig {
  // A config given as an object (the API's `config`) is read as a file would be, and the file's keys override it.
  const inline = given === undefined ? {} : checkConfigRecord(structuredClone(given) as Record<string, unknown>, 'the config option');
  const ownFile: ConfigFile = args.configFile ? parseConfigFile(args.configFile, readFile) : {};
  const file: ConfigFile = { ...inline, ...ownFile };
  const inFile = (key: string): boolean => key.split('.').reduce<unknown>((at, k) => (at as Record<string, unknown> | undefined)?.[k], ownFile) !== undefined;
  const filePath = args.configFile ? resolve(args.configFile) : '';
  const origins: Record<string, ValueOrigin> = {};
  const FLAGS: Record<string, string> = {
    'otherCommunity.community': '--other-community',
    'otherCommunity.groupId': '--other-group-id',
    'otherApp.appId': '--other-app-id',
    'otherApp.appSecret': '--other-app-secret',
    baseUrl: '--base-url',
    community: '--community',
    token: '--token',
    appId: '--app-id',
    appSecret: '--app-secret',
    userToken: '--user-token',
    season: '--season',
  };
  const pickAs = (key: string, flag: string | undefined, envName: string, fromFile: unknown): string | undefined => {
    if (flag !== undefined) origins[key] = { from: 'flag', name: FLAGS[key] ?? key };
    else if (nonEmpty(env[envName]) !== undefined) origins[key] = { from: 'env', name: envName };
    else if (typeof fromFile === 'string')
      origins[key] = inFile(key) ? { from: 'config', name: key, file: filePath } : { from: 'flag', name: `the config option's ${key}` };
    return flag ?? nonEmpty(env[envName]) ?? (typeof fromFile === 'string' ? fromFile : undefined);
  };
  const pick = (flag: string | undefined, envName: string, fromFile: unknown): string | undefined =>
    flag ?? nonEmpty(env[envName]) ?? (typeof fromFile === 'string' ? fromFile : undefined);
  const baseUrl = pick(args.baseUrl, ENV.baseUrl, file.baseUrl);
  if (!baseUrl) throw new UsageError(`no base URL: pass --base-url URL (or set ${ENV.baseUrl})`);
  if (!/^https?:\/\/[^/]/i.test(baseUrl)) throw new UsageError(`--base-url must be an http(s) URL, got "${baseUrl}"`);
  try {
    new URL(baseUrl);
  } catch {
    throw new UsageError(`--base-url is not a valid URL: "${baseUrl}"`);
  }
  const config: ConformConfig = { baseUrl };
  const set = <K extends keyof ConformConfig>(key: K, value: ConformConfig[K] | undefined): void => {
    if (value !== undefined) config[key] = value;
  };
  set('community', pickAs('community', args.community, ENV.community, file.community));
  set('token', pickAs('token', args.token, ENV.token, file.token));
  set('appId', pickAs('appId', args.appId, ENV.appId, file.appId));
  set('appSecret', pickAs('appSecret', args.appSecret, ENV.appSecret, file.appSecret));
  set('userToken', pickAs('userToken', args.userToken, ENV.userToken, file.userToken));
  set('season', pickAs('season', args.season, ENV.season, file.season));
  if (file.pendingApproval) set('pendingApproval', { ...file.pendingApproval });
  const otherCommunity = pickAs('otherCommunity.community', args.otherCommunity, ENV.otherCommunity, file.otherCommunity?.community);
  const otherGroupId = pickAs('otherCommunity.groupId', args.otherGroupId, ENV.otherGroupId, file.otherCommunity?.groupId);
  if ((otherCommunity === undefined) !== (otherGroupId === undefined))
    throw new UsageError('otherCommunity needs both a community and a groupId (--other-community and --other-group-id)');
  if (otherCommunity !== undefined && otherGroupId !== undefined) set('otherCommunity', { community: otherCommunity, groupId: otherGroupId });
  const otherAppId = pickAs('otherApp.appId', args.otherAppId, ENV.otherAppId, file.otherApp?.appId);
  const otherAppSecret = pickAs('otherApp.appSecret', args.otherAppSecret, ENV.otherAppSecret, file.otherApp?.appSecret);
  if ((otherAppId === undefined) !== (otherAppSecret === undefined))
    throw new UsageError('otherApp needs both an appId and an appSecret (--other-app-id and --other-app-secret)');
  if (otherAppId !== undefined && otherAppSecret !== undefined) set('otherApp', { appId: otherAppId, appSecret: otherAppSecret });
  if (file.oauth) {
    const clientSecret = nonEmpty(env[ENV.clientSecret]) ?? file.oauth.clientSecret;
    if (nonEmpty(env[ENV.clientSecret]) !== undefined) origins['oauth.clientSecret'] = { from: 'env', name: ENV.clientSecret };
    else if (clientSecret !== undefined)
      origins['oauth.clientSecret'] = inFile('oauth.clientSecret')
        ? { from: 'config', name: 'oauth.clientSecret', file: filePath }
        : { from: 'flag', name: "the config option's oauth.clientSecret" };
    set('oauth', { ...file.oauth, scopes: [...file.oauth.scopes], ...(clientSecret ? { clientSecret } : {}) });
  }
  // Headers: the config file's, then --header (a name given on both: the flag wins).
  const headers: Record<string, string> = {};
  const addHeaders = (given: Record<string, string>, origin: (name: string) => ValueOrigin): void => {
    for (const [name, value] of Object.entries(given)) {
      for (const key of Object.keys(headers)) if (key.toLowerCase() === name.toLowerCase()) delete headers[key];
      headers[name] = value;
      origins[`headers.${name.toLowerCase()}`] = origin(name);
    }
  };
  if (inline.headers) addHeaders(inline.headers, (name) => ({ from: 'flag', name: `the config option's headers.${name}` }));
  if (ownFile.headers) addHeaders(ownFile.headers, (name) => ({ from: 'config', name: `headers.${name}`, file: filePath }));
  if (args.headers) addHeaders(args.headers, (name) => ({ from: 'flag', name: `--header '${name}: …'` }));
  if (Object.keys(headers).length > 0) config.headers = headers;
  if (Object.keys(origins).length > 0) config.origins = origins;
  return config;
}

/** The config file holds the same keys as the resolved config, each optional. */
type ConfigFile = Partial<ConformConfig>;

function parseConfigFile(path: string, readFile: (path: string) => string): ConfigFile {
  let text: string;
  try {
    text = readFile(path);
  } catch (error) {
    throw new UsageError(`cannot read the config file ${path}: ${(error as Error).message}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`the config file ${path} is not valid JSON: ${(error as Error).message}`);
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new UsageError(`the config file ${path} must hold a JSON object`);
  return checkConfigRecord(raw as Record<string, unknown>, `the config file ${path}`);
}

/** Checks each known key's type (`what` names the source in errors); header lists become records. */
function checkConfigRecord(record: Record<string, unknown>, what: string): ConfigFile {
  const bad = (key: string, want: string): never => {
    throw new UsageError(`${what}: "${key}" must be ${want}`);
  };
  for (const key of ['baseUrl', 'community', 'token', 'appId', 'appSecret', 'userToken', 'season']) {
    if (record[key] !== undefined && typeof record[key] !== 'string') bad(key, 'a string');
  }
  const pending = record.pendingApproval as Record<string, unknown> | undefined;
  if (
    pending !== undefined &&
    (typeof pending !== 'object' || pending === null || typeof pending.appId !== 'string' || typeof pending.community !== 'string')
  ) {
    bad('pendingApproval', 'an object with string appId and community');
  }
  for (const [key, fields] of [
    ['otherCommunity', ['community', 'groupId']],
    ['otherApp', ['appId', 'appSecret']],
  ] as const) {
    const value = record[key] as Record<string, unknown> | undefined;
    if (value !== undefined && (typeof value !== 'object' || value === null || fields.some((f) => typeof value[f] !== 'string')))
      bad(key, `an object with string ${fields.join(' and ')}`);
  }
  const headers = record.headers;
  if (headers !== undefined) {
    if (Array.isArray(headers) && headers.every((h) => typeof h === 'string')) record.headers = parseHeaders(headers as string[], `${what}: "headers"`);
    else if (typeof headers === 'object' && headers !== null && !Array.isArray(headers) && Object.values(headers).every((v) => typeof v === 'string')) {
      record.headers = parseHeaders(
        Object.entries(headers as Record<string, string>).map(([k, v]) => `${k}: ${v}`),
        `${what}: "headers"`,
      );
    } else bad('headers', 'an object of header names to string values (or an array of "Name: value")');
  }
  const oauth = record.oauth as Record<string, unknown> | undefined;
  if (oauth !== undefined) {
    if (typeof oauth !== 'object' || oauth === null) bad('oauth', 'an object');
    for (const key of ['authorizationUrl', 'tokenUrl', 'clientId', 'redirectUri']) if (typeof oauth[key] !== 'string') bad(`oauth.${key}`, 'a string');
    for (const key of ['clientSecret', 'loginHint']) if (oauth[key] !== undefined && typeof oauth[key] !== 'string') bad(`oauth.${key}`, 'a string');
    if (!Array.isArray(oauth.scopes) || !oauth.scopes.every((s) => typeof s === 'string')) bad('oauth.scopes', 'an array of strings');
    if (oauth.authMethod !== undefined && oauth.authMethod !== 'client_secret_basic' && oauth.authMethod !== 'client_secret_post')
      bad('oauth.authMethod', '"client_secret_basic" or "client_secret_post"');
    const other = oauth.otherClient as Record<string, unknown> | undefined;
    if (
      other !== undefined &&
      (typeof other !== 'object' ||
        other === null ||
        typeof other.clientId !== 'string' ||
        (other.clientSecret !== undefined && typeof other.clientSecret !== 'string'))
    )
      bad('oauth.otherClient', 'an object with a string clientId and an optional string clientSecret');
  }
  return record as ConfigFile;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

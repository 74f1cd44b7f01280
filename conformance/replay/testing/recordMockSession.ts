import { createHash } from 'node:crypto';
import type { ConformConfig } from '../../config/ConformConfig.ts';
import { startMockTarget } from '../../testing/startMockTarget.ts';

/** A session recorded on the mock: its HAR (GET /__mock/journal/har) and the config it was made with. */
export interface RecordedSession {
  har: string;
  config: ConformConfig;
}

/**
 * What a frontend does on the mock, as plain requests: pages through the groups, filters by a name it was
 * shown, opens a group it listed, uploads a class and finds it, approves a pending app and lists it again,
 * calls a data action, and looks at the mock's own journal (left out of a replay). Tests only.
 */
export async function recordMockSession(): Promise<RecordedSession> {
  const mock = await startMockTarget();
  try {
    const { config } = mock;
    const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<unknown> => {
      const res = await fetch(mock.url + path, {
        method,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${config.token}`,
          'community-id': config.community as string,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      if (res.status >= 500) throw new Error(`${method} ${path}: ${res.status} ${text}`);
      return text ? (JSON.parse(text) as unknown) : undefined;
    };
    const page1 = (await call('GET', '/v1/groups?limit=3&page=1')) as Array<{ _id: string; name: string }>;
    await call('GET', '/v1/groups?limit=3&page=2');
    const everything = (await call('GET', '/v1/groups?limit=8')) as Array<{ _id: string; name: string }>;
    await call('GET', `/v1/groups?limit=8&name=${encodeURIComponent((everything[1] ?? page1[0])!.name)}`);
    await call('GET', `/v1/groups/${page1[2]!._id}`);
    await call('GET', '/v1/groups/search?q=a&limit=5');
    await call('POST', '/v2/sync/run-front-1/uploadEntities', {
      groups: { data: [{ alias: 'front-replay-1', name: 'Turma da Gravação', season: '2026', active: true }] },
      members: { data: [] },
      users: { data: [] },
      components: { data: [] },
    });
    await call('GET', '/v1/groups/search?alias=front-replay-1');
    const pending = config.pendingApproval as { appId: string; community: string };
    await call('GET', `/v1/appmaker/apps/${pending.appId}/installations`);
    await call('POST', `/v1/appmaker/apps/${pending.appId}/installations/${pending.community}/approve`);
    await call('GET', `/v1/appmaker/apps/${pending.appId}/installations`);
    await call('PUT', `/v1/appmaker/apps/${config.appId}/installations/${config.community}`, {
      contactInfo: { name: 'Secretaria', telephone: '+55 11 4000-0000', message: 'Gravado no mock' },
    });
    await call('GET', `/v1/appmaker/apps/${config.appId}/installations`);
    await call('POST', '/v1/@platform:data:Users:getUpdatedAfter', {
      context: { issuedAt: '2026-03-01T12:00:00.000Z', action: '@platform:data:Users:getUpdatedAfter', community: config.community },
      secret: config.appSecret,
      data: { after: '2020-01-01T00:00:00.000Z', limit: 5 },
    });
    await call('GET', '/v1/groups', undefined, { authorization: 'Bearer not-a-token' });
    await call('GET', '/v1/oauth/user/info?includes=groups,community', undefined, { authorization: `Bearer ${await logIn(mock.url, config)}` });
    await call('GET', '/__mock/journal?limit=1');
    const res = await fetch(`${mock.url}/__mock/journal/har`);
    return { har: await res.text(), config };
  } finally {
    await mock.close();
  }
}

/** The frontend's login on the mock (authorization code with PKCE, prompt=none): its requests are in the HAR too. */
async function logIn(base: string, config: ConformConfig): Promise<string> {
  const oauth = config.oauth as NonNullable<ConformConfig['oauth']>;
  const verifier = 'recorded-session-verifier-0123456789abcdefghijklmnop';
  const authorize = new URL(oauth.authorizationUrl, base);
  authorize.search = new URLSearchParams({
    response_type: 'code',
    client_id: oauth.clientId,
    redirect_uri: oauth.redirectUri,
    scope: oauth.scopes.join(' '),
    state: 'st',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    prompt: 'none',
    login_hint: oauth.loginHint ?? '',
  }).toString();
  const redirect = await fetch(authorize, { redirect: 'manual' });
  const code = new URL(redirect.headers.get('location') ?? '', base).searchParams.get('code') ?? '';
  const token = await fetch(new URL(oauth.tokenUrl, base), {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${oauth.clientId}:${oauth.clientSecret ?? ''}`).toString('base64')}`,
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: oauth.redirectUri,
      code_verifier: verifier,
      client_id: oauth.clientId,
    }).toString(),
  });
  const body = (await token.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`no token from the mock's login: ${JSON.stringify(body)}`);
  return body.access_token;
}

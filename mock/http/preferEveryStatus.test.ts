/** `Prefer: code=N` forces every status an operation documents, the OAuth metadata and token endpoints included. */
import { describe, expect, it } from 'vitest';
import type { MockHarness } from '../testing/startMock.ts';
import { useMock } from '../testing/useMock.ts';

let mock: MockHarness;
let community: string;
let token: string;
let secret: string;
useMock('file', (fx) => ({ mock, community, token, secret } = fx));

type Call = (prefer: string) => Promise<{ status: number; text: string; body: any; headers: Headers }>;

const calls: Record<string, Call> = {
  getUserInfo: (prefer) => mock.call('GET', '/v1/oauth/user/info', { token, headers: { prefer } }),
  listGroups: (prefer) => mock.call('GET', '/v1/groups', { token, community, headers: { prefer } }),
  searchGroups: (prefer) => mock.call('GET', '/v1/groups/search', { token, community, query: { q: 'a' }, headers: { prefer } }),
  getUpdatedUsers: (prefer) =>
    mock.call('POST', '/v1/@platform:data:Users:getUpdatedAfter', {
      body: {
        context: { issuedAt: '2026-03-01T12:00:00.000Z', action: '@platform:data:Users:getUpdatedAfter', community },
        secret,
        data: { after: '2020-01-01T00:00:00.000Z', limit: 1 },
      },
      headers: { prefer },
    }),
  getAuthorizationServerMetadata: (prefer) => mock.call('GET', '/.well-known/oauth-authorization-server', { headers: { prefer } }),
  token: (prefer) =>
    mock.call('POST', '/oauth/token', {
      rawBody: 'grant_type=authorization_code&code=x',
      contentType: 'application/x-www-form-urlencoded',
      headers: { prefer },
    }),
};

describe('Prefer: code=N', () => {
  const cases = () =>
    Object.keys(calls).flatMap((operationId) =>
      Object.keys(mock.deps.contract.operation(operationId).responses).map((status) => [operationId, Number(status)] as const),
    );

  it('answers every documented status of each operation with a body its spec takes', async () => {
    const seen: string[] = [];
    for (const [operationId, status] of cases()) {
      const res = await (calls[operationId] as Call)(`code=${status}`);
      seen.push(`${operationId} ${status} → ${res.status}`);
      expect(res.status, operationId).toBe(status);
      const contentType = res.headers.get('content-type') ?? undefined;
      const body = res.text === '' ? undefined : JSON.parse(res.text);
      expect(mock.deps.contract.validateResponse(operationId, status, contentType, body).errors, `${operationId} ${status}`).toEqual([]);
    }
    expect(seen).toContain('token 401 → 401');
    expect(seen).toContain('getAuthorizationServerMetadata 404 → 404');
  });

  it.each(['token', 'getAuthorizationServerMetadata', 'listGroups'])('an undocumented code on %s is a 406 naming the documented ones', async (operationId) => {
    const res = await (calls[operationId] as Call)('code=500');
    expect(res.status).toBe(406);
    expect(res.body.detail).toContain('documents no 500 response (documented: 200');
  });

  it('a forced token answer spends no code and issues no token', async () => {
    const before = mock.deps.store.tokens().length;
    const res = await (calls.token as Call)('code=200');
    expect(res.status).toBe(200);
    expect(mock.deps.store.tokens().length).toBe(before);
  });
});

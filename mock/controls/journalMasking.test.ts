/** Secrets stay masked whatever the body claims to be: a JSON that does not parse, JSON sent as text/plain, a query token echoed back. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type MockHarness } from '../testing/startMock.ts';

const lines: string[] = [];
let mock: MockHarness;
beforeAll(async () => {
  mock = await startMock({ app: { log: (line) => lines.push(line) } });
});
afterAll(async () => {
  await mock.close();
});

const SECRET = 'sk_live_abcdefghijklmnop0123';
const ACTION = '/v1/@platform:data:Users:getUpdatedAfter';

describe('the journal masks a data-action secret in any body', () => {
  it.each([
    ['a JSON body that does not parse', `{"secret": "${SECRET}", "data": {`, 'application/json', '***0123'],
    ['JSON sent as text/plain', `{"secret":"${SECRET}","data":{"after":"2020-01-01T00:00:00.000Z"}}`, 'text/plain', '***0123'],
    ['an escaped quote in the value', `{"Secret" : "${SECRET}\\"x", "data": 1`, 'application/json', '"Secret" : "***3\\"x"'],
    ['a value cut by the end of the body', `{"secret": "${SECRET}`, 'text/plain', '***0123'],
  ])('%s', async (_name, rawBody, contentType, masked) => {
    await mock.call('DELETE', '/__mock/journal');
    await mock.call('POST', ACTION, { rawBody, contentType });
    const entries = (await mock.call<any[]>('GET', '/__mock/journal')).body;
    expect(entries).toHaveLength(1);
    const text = JSON.stringify(entries);
    expect(text).not.toContain(SECRET);
    expect(entries[0].request.body).toContain(masked);
  });
});

describe('an access_token in the query', () => {
  const TOKEN = 'at_abcdefghijklmnopqrstuvwx9876';
  it("is masked in a problem's instance, in the journal and in the request log", async () => {
    const path = `/v1/groups?access_token=${TOKEN}&limit=abc`;
    const res = await mock.call('GET', path);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.body.instance).toBe('/v1/groups?access_token=***9876&limit=abc');
    expect(JSON.stringify((await mock.call<any[]>('GET', '/__mock/journal')).body)).not.toContain(TOKEN);
    await expect.poll(() => lines.some((l) => l.startsWith('GET /v1/groups?access_token=***9876'))).toBe(true);
    expect(lines.join('\n')).not.toContain(TOKEN);
  });
});

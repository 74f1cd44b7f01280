import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MockHarness } from '../testing/startMock.ts';
import { devToken, startMock } from '../testing/startMock.ts';
import { faultCatalog } from '../faults/catalog.ts';
import { Latency } from '../sessions/Latency.ts';
import { createRng } from '../../fixtures/rng.ts';

let mock: MockHarness;
let community: string;
let token: string;
beforeEach(async () => {
  mock = await startMock({ faultCatalog });
  community = mock.deps.store.communities()[0]!.id;
  token = devToken(mock.deps, community, 'coordenator');
});
afterEach(async () => {
  await mock.close();
});
const otherOperation = () => mock.call('GET', '/v1/oauth/user/info', { token }).then((r) => r.status);

const seasonList = () => mock.call('GET', '/v1/groups?season=2026', { token, community }).then((r) => r.status);

describe('faults per operation and for the next N requests', () => {
  it('a rule acts on its operation for its next N requests, then goes; the global switches stay as they are', async () => {
    const put = await mock.call<any>('PUT', '/__mock/faults', { body: { active: ['server-error-on-season-filter'], operationId: 'listGroups', times: 2 } });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ active: [], rules: [{ active: ['server-error-on-season-filter'], operationId: 'listGroups', times: 2 }] });
    expect(await otherOperation()).toBe(200);
    expect([await seasonList(), await seasonList(), await seasonList()]).toEqual([500, 500, 200]);
    expect((await mock.call<any>('GET', '/__mock/faults')).body.rules).toEqual([]);
  });

  it('without operationId and times the switches are global as before, and the rules are dropped', async () => {
    await mock.call('PUT', '/__mock/faults', { body: { active: ['server-error-on-season-filter'], operationId: 'listGroups' } });
    expect(await seasonList()).toBe(500);
    const res = await mock.call<any>('PUT', '/__mock/faults', { body: { active: [] } });
    expect(res.body).toEqual({ active: [], rules: [] });
    expect(await seasonList()).toBe(200);
  });
});

describe('latency per operation and for the next N requests', () => {
  it('a rule delays only its operation, counts down and goes', async () => {
    await mock.call('PUT', '/__mock/latency', { body: { ms: 250, operationId: 'listGroups', times: 1 } });
    expect((await mock.call<any>('GET', '/__mock/latency')).body).toEqual({
      ms: 0,
      jitterMs: 0,
      rules: [{ ms: 250, jitterMs: 0, operationId: 'listGroups', times: 1 }],
    });
    await otherOperation();
    expect((await mock.call<any>('GET', '/__mock/latency')).body.rules).toHaveLength(1);
    await seasonList();
    expect((await mock.call<any>('GET', '/__mock/latency')).body.rules).toEqual([]);
    const [entry] = (await mock.call<any[]>('GET', '/__mock/journal', { query: { operationId: 'listGroups' } })).body;
    expect(entry.durationMs).toBeGreaterThanOrEqual(240);
  });

  it('Latency.next takes the newest matching rule, else the global setting', () => {
    const latency = new Latency(createRng(1));
    latency.ms = 10;
    latency.rules.add({ value: { ms: 100, jitterMs: 0 }, operationId: 'a', remaining: 1 });
    latency.rules.add({ value: { ms: 200, jitterMs: 0 }, operationId: 'a', remaining: 2 });
    expect([latency.next('b'), latency.next('a'), latency.next('a'), latency.next('a')]).toEqual([10, 200, 200, 10]);
  });
});

describe('controls refuse what they do not know', () => {
  it.each([
    ['PUT', '/__mock/faults', { active: ['server-error-on-season-filter'], operationID: 'listGroups' }, /Unknown key "operationID"/],
    ['PUT', '/__mock/faults', { active: ['server-error-on-season-filter'], time: 1 }, /Unknown key "time"/],
    ['PUT', '/__mock/faults', { active: ['group-read-other-community'], operationId: 'listGroups' }, /never act on listGroups/],
    ['PUT', '/__mock/faults', { active: [], operationId: 'nope' }, /operationId must be one of/],
    ['PUT', '/__mock/faults', { active: [], times: 0 }, /times must be an integer/],
    ['PUT', '/__mock/latency', { ms: 100, operation: 'listGroups' }, /Unknown key "operation"/],
    ['PUT', '/__mock/latency', { ms: 100, times: 1.5 }, /times must be an integer/],
    ['PUT', '/__mock/clock', { now: '2026-01-01T00:00:00Z', frozen: true }, /Unknown key "frozen"/],
    ['POST', '/__mock/clock/advance', { minutes: 5 }, /Unknown key "minutes"/],
  ])('%s %s %j → 400 naming it, nothing changed', async (method, path, body, detail) => {
    const before = {
      faults: (await mock.call<any>('GET', '/__mock/faults')).body.active,
      latency: (await mock.call<any>('GET', '/__mock/latency')).body,
      clock: (await mock.call<any>('GET', '/__mock/clock')).body,
    };
    const res = await mock.call<any>(method, path, { body });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body.detail).toMatch(detail);
    const after = {
      faults: (await mock.call<any>('GET', '/__mock/faults')).body.active,
      latency: (await mock.call<any>('GET', '/__mock/latency')).body,
      clock: (await mock.call<any>('GET', '/__mock/clock')).body,
    };
    expect(after).toEqual(before);
  });
});

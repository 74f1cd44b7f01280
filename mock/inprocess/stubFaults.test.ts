/**
 * A stub's network fault at the Fetch mount, as the code under test sees it through MSW's `setupServer`:
 * the global `fetch` rejects on a reset, stays pending until its signal aborts on a hang, and fails while
 * reading a truncated body. Stubs act before authentication, so none of these requests needs a token.
 */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMock } from './createMock.ts';
import { mockHandlers } from './mockHandlers.ts';

const API = 'http://api.edu.test';
const mock = createMock({ clock: { now: '2026-03-01T12:00:00.000Z', frozen: true } });
const server = setupServer(...mockHandlers(mock, { baseUrl: API }));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => mock.session().stubs.clear());

describe('network faults through the Fetch mount (MSW)', () => {
  it('reset: the handler answers Response.error(), and the caller’s fetch rejects with a TypeError', async () => {
    mock.session().stubs.add({ operationId: 'listGroups', fault: 'reset' });
    const direct = await mock.fetch(new Request(`${API}/v1/groups`));
    expect(direct.type).toBe('error');
    await expect(fetch(`${API}/v1/groups`)).rejects.toThrow(TypeError);
  });

  it('hang: nothing comes back until the caller aborts', async () => {
    mock.session().stubs.add({ operationId: 'listGroups', fault: 'hang' });
    const controller = new AbortController();
    let settled = false;
    const pending = fetch(`${API}/v1/groups`, { signal: controller.signal }).finally(() => (settled = true));
    // Many turns of the event loop, and no answer: bounded by turns, not by a clock.
    for (let i = 0; i < 50; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    controller.abort();
    await expect(pending).rejects.toThrow(/abort/i);
  });

  it('truncate: the status and head arrive, reading the body fails', async () => {
    const stub = mock.session().stubs.add({ operationId: 'listGroups', fault: 'truncate', status: 200, body: { groups: ['x'.repeat(100)] } });
    const res = await fetch(`${API}/v1/groups`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-mock-stub')).toBe(stub.id);
    await expect(res.text()).rejects.toThrow();
  });

  it('a status with headers answers as through the server, and the session lists the stub as matched', async () => {
    const stub = mock.session().stubs.add({ operationId: 'listGroups', status: 503, headers: { 'Retry-After': '2' }, times: 1 });
    const res = await fetch(`${API}/v1/groups`);
    expect([res.status, res.headers.get('retry-after')]).toEqual([503, '2']);
    expect(mock.session().stubs.list()).toEqual([expect.objectContaining({ id: stub.id, matched: 1, remaining: 0 })]);
  });
});

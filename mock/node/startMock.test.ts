import { describe, expect, it } from 'vitest';
import { freedWithin, portFree } from '../../scripts/testing/portFreed.ts';
import { startMock } from './startMock.ts';

const headers = { authorization: 'Bearer dev-colegio-horizonte-coordenator', 'community-id': 'colegio-horizonte' };

describe('startMock', () => {
  it('listens on a free port of 127.0.0.1, answers as edu-mock does, and frees the port on close', async () => {
    const mock = await startMock({ port: 0, clock: { now: '2026-03-01T12:00:00.000Z', frozen: true } });
    const { hostname, port } = new URL(mock.url);
    expect(hostname).toBe('127.0.0.1');
    try {
      const list = await fetch(`${mock.url}/v1/groups?limit=1`, { headers });
      expect(list.status).toBe(200);
      expect(((await list.json()) as unknown[]).length).toBe(1);
      // The Express side of the listener: a control, and the dashboard page.
      expect(await (await fetch(`${mock.url}/__mock/clock`)).json()).toMatchObject({ now: '2026-03-01T12:00:00.000Z', frozen: true });
      expect((await fetch(`${mock.url}/__mock/ui`)).status).toBe(200);
      expect(mock.session().journal.count({ operationId: 'listGroups' })).toBe(1);
      // A kept-alive connection does not hold the port after close.
      expect(await portFree(Number(port))).toBe(false);
    } finally {
      await mock.close();
    }
    expect(await freedWithin(Number(port))).toBe(true);
  });

  it('rejects when the port is taken', async () => {
    const first = await startMock();
    try {
      await expect(startMock({ port: Number(new URL(first.url).port) })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await first.close();
    }
  });
});

/** The request log names each path as the client sent it, mounted routers (/__mock) included. */
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

describe('the request log', () => {
  it.each([
    ['GET', '/__mock/clock', 200],
    ['GET', '/__mock', 200],
    ['GET', '/__mock/journal?limit=1', 200],
    ['GET', '/openapi.json', 200],
  ])('%s %s', async (method, path, status) => {
    const res = await mock.call(method, path);
    expect(res.status).toBe(status);
    await expect.poll(() => lines.some((l) => l.startsWith(`${method} ${path} ${status} `))).toBe(true);
  });
});

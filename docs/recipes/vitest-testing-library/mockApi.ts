// The stateful mock behind the app's own fetch, with one session per test: what a test writes, no other
// test sees, and nothing needs a reset.
import { createMock } from 'edu-platform-contract';
import { mockHandlers } from 'edu-platform-contract/msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

export const API = 'https://api.example.com';
export const mock = createMock({ clock: { now: '2026-03-01T12:00:00.000Z', frozen: true } });
const server = setupServer(...mockHandlers(mock, { baseUrl: API }));

let tests = 0;
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => server.use(...mockHandlers(mock, { baseUrl: API, session: `test-${++tests}` })));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

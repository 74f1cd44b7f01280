/** `edu-platform-contract/node`: the mock on Node's own HTTP, as middleware or as a server of its own. */
export { mockMiddleware, type MockMiddleware } from '../node/mockMiddleware.ts';
export { startMock, type RunningMock, type StartMockOptions } from '../node/startMock.ts';
export type { NodeMockOptions } from '../node/createNodeMock.ts';
export type { MockSession, JournalFilters } from '../inprocess/mockSession.ts';

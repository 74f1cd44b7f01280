// Every story gets the stateful mock in the browser, through MSW's service worker, on the page's own origin.
import { createMock } from 'edu-platform-contract';
import { mockHandlers } from 'edu-platform-contract/msw';
import { setupWorker } from 'msw/browser';

const worker = setupWorker(...mockHandlers(createMock(), { baseUrl: `${location.origin}/api` }));
const started = worker.start({ onUnhandledRequest: 'bypass', quiet: true });

export default {
  // A story's own loaders run after this one: the worker answers before any of them fetches.
  loaders: [async () => (await started, {})],
};

// Every story gets the stateful mock in the browser, through MSW's service worker, on the page's own origin.
import { createMock } from 'edu-platform-contract';
import { mockHandlers } from 'edu-platform-contract/msw';
import { setupWorker } from 'msw/browser';

const mock = createMock();
const baseUrl = `${location.origin}/api`;
const worker = setupWorker(...mockHandlers(mock, { baseUrl }));
const started = worker.start({ onUnhandledRequest: 'bypass', quiet: true });

export default {
  // Project loaders run before a story's own: the worker answers before any of them fetches, and each story
  // reads a session of its own (named after the story), back to the seeded data each time it is shown.
  loaders: [
    async ({ id }: { id: string }) => {
      await started;
      mock.session(id).reset();
      worker.resetHandlers(...mockHandlers(mock, { baseUrl, session: id }));
      return {};
    },
  ],
};

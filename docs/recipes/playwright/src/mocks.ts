// The stateful mock in the page, behind MSW's service worker (public/mockServiceWorker.js, written once by
// `npx msw init public`): every request to /api on the page's origin is the mock's. Each page load starts
// from the seeded data, so each Playwright test (a page of its own) starts clean.
import { createMock } from 'edu-platform-contract';
import { mockHandlers } from 'edu-platform-contract/msw';
import { setupWorker } from 'msw/browser';

export const worker = setupWorker(...mockHandlers(createMock(), { baseUrl: `${location.origin}/api` }));

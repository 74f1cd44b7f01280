import { http, type HttpHandler } from 'msw';
import type { FetchHandler } from './FetchHandler.ts';

export interface MockHandlersOptions {
  /** Where the app under test sends its API requests: `https://api.example.com`, or with a path, `http://localhost:5173/api`. */
  baseUrl: string;
  /** The session every request goes to unless it names one itself (X-Mock-Session): one per test keeps tests apart. */
  session?: string;
}

/**
 * Mock Service Worker request handlers that answer every request under `baseUrl` with the mock, for
 * `setupServer` (msw/node) and `setupWorker` (msw/browser). The whole adapter is one `http.all` handing MSW's
 * request to `mock.fetch`; a base path is cut off and the session header added only when asked for.
 */
export function mockHandlers(mock: { fetch: FetchHandler }, options: MockHandlersOptions): HttpHandler[] {
  const base = new URL(options.baseUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  const session = options.session;
  // createMock's handler takes the cut path as its mount path, so the URLs it names (the authorization
  // server's issuer and pages, a HAR's origin) keep it; another Fetch handler ignores the second argument.
  const answer = mock.fetch as (request: Request, mount?: { mountPath?: string }) => Promise<Response>;
  return [
    http.all(`${base.origin}${prefix}/*`, async ({ request }) =>
      prefix === '' && session === undefined ? answer(request) : answer(await rebased(request, prefix, session), { mountPath: prefix }),
    ),
  ];
}

/** The request as the mock sees it: the path under the base, and the session named when it names none. */
async function rebased(request: Request, prefix: string, session: string | undefined): Promise<Request> {
  const url = new URL(request.url);
  url.pathname = url.pathname.slice(prefix.length) || '/';
  const headers = new Headers(request.headers);
  if (session !== undefined && !headers.has('x-mock-session')) headers.set('x-mock-session', session);
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
  return new Request(url, { method: request.method, headers, ...(body === undefined ? {} : { body }) });
}

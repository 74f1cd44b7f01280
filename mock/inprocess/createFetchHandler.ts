import type { ApiAnswer, ApiRequest } from '../http/ApiExchange.ts';
import type { ApiPipeline } from '../http/createApiPipeline.ts';
import type { OriginRoutes } from '../oauth/createOAuthRoutes.ts';
import { faultResponse } from './faultResponse.ts';
import { readFetchBody } from './readFetchBody.ts';
import type { FetchHandler } from './FetchHandler.ts';

export type { FetchHandler } from './FetchHandler.ts';

/**
 * The API lifecycle behind a Fetch handler: the only place that builds WHATWG Request and Response objects
 * (undici's cost more per request than the lifecycle itself, so the node:http mount never makes them). The
 * request's path and query are its URL's; its body is read only when the lifecycle asks. The lifecycle answers
 * every route (answerUnrouted): a route that is no API operation as the server answers one it does not know.
 * `routes` (the authorization server) answer theirs first, knowing the origin the request was sent to.
 */
export function createFetchHandler(pipeline: ApiPipeline, routes?: OriginRoutes): FetchHandler {
  return async (request) => {
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const api: ApiRequest = {
      method: request.method,
      url: url.pathname + url.search,
      path: url.pathname,
      search: url.search.slice(1),
      headers,
      body: () => readFetchBody(request),
    };
    const answered = routes?.(api, url.origin) ?? pipeline(api);
    if (!answered) throw new Error('createFetchHandler needs a lifecycle that answers every route (answerUnrouted)');
    const answer = await answered;
    if (answer.fault) return faultResponse({ ...answer, fault: answer.fault }, request.signal);
    return responseOf(answer);
  };
}

function responseOf(answer: ApiAnswer): Response {
  const headers = new Headers();
  for (let i = 0; i < answer.headers.length; i += 2) headers.append(answer.headers[i] as string, answer.headers[i + 1] as string);
  // A 204 or 304 carries no body (Fetch refuses one), whatever was encoded.
  const empty = answer.status === 204 || answer.status === 304;
  return new Response(empty ? null : (answer.body ?? null), { status: answer.status, headers });
}

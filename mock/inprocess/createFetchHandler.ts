import type { AnswerStream, ApiAnswer, ApiRequest } from '../exchange/ApiExchange.ts';
import type { ApiPipeline } from '../http/createApiPipeline.ts';
import { faultResponse } from './faultResponse.ts';
import { readFetchBody } from './readFetchBody.ts';
import type { FetchHandler } from './FetchHandler.ts';

export type { FetchHandler } from './FetchHandler.ts';

/**
 * The lifecycle behind a Fetch handler: the only place that builds WHATWG Request and Response objects
 * (undici's cost more per request than the lifecycle itself, so the node:http mount never makes them). The
 * request's path and query are its URL's, its origin the one the URL names (the authorization server's issuer);
 * its body is read only when the lifecycle asks. `mountPath`: the path a base URL cut off (mockHandlers), so
 * the URLs the mock names keep it.
 */
export function createFetchHandler(pipeline: ApiPipeline): FetchHandler & ((request: Request, mount?: { mountPath?: string }) => Promise<Response>) {
  return async (request: Request, mount?: { mountPath?: string }) => {
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
      body: (limit) => readFetchBody(request, limit),
      origin: url.origin,
      ...(mount?.mountPath ? { mountPath: mount.mountPath } : {}),
    };
    const answer = await pipeline(api);
    if (answer.fault) return faultResponse({ ...answer, fault: answer.fault }, request.signal);
    return responseOf(answer, request.method === 'HEAD');
  };
}

function responseOf(answer: ApiAnswer, head: boolean): Response {
  const headers = new Headers();
  for (let i = 0; i < answer.headers.length; i += 2) headers.append(answer.headers[i] as string, answer.headers[i + 1] as string);
  // A 204 or 304 carries no body (Fetch refuses one), whatever was encoded; nor does an answer to HEAD.
  const empty = head || answer.status === 204 || answer.status === 304;
  const body = answer.body;
  return new Response(empty || body === undefined ? null : typeof body === 'string' || body instanceof Uint8Array ? body : streamOf(body), {
    status: answer.status,
    headers,
  });
}

/** A streamed answer (a state export) as the ReadableStream a Response takes; cancelling it ends the stream. */
function streamOf(body: AnswerStream): ReadableStream<Uint8Array> {
  const chunks = body[Symbol.asyncIterator]();
  const utf8 = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(typeof next.value === 'string' ? utf8.encode(next.value) : next.value);
    },
    async cancel() {
      await chunks.return?.();
    },
  });
}

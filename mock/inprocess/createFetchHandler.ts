import type { Contract } from '../../spec/contract.ts';
import type { ApiAnswer, ApiRequest } from '../http/ApiExchange.ts';
import type { ApiPipeline } from '../http/createApiPipeline.ts';
import { encodeAnswer } from '../http/encodeAnswer.ts';
import { unknownRouteProblem } from '../http/handleErrors.ts';
import { problemBody } from '../problems/writeProblem.ts';
import { readFetchBody } from './readFetchBody.ts';

/** A WHATWG Fetch handler: what Next.js route handlers, Bun, Deno, Cloudflare Workers and service workers call. */
export type FetchHandler = (request: Request) => Promise<Response>;

/**
 * The API lifecycle behind a Fetch handler: the only place that builds WHATWG Request and Response objects
 * (undici's cost more per request than the lifecycle itself, so the node:http mount never makes them). The
 * request's path and query are its URL's; its body is read only when the lifecycle asks. A route that is no
 * API operation is answered as the server answers an unknown route (404, or 405 with Allow).
 */
export function createFetchHandler(contract: Contract, pipeline: ApiPipeline): FetchHandler {
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
    return responseOf((await pipeline(api)) ?? unknownRoute(contract, api));
  };
}

function unknownRoute(contract: Contract, request: ApiRequest): ApiAnswer {
  const problem = unknownRouteProblem(contract, request.method, request.path);
  const response = {
    status: problem.status,
    body: problemBody(problem, request.url),
    headers: { ...problem.extra.headers, 'Content-Type': 'application/problem+json' },
  };
  return encodeAnswer(contract, undefined, response, [], false).answer;
}

function responseOf(answer: ApiAnswer): Response {
  const headers = new Headers();
  for (let i = 0; i < answer.headers.length; i += 2) headers.append(answer.headers[i] as string, answer.headers[i + 1] as string);
  // A 204 or 304 carries no body (Fetch refuses one), whatever was encoded.
  const empty = answer.status === 204 || answer.status === 304;
  return new Response(empty ? null : (answer.body ?? null), { status: answer.status, headers });
}

import type { Contract } from '../../spec/contract.ts';
import { type AnswerStream, type ApiAnswer, type ApiRequest, firstValue } from '../exchange/ApiExchange.ts';
import { matchRoute } from '../exchange/matchRoute.ts';
import type { MockRoute, RouteAnswer } from '../exchange/MockRoute.ts';
import { utf8ByteLength } from '../present/utf8ByteLength.ts';
import { HttpProblem } from '../problems/HttpProblem.ts';
import { problemFromError } from '../problems/problemFromError.ts';
import { problemBody } from '../problems/writeProblem.ts';
import { type Arrival, type FrontDoor, sessionOf } from '../sessions/frontDoor.ts';
import type { Session } from '../sessions/Session.ts';
import type { SessionRegistry } from '../sessions/SessionRegistry.ts';
import type { CommitStage } from './createApiPipeline.ts';
import { appendCorsHeaders, type CorsOptions, preflightHeaders } from './cors.ts';
import { type ControlsGuardOptions, isControlPath, refuseControl } from './controlsGuard.ts';
import { unknownRouteProblem } from './unknownRouteProblem.ts';
import { journalExchange } from './journalExchange.ts';
import { type ReadBody, routeContext } from './routeContext.ts';

export interface OtherRouteOptions {
  routes?: readonly MockRoute[];
  sessions?: SessionRegistry<Session>;
  controls?: ControlsGuardOptions;
  cors?: CorsOptions;
  commit?: CommitStage;
  log?: (line: string) => void;
}

/**
 * The lifecycle of every request that is no API operation, with the same stages in the same order:
 * CORS (a preflight answered here, before anything else) → front door → the controls' guard (`/__mock`) →
 * the route (a control, the authorization server, the docs, the served spec), or the body read, the latency
 * waited and a 404 or 405 → the commit stage (`--state-file`) → Content-Length → the journal and the log.
 */
export function answerOtherRoute(contract: Contract, door: FrontDoor, options: OtherRouteOptions): (request: ApiRequest) => Promise<ApiAnswer> {
  const match = matchRoute(options.routes ?? []);
  const sessions = options.sessions;
  return async (request) => {
    const head: string[] = [];
    appendCorsHeaders(head, request.url, firstValue(request.headers.origin), options.cors);
    const preflight = preflightHeaders(request.method, request.path, request.headers);
    if (preflight) return { status: 204, headers: head.concat(preflight) };
    const started = performance.now();
    const arrival = door(request);
    const at = arrival.clock.now();
    const read: ReadBody = {};
    let answer: RouteAnswer;
    try {
      if (isControlPath(request.path)) {
        const refused = refuseControl(request, options.controls ?? {});
        if (refused) throw refused;
      }
      const found = match(request.method, request.path);
      if (found && 'route' in found) {
        if (!sessions) throw new Error('the lifecycle was given routes without the sessions they act on');
        answer = await found.route.handle(routeContext(request, found.params, arrival, sessions, read));
      } else {
        answer = await unrouted(contract, request, arrival, read, found?.allowed);
      }
    } catch (error) {
      const problem = problemFromError(error);
      if (!problem) options.log?.(`internal error on ${request.method} ${request.url}: ${(error as Error)?.stack ?? String(error)}`);
      answer = problemAnswer(problem ?? new HttpProblem('internal_error', 'The mock failed while answering; the server log has the details.'), request.url);
    }
    // Durability is a stage here too: a control that wrote (reset, import) answers only once the write is kept.
    if (options.commit) {
      const asked = { status: answer.status, body: undefined, headers: {} };
      const committed = options.commit(asked, request.url);
      if (committed !== asked) answer = { status: committed.status, headers: committed.headers, body: JSON.stringify(committed.body) };
    }
    const text = typeof answer.body === 'string';
    for (const name in answer.headers) {
      const value = answer.headers[name] as string;
      head.push(name, text && name.length === 12 && name.toLowerCase() === 'content-type' ? withCharset(value) : value);
    }
    let body = answer.body;
    let size = 0;
    if (typeof body === 'string' || body instanceof Uint8Array) {
      size = typeof body === 'string' ? utf8ByteLength(body) : body.byteLength;
      head.push('Content-Length', String(size));
    } else if (body !== undefined && request.method === 'HEAD') {
      // A HEAD asks for the head alone (RFC 9110 §9.3.2): a stream is never started for it.
      void (body as AnswerStream)[Symbol.asyncIterator]().return?.();
      body = undefined;
    }
    const finished: ApiAnswer = { status: answer.status, headers: head, ...(body !== undefined ? { body } : {}) };
    journalExchange(arrival, request, { answer: finished, size }, { started, at, requestBody: read.bytes }, options.log);
    return finished;
  };
}

/**
 * A route the mock does not have, in the order the server always took it: the body is read (its limits
 * apply), the session resolved (a bad name is a 400), the latency waited, then 404, or 405 with Allow.
 */
async function unrouted(contract: Contract, request: ApiRequest, arrival: Arrival, read: ReadBody, allowed: string[] | undefined): Promise<RouteAnswer> {
  read.bytes = typeof request.body === 'function' ? await request.body() : request.body;
  const ms = sessionOf(arrival).latency.next();
  if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
  if (allowed && allowed.length > 0) {
    throw new HttpProblem('method_not_allowed', `${request.method} is not allowed on ${request.path}; use ${allowed.join(', ')}.`, {
      headers: { Allow: allowed.join(', ') },
    });
  }
  throw unknownRouteProblem(contract, request.method, request.path);
}

function problemAnswer(problem: HttpProblem, url: string): RouteAnswer {
  return {
    status: problem.status,
    headers: { ...problem.extra.headers, 'Content-Type': 'application/problem+json; charset=utf-8' },
    body: JSON.stringify(problemBody(problem, url)),
  };
}

/** As Express's res.send() sends a string: its Content-Type says charset=utf-8 (the text is encoded so). */
function withCharset(type: string): string {
  return /;\s*charset=/i.test(type) ? type : `${type}; charset=utf-8`;
}

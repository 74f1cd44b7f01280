import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import type { OperationSpec } from '../../spec/operationIndex.ts';
import { activeFaults } from '../sessions/activeFaults.ts';
import type { Fault, FaultRequestContext, FaultResponse } from '../faults/Fault.ts';
import type { Durability } from '../persist/Durability.ts';
import { commitBeforeAnswer } from '../persist/commitBeforeAnswer.ts';
import { assertPlainPathParams } from './assertPlainPathParams.ts';
import { type CorsOptions, corsHeaders } from './cors.ts';
import type { HostPolicy } from './hostAllowList.ts';
import { refuseForeignHost } from './hostGuard.ts';
import { HttpProblem } from '../problems/HttpProblem.ts';
import { materializeJson } from '../present/JsonFragment.ts';
import type { OperationHandler, OperationResult } from './OperationHandler.ts';
import type { Session } from '../sessions/Session.ts';
import type { Contract } from '../../spec/contract.ts';
import type { TokenFallback } from '../auth/authenticateInSession.ts';
import { parseJsonBody } from './parseJsonBody.ts';
import { problemFromError } from '../problems/problemFromError.ts';
import { readRequestBody } from './readRequestBody.ts';
import { logRequest, type RequestLogOptions, type RequestNotes } from './requestLog.ts';
import { type Arrival, type FrontDoor, sessionOf } from '../sessions/frontDoor.ts';
import { runOperation } from './runOperation.ts';
import { splitRequestUrl } from './splitRequestUrl.ts';
import { writeApiResponse } from './writeApiResponse.ts';
import { problemBody } from '../problems/writeProblem.ts';

/**
 * The API request pipeline as one plain function over node:http: true when the request is an API operation
 * (it is then answered, always), false to let the caller pass it on. createApp mounts it as Express
 * middleware; the standalone server calls it before Express. One pipeline, two mount points (design §7).
 */
export type ApiPipeline = (req: IncomingMessage, res: ServerResponse) => boolean;

export interface ApiPipelineOptions extends RequestLogOptions {
  handlers: Record<string, OperationHandler>;
  /** Every fault that can be switched on; deps.faults names the ones that are. */
  faultCatalog: readonly Fault[];
  /** Validate every response against the spec and flag violations (X-Contract-Violations header, journal). */
  validateResponses: boolean;
  /** Which `Host` names are the mock's own (DNS-rebinding guard); refused before anything is read. */
  host?: HostPolicy;
  cors?: CorsOptions;
  /** With --state-file: no answer leaves before the writes it made are durable. */
  durability?: Durability;
  /** Where a token unknown to the request's session is looked up next (the default session's tokens). */
  tokenFallback?: TokenFallback;
}

/**
 * route by the spec's path → host → front door (the session, resolved once) → CORS headers, journal → body
 * (limit, JSON) → latency → faults → authenticate → validate → community → Prefer → handler → faults →
 * commit (durability) → check the answer → write → one exchange to the journal.
 */
export function createApiPipeline(contract: Contract, door: FrontDoor, options: ApiPipelineOptions): ApiPipeline {
  const log = options.log ?? (() => undefined);
  const hostPolicy = options.host ?? {};
  return (req, res) => {
    const url = req.url ?? '/';
    const { path, search } = splitRequestUrl(url);
    const match = contract.matchOperation(req.method ?? 'GET', path);
    const handler = match && options.handlers[match.operation.operationId];
    if (!match || !handler) return false;
    // The host first: nothing is read or changed for a foreign one.
    if (refuseForeignHost(req, res, hostPolicy)) return true;
    const arrival = door(req);
    const notes: RequestNotes = { operationId: match.operation.operationId };
    logRequest(arrival, options, req, res, notes, false);
    corsHeaders(req, res, options.cors);
    answer(arrival, contract, options, match.operation, match.pathParams, handler, req, res, search, notes).catch((error: unknown) => {
      log(`internal error on ${req.method} ${url}: ${(error as Error)?.stack ?? String(error)}`);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const problem = new HttpProblem('internal_error', 'The mock failed while answering; the server log has the details.');
      // Whatever the failed handler wrote is still made durable (or undone) before anything is answered.
      const failed = commitBeforeAnswer(options.durability, { status: problem.status, body: problemBody(problem, url), headers: {} }, url);
      const body = JSON.stringify(failed.body);
      if (failed.headers['Retry-After']) res.setHeader('Retry-After', failed.headers['Retry-After']);
      notes.responseBody = body;
      notes.responseHeaders = undefined;
      res.statusCode = failed.status;
      res.setHeader('Content-Type', 'application/problem+json; charset=utf-8');
      res.end(body);
    });
    return true;
  };
}

async function answer(
  arrival: Arrival,
  contract: Contract,
  options: ApiPipelineOptions,
  op: OperationSpec,
  pathParams: Record<string, string>,
  handler: OperationHandler,
  req: IncomingMessage,
  res: ServerResponse,
  search: string,
  notes: RequestNotes,
): Promise<void> {
  let deps: Session | undefined;
  let faults: Fault[] = [];
  let faultCtx: FaultRequestContext | undefined;
  let result: OperationResult;
  let outsideContract = false;
  try {
    assertPlainPathParams(pathParams);
    let raw: Buffer | undefined;
    try {
      deps = sessionOf(arrival);
      raw = await readRequestBody(req, res);
      notes.requestBody = raw;
    } catch (error) {
      // The session and the transport (body too large, bad length, unknown encoding) are the mock's and
      // HTTP's business, not the operation's: their answers are outside the contract, as they were before
      // the operation was reached.
      outsideContract = true;
      throw error;
    }
    const ms = deps.latency.next(op.operationId);
    if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
    const parsed = parseJsonBody(raw, req.headers['content-type']);
    const query = search === '' ? {} : (parseQuery(search) as Record<string, string | string[]>);
    faults = activeFaults(deps, options.faultCatalog, op.operationId);
    // Faults rewrite the request in place, so they get copies; without faults nothing is copied.
    const request =
      faults.length > 0 ? { headers: { ...req.headers }, query: { ...query }, body: parsed.body } : { headers: req.headers, query, body: parsed.body };
    faultCtx = { operationId: op.operationId, req: request, store: deps.store };
    let shortCircuit: { status: number; body: unknown } | undefined;
    for (const fault of faults) shortCircuit ??= fault.onRequest?.(faultCtx) ?? undefined;
    if (shortCircuit) {
      result = shortCircuit;
    } else {
      if (parsed.error) throw parsed.error;
      result = await runOperation(deps, options.tokenFallback, op, pathParams, handler, request);
    }
  } catch (error) {
    const problem = problemFromError(error);
    if (!problem) throw error;
    // A Prefer the spec cannot satisfy is about the mock, not the API: its 406 is outside the contract.
    if (problem.code === 'not_acceptable') outsideContract = true;
    // Problems take the same way out as results: faults may rewrite them, and they are checked too.
    result = { status: problem.status, body: problemBody(problem, req.url), headers: { ...problem.extra.headers, 'Content-Type': 'application/problem+json' } };
  }
  let response: FaultResponse = { status: result.status, body: result.body, headers: result.headers ?? {} };
  if (faultCtx && faults.length > 0) {
    response.body = materializeJson(response.body);
    response.headers = { ...response.headers };
    for (const fault of faults) fault.onResponse?.(faultCtx, response);
  }
  // Durability is a stage like the others: a failed commit is an ordinary 503 answer, checked, written and journaled.
  const committed = commitBeforeAnswer(options.durability, response, req.url);
  if (committed !== response) {
    response = committed;
    outsideContract = true;
  }
  writeApiResponse(contract, op, res, response, {
    validate: options.validateResponses && (deps?.faults.size ?? 0) === 0 && faults.length === 0 && !outsideContract,
    notes,
  });
}

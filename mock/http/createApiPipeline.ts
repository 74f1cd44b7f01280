import type { OperationSpec } from '../../spec/operationIndex.ts';
import type { Contract } from '../../spec/contract.ts';
import type { TokenFallback } from '../auth/authenticateInSession.ts';
import type { Fault, FaultRequestContext, FaultResponse } from '../faults/Fault.ts';
import type { PendingAnswer } from '../persist/commitBeforeAnswer.ts';
import { materializeJson } from '../present/JsonFragment.ts';
import { HttpProblem } from '../problems/HttpProblem.ts';
import { problemFromError } from '../problems/problemFromError.ts';
import { problemBody } from '../problems/writeProblem.ts';
import { activeFaults } from '../sessions/activeFaults.ts';
import { type Arrival, type FrontDoor, sessionOf } from '../sessions/frontDoor.ts';
import type { Session } from '../sessions/Session.ts';
import type { SessionRegistry } from '../sessions/SessionRegistry.ts';
import type { MockRoute } from '../exchange/MockRoute.ts';
import type { ApiAnswer, ApiRequest } from '../exchange/ApiExchange.ts';
import { assertPlainPathParams } from './assertPlainPathParams.ts';
import { appendCorsHeaders, type CorsOptions } from './cors.ts';
import { answerOtherRoute } from './answerOtherRoute.ts';
import type { ControlsGuardOptions } from './controlsGuard.ts';
import { encodeAnswer } from './encodeAnswer.ts';
import { journalExchange } from './journalExchange.ts';
import type { OperationHandler, OperationResult } from './OperationHandler.ts';
import { parseJsonBody } from './parseJsonBody.ts';
import { parseQueryString } from './parseQueryString.ts';
import { runOperation } from './runOperation.ts';
import { finishStubbed, type Stubbed, takeStub } from './stubStage.ts';
import type { ContractVersion } from '../versions/ContractVersions.ts';
import { routeVersioned, type VersionedRoute } from '../versions/routeVersioned.ts';

/**
 * The mock's one lifecycle over the transport-neutral request and answer (ApiExchange.ts): every request gets
 * its answer from it, an API operation's, a mock route's (controls, authorization server, docs, served spec)
 * or a 404. The promise never rejects: a failure is a 500.
 */
export type ApiPipeline = (request: ApiRequest) => Promise<ApiAnswer>;

/**
 * Holds an answer until the writes it made are durable (`--state-file`, mock/persist): the answer itself, or
 * the 503 that replaces it when the commit failed.
 */
export type CommitStage = (answer: PendingAnswer, url: string) => PendingAnswer;

export interface ApiPipelineOptions {
  handlers: Record<string, OperationHandler>;
  /** Every fault that can be switched on; a session's faults name the ones that are. */
  faultCatalog: readonly Fault[];
  /** Validate every response against the spec and flag violations (X-Contract-Violations header, journal). */
  validateResponses: boolean;
  cors?: CorsOptions;
  /** With --state-file: no answer leaves before the writes it made are durable (a stage only Node loads). */
  commit?: CommitStage;
  /** Where a token unknown to the request's session is looked up next (the default session's tokens). */
  tokenFallback?: TokenFallback;
  /** One line per request and internal errors; omit for silence. */
  log?: (line: string) => void;
  /**
   * The routes that are no API operation (MockRoute.ts): the controls, the authorization server, the served
   * spec and docs; the Node mounts add the ones only Node has (the docs' files, MCP). A request neither an
   * operation nor one of these is a CORS preflight (204) or a 404 (405 with Allow when the path has other methods).
   */
  routes?: readonly MockRoute[];
  /** Every session: the routes that act across them (the sessions list, the journal of `*`) reach them here. */
  sessions?: SessionRegistry<Session>;
  /** The controls' guard (`/__mock`): with an admin token, every control needs it. */
  controls?: ControlsGuardOptions;
  /**
   * `--previous-spec`: the contract before the current one, served beside it on the same data and chosen per
   * request by X-Contract-Version (mock/versions); the answer names the version that answered.
   */
  previousContract?: Contract;
}

/** What the stages leave for the way out: the answer before it is encoded, and whether it is the operation's own (checked against the spec) or the mock's. */
interface Outcome {
  response: FaultResponse;
  /** The mock's or HTTP's business (a bad session, a body too large, a failed commit): not checked against the spec. */
  outsideContract: boolean;
  faults: number;
  session?: Session;
  requestBody?: Uint8Array;
  /** The stub that took the request (docs/stubs.md). */
  stubbed?: Stubbed;
}

/**
 * route by the spec's path → front door (the session, resolved once) → CORS headers → body (limit, JSON) →
 * latency → faults → authenticate → validate → community → Prefer → handler → faults → commit (durability)
 * → check the answer against the spec → encode → the finished exchange to the journal.
 */
export function createApiPipeline(contract: Contract, door: FrontDoor, options: ApiPipelineOptions): ApiPipeline {
  const log = options.log;
  // One async function per request (its own promise and the stages' awaits): no chain of callbacks to allocate.
  const lifecycle = async (
    request: ApiRequest,
    op: OperationSpec,
    pathParams: Record<string, string>,
    handler: OperationHandler,
    route?: VersionedRoute<OperationHandler>,
  ): Promise<ApiAnswer> => {
    const started = performance.now();
    const arrival = door(request);
    // The session's clock when the request arrived; formatted only if the journal entry is ever read.
    const at = arrival.clock.now();
    const head: string[] = [];
    appendCorsHeaders(head, request.url, request.headers.origin as string | undefined, options.cors);
    const outcome: Outcome = { response: NO_RESPONSE, outsideContract: false, faults: 0 };
    try {
      await run(arrival, options, op, pathParams, handler, request, outcome, route);
    } catch (error) {
      log?.(`internal error on ${request.method} ${request.url}: ${(error as Error)?.stack ?? String(error)}`);
      outcome.response = problemResponse(new HttpProblem('internal_error', 'The mock failed while answering; the server log has the details.'), request.url);
      outcome.outsideContract = true;
    }
    let response = outcome.response;
    // Durability is a stage like the others: a failed commit is an ordinary 503 answer, checked, encoded and
    // journaled. Whatever a failed handler wrote is made durable (or undone) before anything is answered, too.
    if (options.commit) {
      const committed = options.commit(response, request.url);
      if (committed !== response) {
        response = committed;
        outcome.outsideContract = true;
      }
    }
    const validate = options.validateResponses && (outcome.session?.faults.size ?? 0) === 0 && outcome.faults === 0 && !outcome.outsideContract;
    let contractVersion: ContractVersion | undefined;
    if (route && options.previousContract) {
      contractVersion = route.version;
      head.push('X-Contract-Version', contractVersion);
      // Presented fragments were checked against the current contract's schemas: the previous one checks the whole answer.
      if (contractVersion === 'previous') response = { ...response, body: materializeJson(response.body) };
    }
    const encoded = encodeAnswer(route?.contract ?? contract, op, response, head, validate);
    if (outcome.stubbed) finishStubbed(contract, op, outcome.stubbed, response, encoded);
    journalExchange(arrival, request, encoded, { started, at, operationId: op.operationId, requestBody: outcome.requestBody, contractVersion }, log);
    return encoded.answer;
  };
  const other = answerOtherRoute(contract, door, options);
  const versions = { current: contract, ...(options.previousContract ? { previous: options.previousContract } : {}) };
  return (request) => {
    if (options.previousContract || request.headers['x-contract-version'] !== undefined) {
      const route = routeVersioned(versions, options.handlers, request.method, request.path, request.headers);
      if (route) return lifecycle(request, route.operation, route.pathParams, route.handler ?? UNANSWERED, route);
      return other(request);
    }
    const match = contract.matchOperation(request.method, request.path);
    const handler = match && options.handlers[match.operation.operationId];
    if (match && handler) return lifecycle(request, match.operation, match.pathParams, handler);
    return other(request);
  };
}

function problemResponse(problem: HttpProblem, url: string): FaultResponse {
  return { status: problem.status, body: problemBody(problem, url), headers: { ...problem.extra.headers, 'Content-Type': 'application/problem+json' } };
}

/** The handler of a route refused before its operation runs (route.problem): never called. */
const UNANSWERED: OperationHandler = () => {
  throw new Error('no handler for this route');
};

const NO_RESPONSE: FaultResponse = { status: 500, body: undefined, headers: {} };

/** Runs the stages up to the answer, writing what it learns into `outcome` (so a failure keeps what was read). */
async function run(
  arrival: Arrival,
  options: ApiPipelineOptions,
  op: OperationSpec,
  pathParams: Record<string, string>,
  handler: OperationHandler,
  request: ApiRequest,
  outcome: Outcome,
  route?: VersionedRoute<OperationHandler>,
): Promise<void> {
  let session: Session | undefined;
  let faults: Fault[] = [];
  let faultCtx: FaultRequestContext | undefined;
  let result: OperationResult;
  let outsideContract = false;
  let raw: Uint8Array | undefined;
  try {
    assertPlainPathParams(pathParams);
    try {
      session = sessionOf(arrival);
      outcome.session = session;
      raw = typeof request.body === 'function' ? await request.body() : request.body;
      outcome.requestBody = raw;
      // A bad X-Contract-Version, or a previous operation the mock has no code for: the mock's business.
      if (route?.problem) throw route.problem;
    } catch (error) {
      // The session and the transport (body too large, bad length, unknown encoding) are the mock's and
      // HTTP's business, not the operation's: their answers are outside the contract, as they were before
      // the operation was reached.
      outsideContract = true;
      throw error;
    }
    const ms = session.latency.next(op.operationId);
    if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
    const contentType = request.headers['content-type'];
    const parsed = parseJsonBody(raw, typeof contentType === 'string' ? contentType : undefined);
    const query = request.search === '' ? {} : parseQueryString(request.search);
    // A stub's own answer stands in for the server: no fault rewrites it, and it is not the mock's to check.
    const stubbed = session.stubs.size > 0 ? await takeStub(session, op, request, query, parsed.body) : undefined;
    outcome.stubbed = stubbed;
    if (stubbed?.answer) outsideContract = true;
    faults = stubbed?.answer ? [] : activeFaults(session, options.faultCatalog, op.operationId);
    // Faults rewrite the request in place, so they get copies; without faults nothing is copied.
    const req =
      faults.length > 0
        ? { headers: { ...request.headers }, query: { ...query }, body: parsed.body }
        : { headers: request.headers as FaultRequestContext['req']['headers'], query, body: parsed.body };
    faultCtx = { operationId: op.operationId, req, store: session.store };
    let shortCircuit: OperationResult | undefined = stubbed?.answer;
    for (const fault of faults) shortCircuit ??= fault.onRequest?.(faultCtx) ?? undefined;
    if (shortCircuit) {
      result = shortCircuit;
    } else {
      if (parsed.error) throw parsed.error;
      const judgedBy =
        route?.version === 'previous' && route.handlerOperation ? { contract: route.contract, handlerOperation: route.handlerOperation } : undefined;
      result = await runOperation(session, options.tokenFallback, op, pathParams, handler, req, judgedBy);
    }
  } catch (error) {
    const problem = problemFromError(error);
    if (!problem) throw error;
    // A Prefer the spec cannot satisfy is about the mock, not the API: its 406 is outside the contract.
    if (problem.code === 'not_acceptable') outsideContract = true;
    // Problems take the same way out as results: faults may rewrite them, and they are checked too.
    result = {
      status: problem.status,
      body: problemBody(problem, request.url),
      headers: { ...problem.extra.headers, 'Content-Type': 'application/problem+json' },
    };
  }
  const response: FaultResponse = { status: result.status, body: result.body, headers: result.headers ?? {} };
  if (faultCtx && faults.length > 0) {
    response.body = materializeJson(response.body);
    response.headers = { ...response.headers };
    for (const fault of faults) fault.onResponse?.(faultCtx, response);
  }
  outcome.response = response;
  outcome.outsideContract = outsideContract;
  outcome.faults = faults.length;
}

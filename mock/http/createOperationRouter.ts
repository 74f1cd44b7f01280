import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { OperationSpec } from '../../spec/operationIndex.ts';
import { authenticateBearer } from '../auth/authenticateBearer.ts';
import { authorizeCommunity } from '../auth/authorizeCommunity.ts';
import { answerFromExample } from './answerFromExample.ts';
import type { Fault, FaultRequestContext, FaultResponse } from '../faults/Fault.ts';
import { HttpProblem } from './HttpProblem.ts';
import type { AppDeps, OperationContext, OperationHandler, OperationResult } from './OperationHandler.ts';
import { parsePrefer } from './parsePrefer.ts';
import { readJsonBody } from './readJsonBody.ts';
import { requestDeps } from './requestDeps.ts';
import { problemBody } from './writeProblem.ts';

export interface OperationRouterOptions {
  handlers: Record<string, OperationHandler>;
  /** Every fault that can be switched on; deps.faults names the ones that are. */
  faultCatalog: readonly Fault[];
  /** Validate every response against the spec and flag violations (X-Contract-Violations header, journal). */
  validateResponses: boolean;
}

/**
 * The request path of every API operation: route by the spec's path → faults → authenticate → validate
 * (Ajv, through the contract) → community check → Prefer → handler → faults → write. A handler only runs
 * on a request the spec accepts, so it never sees bad input.
 */
export function createOperationRouter(appDeps: AppDeps, options: OperationRouterOptions): RequestHandler {
  return (req: Request, res: Response, next: NextFunction): void => {
    const match = appDeps.contract.matchOperation(req.method, req.path);
    if (!match) {
      next();
      return;
    }
    const handler = options.handlers[match.operation.operationId];
    if (!handler) {
      next();
      return;
    }
    res.locals.operationId = match.operation.operationId;
    // Everything below (faults, auth, Prefer, the handler) works with the deps of the request's session.
    let deps: AppDeps;
    try {
      deps = requestDeps(appDeps, req);
    } catch (error) {
      next(error);
      return;
    }
    run(deps, options, match.operation, match.pathParams, handler, req, res).catch(next);
  };
}

async function run(
  deps: AppDeps,
  options: OperationRouterOptions,
  op: OperationSpec,
  pathParams: Record<string, string>,
  handler: OperationHandler,
  req: Request,
  res: Response,
): Promise<void> {
  const faults = options.faultCatalog.filter((f) => deps.faults.has(f.name) && (!f.operations || f.operations.includes(op.operationId)));
  let faultCtx: FaultRequestContext | undefined;
  let result: OperationResult;
  try {
    const parsed = readJsonBody(req);
    faultCtx = {
      operationId: op.operationId,
      req: { headers: { ...req.headers }, query: { ...(req.query as Record<string, unknown>) }, body: parsed.body },
      store: deps.store,
    };
    let shortCircuit: { status: number; body: unknown } | undefined;
    for (const fault of faults) shortCircuit ??= fault.onRequest?.(faultCtx) ?? undefined;
    if (shortCircuit) {
      result = shortCircuit;
    } else {
      if (parsed.error) throw parsed.error;
      result = await runOperation(deps, op, pathParams, handler, req, faultCtx);
    }
  } catch (error) {
    if (!(error instanceof HttpProblem)) throw error;
    // A Prefer the spec cannot satisfy is about the mock, not the API: its 406 is outside the contract.
    if (error.code === 'not_acceptable') res.locals.outsideContract = true;
    // Problems take the same way out as results: faults may rewrite them, and they are checked too.
    result = { status: error.status, body: problemBody(error, req.originalUrl), headers: { ...error.extra.headers, 'Content-Type': 'application/problem+json' } };
  }
  const response: FaultResponse = { status: result.status, body: result.body, headers: { ...result.headers } };
  if (faultCtx) for (const fault of faults) fault.onResponse?.(faultCtx, response);
  writeResult(deps, options, op, res, response);
}

async function runOperation(
  deps: AppDeps,
  op: OperationSpec,
  pathParams: Record<string, string>,
  handler: OperationHandler,
  req: Request,
  faultCtx: FaultRequestContext,
): Promise<OperationResult> {
  const headers = faultCtx.req.headers;
  const authorization = headers.authorization;
  const token = op.securitySchemes.length > 0 ? authenticateBearer(Array.isArray(authorization) ? authorization[0] : authorization, deps.store, deps.clock) : undefined;

  const validation = deps.contract.validateRequest(op.operationId, {
    path: pathParams,
    query: faultCtx.req.query as Record<string, string | string[] | undefined>,
    headers: headers,
    body: faultCtx.req.body,
    contentType: typeof headers['content-type'] === 'string' ? headers['content-type'] : undefined,
  });
  if (!validation.ok) {
    const missingCommunity = validation.errors.length === 1 && validation.errors[0]?.path === 'community-id';
    if (validation.status === 415) throw new HttpProblem('unsupported_media_type', 'Send the body as application/json.', { errors: validation.errors });
    throw new HttpProblem(missingCommunity ? 'missing_community' : 'invalid_request', 'The request does not match the contract.', { errors: validation.errors });
  }
  const community = validation.values.header['community-id'] as string | undefined;
  if (token && community !== undefined) authorizeCommunity(token, community, deps.store);

  const prefer = parsePrefer(headers.prefer);
  if (prefer.code !== undefined || prefer.example !== undefined) return answerFromExample(deps.contract, op, prefer);

  const ctx: OperationContext = {
    operation: op,
    params: validation.values,
    body: faultCtx.req.body,
    warnings: validation.warnings,
    token,
    community,
    deps,
    req,
  };
  const result = await handler(ctx);
  const queryWarnings = validation.warnings.filter((w) => w.path.startsWith('query.'));
  if (queryWarnings.length > 0) {
    result.headers = { ...result.headers, 'X-Mock-Warnings': queryWarnings.map((w) => w.message).join('; ') };
  }
  return result;
}

function writeResult(deps: AppDeps, options: OperationRouterOptions, op: OperationSpec, res: Response, response: FaultResponse): void {
  const contentType = Object.entries(response.headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? 'application/json';
  for (const [name, value] of Object.entries(response.headers)) if (name.toLowerCase() !== 'content-type') res.setHeader(name, value);
  res.status(response.status);
  validateAndFlag(deps, options, op, res, response.status, contentType, response.body);
  if (response.body === undefined) {
    res.end();
    return;
  }
  res.type(contentType).send(JSON.stringify(response.body));
}

/** Prism's sl-violations idea: the mock checks its own answers, so it can never drift from the contract unseen. */
function validateAndFlag(deps: AppDeps, options: OperationRouterOptions, op: OperationSpec, res: Response, status: number, contentType: string, body: unknown): void {
  if (!options.validateResponses || deps.faults.size > 0 || res.locals.outsideContract) return;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.getHeaders())) if (typeof value === 'string' || typeof value === 'number') headers[name] = String(value);
  const check = deps.contract.validateResponse(op.operationId, status, contentType, body, headers);
  const violations = check.documented ? check.errors.map((e) => `${e.path || '/'} ${e.message}`) : [`status ${status} is not documented for ${op.operationId}`];
  if (violations.length > 0) {
    res.locals.violations = violations;
    res.setHeader('X-Contract-Violations', violations.join('; ').slice(0, 2000));
  }
}

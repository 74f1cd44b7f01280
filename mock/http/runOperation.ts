import type { OperationSpec } from '../../spec/operationIndex.ts';
import { authenticateInSession, type TokenFallback } from '../auth/authenticateInSession.ts';
import { authorizeCommunity } from '../auth/authorizeCommunity.ts';
import type { FaultRequestContext } from '../faults/Fault.ts';
import { answerFromExample } from './answerFromExample.ts';
import { HttpProblem } from '../problems/HttpProblem.ts';
import type { OperationContext, OperationHandler, OperationResult } from './OperationHandler.ts';
import type { Session } from '../sessions/Session.ts';
import { mockWarningsHeader } from './mockWarningsHeader.ts';
import { parsePrefer } from './parsePrefer.ts';
import type { Contract } from '../../spec/contract.ts';
import { handlerValues } from '../versions/handlerValues.ts';

/** A request judged by another contract than the session's (--previous-spec): `op` is its operation, `handlerOperation` the current one that answers. */
export interface JudgedBy {
  contract: Contract;
  handlerOperation: OperationSpec;
}

/**
 * The operation itself, on a routed request: authenticate → validate (Ajv, through the contract) → community
 * check → Prefer → handler. A handler only runs on a request the spec accepts, so it never sees bad input.
 */
export async function runOperation(
  deps: Session,
  tokenFallback: TokenFallback | undefined,
  op: OperationSpec,
  pathParams: Record<string, string>,
  handler: OperationHandler,
  request: FaultRequestContext['req'],
  judgedBy?: JudgedBy,
): Promise<OperationResult> {
  const headers = request.headers;
  const authorization = headers.authorization;
  const token =
    op.securitySchemes.length > 0 ? authenticateInSession(Array.isArray(authorization) ? authorization[0] : authorization, deps, tokenFallback) : undefined;

  const judge = judgedBy?.contract ?? deps.contract;
  const input = {
    path: pathParams,
    query: request.query as Record<string, string | string[] | undefined>,
    headers,
    body: request.body,
    contentType: typeof headers['content-type'] === 'string' ? headers['content-type'] : undefined,
  };
  const validation = judge.validateRequest(op.operationId, input);
  if (!validation.ok) {
    const missingCommunity = validation.errors.length === 1 && validation.errors[0]?.path === 'community-id';
    if (validation.status === 415) throw new HttpProblem('unsupported_media_type', 'Send the body as application/json.', { errors: validation.errors });
    throw new HttpProblem(missingCommunity ? 'missing_community' : 'invalid_request', 'The request does not match the contract.', {
      errors: validation.errors,
    });
  }
  const community = validation.values.header['community-id'] as string | undefined;
  if (token && community !== undefined) authorizeCommunity(token, community, deps.store);

  if (headers.prefer !== undefined) {
    const prefer = parsePrefer(headers.prefer);
    if (prefer.code !== undefined || prefer.example !== undefined) return answerFromExample(judge, op, prefer);
  }

  const ctx: OperationContext = {
    operation: judgedBy?.handlerOperation ?? op,
    params: judgedBy ? handlerValues(deps.contract, judgedBy.handlerOperation.operationId, input, validation.values) : validation.values,
    body: request.body,
    warnings: validation.warnings,
    token,
    community,
    store: deps.store,
    clock: deps.clock,
    rng: deps.rng,
    contract: deps.contract,
  };
  const result = await handler(ctx);
  const queryWarnings = validation.warnings.filter((w) => w.path.startsWith('query.'));
  if (queryWarnings.length > 0) {
    result.headers = { ...result.headers, 'X-Mock-Warnings': mockWarningsHeader(queryWarnings.map((w) => w.message)) };
  }
  return result;
}

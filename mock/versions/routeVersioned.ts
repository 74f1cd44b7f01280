import type { Contract } from '../../spec/contract.ts';
import type { OperationSpec } from '../../spec/operationIndex.ts';
import { HttpProblem } from '../problems/HttpProblem.ts';
import { chooseVersion, type ContractVersion, type ContractVersions } from './ContractVersions.ts';

/** Where a request goes when the mock may serve more than one contract. */
export interface VersionedRoute<H> {
  version: ContractVersion;
  /** The contract that judges this request: it routes it, validates it and checks the answer. */
  contract: Contract;
  /** The operation of `contract` the request reaches. */
  operation: OperationSpec;
  pathParams: Record<string, string>;
  /** The current contract's operation whose handler answers (the data and the handlers are shared). */
  handlerOperation?: OperationSpec;
  handler?: H;
  /** Why the request is refused before its operation runs (a bad X-Contract-Version, nothing to answer it). */
  problem?: HttpProblem;
}

/**
 * Routes a request by the contract it asks for (X-Contract-Version). A request that names none, or names an
 * unknown version, is routed by the current contract (the refusal of an unknown one is answered there).
 * The previous contract's operation is answered by the current handler of the same operationId, else of the
 * operation the same method and path reach in the current contract (an operationId renamed); an operation
 * the current contract no longer has is refused with 501: the mock has no code for it. undefined when the
 * chosen contract has no operation for the request (404 or 405, as for any unknown route).
 */
export function routeVersioned<H>(
  versions: ContractVersions,
  handlers: Readonly<Record<string, H>>,
  method: string,
  path: string,
  headers: Readonly<Record<string, string | string[] | undefined>>,
): VersionedRoute<H> | undefined {
  const chosen = chooseVersion(headers);
  const { current, previous } = versions;
  if (chosen === 'current' || chosen instanceof HttpProblem || !previous) {
    const match = current.matchOperation(method, path);
    const handler = match && handlers[match.operation.operationId];
    if (!match || !handler) return undefined;
    const problem =
      chosen instanceof HttpProblem
        ? chosen
        : chosen === 'previous'
          ? new HttpProblem('unknown_contract_version', 'This mock serves only the current contract: start it with --previous-spec to serve the previous one.')
          : undefined;
    return {
      version: 'current',
      contract: current,
      operation: match.operation,
      pathParams: match.pathParams,
      handlerOperation: match.operation,
      handler,
      ...(problem ? { problem } : {}),
    };
  }
  const match = previous.matchOperation(method, path);
  if (!match) return undefined;
  const route: VersionedRoute<H> = { version: 'previous', contract: previous, operation: match.operation, pathParams: match.pathParams };
  const same = current.operations.get(match.operation.operationId);
  const handlerOperation = same && same.method === match.operation.method ? same : current.matchOperation(method, path)?.operation;
  const handler = handlerOperation && handlers[handlerOperation.operationId];
  if (!handlerOperation || !handler) {
    route.problem = new HttpProblem(
      'not_in_current_contract',
      `${match.operation.operationId} is in the previous contract only: the current contract removed it, and the mock answers with the current one's code.`,
    );
    return route;
  }
  return { ...route, handlerOperation, handler };
}

import type { Contract } from '../../spec/contract.ts';

/**
 * The operations a stub can answer: those of the API lifecycle. The authorization server's (its metadata
 * under /.well-known/, authorize and token under /oauth/) are the mock's own routes, which run no stub stage;
 * a stub naming one would never answer, so it is refused.
 */
export function isStubbable(contract: Contract, operationId: string): boolean {
  const op = contract.operations.get(operationId);
  return op !== undefined && !op.path.startsWith('/oauth/') && !op.path.startsWith('/.well-known/');
}

export function stubbableOperations(contract: Contract): string[] {
  return [...contract.operations.keys()].filter((id) => isStubbable(contract, id));
}

import { operationHandlers } from '../handlers/operationHandlers.ts';

/**
 * The operations a stub can answer: those the API lifecycle answers. The authorization server's (metadata,
 * authorize, token) are the mock's own Express routes, which no stub stage runs in; a stub naming one would
 * never answer, so it is refused.
 */
export function isStubbable(operationId: string): boolean {
  return Object.hasOwn(operationHandlers, operationId);
}

export const STUBBABLE_OPERATIONS: readonly string[] = Object.keys(operationHandlers);

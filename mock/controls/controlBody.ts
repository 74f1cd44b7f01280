import type { Contract } from '../../spec/contract.ts';
import { HttpProblem } from '../problems/HttpProblem.ts';

/**
 * A control's JSON body, every key known: a misspelt `operationID` or `time` is a 400 naming it, never a
 * setting silently applied to every request instead of one operation.
 */
export function checkControlBody(body: unknown, allowed: readonly string[], usage: string): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpProblem('invalid_request', `Send a JSON object: ${usage}.`);
  for (const key of Object.keys(body)) {
    if (!allowed.includes(key)) throw new HttpProblem('invalid_request', `Unknown key "${key.slice(0, 64)}" (known: ${allowed.join(', ')}); send ${usage}.`);
  }
  return body as Record<string, unknown>;
}

/** The most requests a rule can count down: a bound, not a setting anyone needs. */
export const MAX_TIMES = 1_000_000;

/** `operationId` and `times` of a control's body: which operation, for how many of its next requests. */
export function scopeOf(body: Record<string, unknown>, contract: Contract): { operationId?: string; remaining?: number } | undefined {
  const { operationId, times } = body;
  if (operationId === undefined && times === undefined) return undefined;
  if (operationId !== undefined && (typeof operationId !== 'string' || !contract.operations.has(operationId))) {
    throw new HttpProblem(
      'invalid_request',
      `operationId must be one of the spec's operations (${[...contract.operations.keys()].join(', ')}), got ${JSON.stringify(operationId)?.slice(0, 80)}.`,
    );
  }
  if (times !== undefined && (typeof times !== 'number' || !Number.isSafeInteger(times) || times < 1 || times > MAX_TIMES)) {
    throw new HttpProblem('invalid_request', `times must be an integer from 1 to ${MAX_TIMES}, got ${JSON.stringify(times)?.slice(0, 80)}.`);
  }
  return { ...(operationId !== undefined ? { operationId: operationId as string } : {}), ...(times !== undefined ? { remaining: times as number } : {}) };
}

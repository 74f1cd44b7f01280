import type { Contract } from '../../spec/contract.ts';
import type { OperationSpec } from '../../spec/operationIndex.ts';
import type { NetworkFault } from '../exchange/ApiExchange.ts';
import { answerFromExample } from './answerFromExample.ts';
import type { OperationResult } from './OperationHandler.ts';
import { MAX_HANG_MS, type StubDefinition } from '../stubs/StubDefinition.ts';

/**
 * The answer a stub gives in place of the operation's, or undefined when it gives none of its own (a delay,
 * headers or a truncation over the stateful mock's answer; a reset or a hang, which answer nothing).
 */
export function stubAnswer(contract: Contract, op: OperationSpec, stub: StubDefinition): OperationResult | undefined {
  if (stub.fault === 'reset' || stub.fault === 'hang') return { status: 0 };
  if (stub.example !== undefined) {
    return answerFromExample(contract, op, { code: stub.status, example: stub.example === true ? undefined : stub.example });
  }
  if (stub.status === undefined && stub.body === undefined) return undefined;
  const status = stub.status ?? 200;
  // A stub answers JSON (the API's only media type); a status that takes no body (RFC 9110 §15.3.5) gets none.
  if (stub.body === undefined || status === 204 || status === 304) return { status };
  return { status, body: structuredClone(stub.body), headers: { 'Content-Type': 'application/json' } };
}

/** The failure of the connection a stub asks the transport for. */
export function stubNetworkFault(stub: StubDefinition): NetworkFault | undefined {
  if (stub.fault === 'hang') return { kind: 'hang', maxMs: stub.hangMs ?? MAX_HANG_MS };
  if (stub.fault === 'reset' || stub.fault === 'truncate') return { kind: stub.fault };
  return undefined;
}

/**
 * Where a stub's own answer leaves the contract: an undocumented status, a body the spec's schema refuses.
 * Allowed (a frontend needs to see a 418 or a broken body), and said so in X-Mock-Warnings and the journal,
 * never as X-Contract-Violations (those are the mock's own bugs).
 */
export function stubContractNotes(contract: Contract, op: OperationSpec, answer: OperationResult): string[] {
  if (answer.status === 0) return [];
  const contentType = answer.headers?.['Content-Type'] ?? 'application/json';
  const check = contract.validateResponse(op.operationId, answer.status, contentType, answer.body, answer.headers);
  if (!check.documented) return [`status ${answer.status} is not documented for ${op.operationId}`];
  return check.errors.slice(0, 5).map((e) => `${e.path || '/'} ${e.message}`);
}

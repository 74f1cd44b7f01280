import type { Contract } from '../../spec/contract.ts';
import type { OperationSpec } from '../../spec/operationIndex.ts';
import { resolvePointer } from '../../spec/resolvePointer.ts';
import { HttpProblem } from '../problems/HttpProblem.ts';
import type { OperationResult } from './OperationHandler.ts';
import type { Preferences } from './parsePrefer.ts';

interface ExampleObject {
  value?: unknown;
  $ref?: string;
}

/**
 * Answers from the spec's examples instead of the store, as Prism does for `Prefer: code=…, example=…`.
 * State is never touched: a frontend can see every documented answer without setting it up.
 */
export function answerFromExample(contract: Contract, op: OperationSpec, prefer: Preferences): OperationResult {
  const statuses = prefer.code !== undefined ? [String(prefer.code)] : Object.keys(op.responses).sort((a, b) => rank(a) - rank(b));
  if (prefer.code !== undefined && !op.responses[String(prefer.code)]) {
    // Prefer asks for what the contract documents (as Prism); any other status is a stub's (docs/stubs.md).
    throw new HttpProblem(
      'not_acceptable',
      `${op.operationId} documents no ${prefer.code} response (documented: ${Object.keys(op.responses).join(', ')}). Prefer answers documented statuses only; for any other, add a stub: POST /__mock/stubs {"operationId": "${op.operationId}", "status": ${prefer.code}}.`,
    );
  }
  const available: string[] = [];
  for (const status of statuses) {
    const response = op.responses[status];
    if (!response) continue;
    for (const [mediaType, schemaPointer] of Object.entries(response.content)) {
      const mediaPointer = schemaPointer.replace(/\/schema$/, '');
      const media = resolvePointer(contract.document, mediaPointer) as { examples?: Record<string, ExampleObject>; example?: unknown };
      const examples = Object.entries(media.examples ?? {});
      available.push(...examples.map(([name]) => `${status}:${name}`));
      const chosen = prefer.example ? examples.find(([name]) => name === prefer.example) : examples[0];
      if (chosen) {
        const example = chosen[1].$ref ? (resolvePointer(contract.document, chosen[1].$ref) as ExampleObject) : chosen[1];
        return { status: Number(status), body: structuredClone(example.value), headers: { 'Content-Type': mediaType } };
      }
      if (!prefer.example && media.example !== undefined)
        return { status: Number(status), body: structuredClone(media.example), headers: { 'Content-Type': mediaType } };
    }
    if (!prefer.example && Object.keys(response.content).length === 0 && prefer.code !== undefined) return { status: Number(status) };
    // A documented status without an example (an empty object schema): an empty object, when the schema takes it.
    if (!prefer.example && prefer.code !== undefined) {
      for (const mediaType of Object.keys(response.content)) {
        if (contract.validateResponse(op.operationId, Number(status), mediaType, {}).errors.length === 0)
          return { status: Number(status), body: {}, headers: { 'Content-Type': mediaType } };
      }
    }
  }
  throw new HttpProblem(
    'not_acceptable',
    `No example${prefer.example ? ` named "${prefer.example}"` : ''}${prefer.code ? ` for status ${prefer.code}` : ''} in ${op.operationId}. Available: ${available.join(', ') || 'none'}.`,
  );
}

/** 2xx first, then the rest in order, so `Prefer: example=x` finds success examples before error ones. */
function rank(status: string): number {
  return status.startsWith('2') ? Number(status) - 1000 : Number(status) || 999;
}

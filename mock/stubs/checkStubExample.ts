import type { Contract } from '../../spec/contract.ts';
import { resolvePointer } from '../../spec/resolvePointer.ts';

/**
 * Whether the spec has the example a stub names, checked when the stub is added (the answer is made from it
 * by the lifecycle, as for `Prefer: example=`): the refusal names what there is. Returns the problem, or
 * undefined when the example is there.
 */
export function missingStubExample(contract: Contract, operationId: string, status: number | undefined, name: string | undefined): string | undefined {
  const op = contract.operation(operationId);
  const documented = Object.keys(op.responses);
  if (status !== undefined && !op.responses[String(status)]) return `${operationId} documents no ${status} response (documented: ${documented.join(', ')}).`;
  if (name === undefined) return undefined;
  const available: string[] = [];
  for (const code of status !== undefined ? [String(status)] : documented) {
    for (const schemaPointer of Object.values(op.responses[code]?.content ?? {})) {
      const media = resolvePointer(contract.document, schemaPointer.replace(/\/schema$/, '')) as { examples?: Record<string, unknown> } | undefined;
      for (const example of Object.keys(media?.examples ?? {})) {
        if (example === name) return undefined;
        available.push(`${code}:${example}`);
      }
    }
  }
  return `No example named "${name.slice(0, 128)}"${status !== undefined ? ` for status ${status}` : ''} in ${operationId}. Available: ${available.join(', ') || 'none'}.`;
}

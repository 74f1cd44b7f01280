import type { Contract } from '../../spec/contract.ts';
import { resolvePointer } from '../../spec/resolvePointer.ts';

/** Every sort key the spec's `sort` pattern lists, ascending then descending (`name`, `-name`, …). */
export function sortValues(contract: Contract): string[] {
  const param = contract.operation('listGroups').parameters.find((p) => p.name === 'sort');
  const schema = param ? (resolvePointer(contract.document, param.schemaPointer) as { pattern?: string } | undefined) : undefined;
  const keys = /\(([\w|]+)\)/.exec(schema?.pattern ?? '')?.[1]?.split('|') ?? ['createdAt'];
  return keys.flatMap((k) => [k, `-${k}`]);
}

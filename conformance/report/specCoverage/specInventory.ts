import type { Contract } from '../../../spec/contract.ts';
import type { OperationSpec, ParameterSpec } from '../../../spec/operationIndex.ts';
import { resolvePointer } from '../../../spec/resolvePointer.ts';

/** What an operation documents, as coverage items. */
export interface OperationInventory {
  operationId: string;
  statuses: string[];
  /** "query limit", "query sort=name": a parameter, then each value the spec lists for it. */
  parameters: Array<{ item: string; location: string; name: string; value?: string }>;
  /** "groups.data[].name": every key the request body schema names. */
  bodyKeys: string[];
}

/** Reads the documented statuses, parameters, listed values and body keys of an operation from the spec. */
export function inventoryOf(contract: Contract, op: OperationSpec): OperationInventory {
  const parameters: OperationInventory['parameters'] = [];
  for (const p of op.parameters) {
    if (p.in === 'cookie') continue;
    parameters.push({ item: `${p.in} ${p.name}`, location: p.in, name: p.name });
    for (const value of listedValues(p)) parameters.push({ item: `${p.in} ${p.name}=${value}`, location: p.in, name: p.name, value });
  }
  const bodyPointer = Object.values(op.requestBody?.content ?? {})[0];
  const bodyKeys = bodyPointer ? schemaKeys(contract.document, resolvePointer(contract.document, bodyPointer), '', new Set(), 0) : [];
  return { operationId: op.operationId, statuses: Object.keys(op.responses), parameters, bodyKeys: [...new Set(bodyKeys)] };
}

/**
 * The values the spec lists for a parameter: an enum, x-known-values, a boolean's two values, or the names of
 * a comma-separated list pattern such as ^(members|groups)(,(members|groups))*$ (includes, sort).
 */
export function listedValues(p: ParameterSpec): string[] {
  const schema = p.schema;
  if (Array.isArray(schema.enum)) return schema.enum.map(String);
  if (Array.isArray(schema['x-known-values'])) return (schema['x-known-values'] as unknown[]).map(String);
  if (schema.type === 'boolean') return ['true', 'false'];
  if (typeof schema.pattern === 'string') {
    const list = /^\^-?\??\(([\w.|]+)\)\(,/.exec(schema.pattern);
    if (list?.[1]) return list[1].split('|');
  }
  return [];
}

const MAX_DEPTH = 6;

function schemaKeys(doc: unknown, node: unknown, prefix: string, seen: Set<string>, depth: number): string[] {
  if (!node || typeof node !== 'object' || depth > MAX_DEPTH) return [];
  const schema = node as Record<string, unknown>;
  if (typeof schema.$ref === 'string') {
    // A schema that contains itself (a tree) is walked once along each path.
    if (seen.has(schema.$ref)) return [];
    return schemaKeys(doc, resolvePointer(doc, schema.$ref), prefix, new Set([...seen, schema.$ref]), depth);
  }
  const keys: string[] = [];
  for (const combinator of ['allOf', 'oneOf', 'anyOf'] as const) {
    const parts = schema[combinator];
    if (Array.isArray(parts)) for (const part of parts) keys.push(...schemaKeys(doc, part, prefix, seen, depth));
  }
  if (schema.items) keys.push(...schemaKeys(doc, schema.items, `${prefix}[]`, seen, depth + 1));
  const properties = schema.properties;
  if (properties && typeof properties === 'object') {
    for (const [name, sub] of Object.entries(properties as Record<string, unknown>)) {
      const path = prefix ? `${prefix}.${name}` : name;
      keys.push(path, ...schemaKeys(doc, sub, path, seen, depth + 1));
    }
  }
  return keys;
}

import { propertiesOf, schemaAt } from '../checks/schemaNavigator.ts';
import type { Schema } from './schemaValues.ts';

/** A place in a request body the passes vary: its JSON Pointer, its schema, and whether it is required. */
export interface BodyPath {
  /** JSON Pointer into the body, e.g. /context/issuedAt or /groups/data/0/name. */
  pointer: string;
  schema: Schema;
  schemaPointer: string;
  required: boolean;
  /** readOnly in the spec: managed by the target, sent back only as read. */
  readOnly: boolean;
}

/**
 * The places of a body worth varying, breadth first from the base value: every property the schema documents
 * under an object of the base (present or not), down to `maxDepth`; arrays are entered at their first item.
 */
export function bodyPaths(doc: unknown, rootPointer: string, base: unknown, maxDepth = 4): BodyPath[] {
  const out: BodyPath[] = [];
  const queue: Array<{ pointer: string; schemaPointer: string; value: unknown; depth: number }> = [
    { pointer: '', schemaPointer: rootPointer, value: base, depth: 0 },
  ];
  while (queue.length > 0) {
    const { pointer, schemaPointer, value, depth } = queue.shift() as (typeof queue)[number];
    const { schema, pointer: at } = schemaAt(doc, schemaPointer);
    if (depth >= maxDepth) continue;
    if (Array.isArray(value) && value.length > 0 && schema.items && typeof schema.items === 'object') {
      queue.push({ pointer: `${pointer}/0`, schemaPointer: `${at}/items`, value: value[0], depth: depth + 1 });
      continue;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) continue;
    const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
    for (const [name, child] of Object.entries(propertiesOf(doc, at))) {
      const childPointer = `${pointer}/${escape(name)}`;
      const resolved = schemaAt(doc, child);
      out.push({
        pointer: childPointer,
        schema: resolved.schema,
        schemaPointer: resolved.pointer,
        required: required.has(name),
        readOnly: resolved.schema.readOnly === true,
      });
      const childValue = (value as Record<string, unknown>)[name];
      if (childValue !== undefined) queue.push({ pointer: childPointer, schemaPointer: child, value: childValue, depth: depth + 1 });
    }
  }
  return out;
}

/** A deep copy of `body` with the value at `pointer` replaced (or removed when `value` is REMOVE); parents are never created. */
export function withValue(body: unknown, pointer: string, value: unknown): unknown {
  const copy = structuredClone(body);
  const tokens = pointer.split('/').slice(1).map(unescape);
  let node: unknown = copy;
  for (const token of tokens.slice(0, -1)) {
    if (node === null || typeof node !== 'object') return copy;
    const record = node as Record<string, unknown>;
    // A parent that is gone or no longer an object (an earlier change replaced it): nothing to change in it.
    if (record[token] === null || typeof record[token] !== 'object') return copy;
    node = record[token];
  }
  const last = tokens.at(-1);
  if (last === undefined || node === null || typeof node !== 'object') return value === REMOVE ? copy : value;
  const record = node as Record<string, unknown>;
  if (value === REMOVE) {
    if (Array.isArray(record)) record.splice(Number(last), 1);
    else delete record[last];
  } else record[last] = value;
  return copy;
}

/** The value at `pointer`, or undefined. */
export function valueAt(body: unknown, pointer: string): unknown {
  let node = body;
  for (const token of pointer.split('/').slice(1).map(unescape)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

export const REMOVE: unique symbol = Symbol('remove');

function escape(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

function unescape(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Every place of a JSON value with a value in it, as JSON Pointers, parents before children. */
export function pointersOf(value: unknown, at = ''): string[] {
  if (value === null || typeof value !== 'object') return [];
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  return entries.flatMap(([key, child]) => {
    const pointer = `${at}/${escape(key)}`;
    return [pointer, ...pointersOf(child, pointer)];
  });
}

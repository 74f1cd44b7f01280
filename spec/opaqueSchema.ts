import { resolvePointer } from './resolvePointer.ts';

/**
 * The schema at `schemaPointer` with every reference to an `opaque` schema replaced by `true`: it checks an
 * envelope (a list, `{ total, hits }`, `{ data }`) whose parts were already checked against their own schemas
 * when they were presented. Other references are inlined down to `depth` levels (so opaque ones nested in
 * them are found too), then kept as references into the document (`documentId`, which Ajv knows).
 */
export function opaqueSchema(
  document: unknown,
  schemaPointer: string,
  opaque: ReadonlySet<string>,
  documentId: string,
  encode: (pointer: string) => string,
  depth = 6,
): unknown {
  if (opaque.has(schemaPointer)) return true;
  return transform(resolvePointer(document, schemaPointer), depth);

  function transform(node: unknown, level: number): unknown {
    if (Array.isArray(node)) return node.map((item) => transform(item, level));
    if (node === null || typeof node !== 'object') return node;
    const { $ref, ...rest } = node as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(rest)) out[key] = transform(value, level);
    if (typeof $ref !== 'string') return out;
    let target: unknown;
    if (opaque.has($ref)) target = true;
    else if (level > 0 && $ref.startsWith('#')) target = transform(resolvePointer(document, $ref), level - 1);
    else return { ...out, $ref: documentId + encode($ref) };
    return Object.keys(out).length === 0 ? target : { ...out, allOf: [target] };
  }
}

import type { OpenAPIV3_1 } from 'openapi-types';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export type Mockable = { ok: true; document: OpenAPIV3_1.Document } | { ok: false; reason: string };

function operationIds(doc: OpenAPIV3_1.Document): Map<string, { path: string; method: (typeof METHODS)[number] }> {
  const out = new Map<string, { path: string; method: (typeof METHODS)[number] }>();
  for (const [path, item] of Object.entries(doc.paths ?? {}))
    for (const method of METHODS) {
      const id = (item as Record<string, { operationId?: unknown } | undefined> | undefined)?.[method]?.operationId;
      if (typeof id === 'string') out.set(id, { path, method });
    }
  return out;
}

/**
 * The document the mock is built on to replay flows on the NEW contract. The mock refuses a contract whose
 * operations are not exactly those its handlers answer (mock/handlers/operationHandlers.ts), so:
 * - an operation the new contract adds has no handler: no mock, the flows are judged statically;
 * - an operation it removes is carried over from the old one, so the mock starts. A replay finds its calls on
 *   the new contract and never sends a call to a removed operation (it counts as not replayed), so the carried
 *   operation only lets the mock start; every operation a replay sends is answered and validated by the new one.
 */
export function mockableDocument(base: OpenAPIV3_1.Document, head: OpenAPIV3_1.Document, handled: ReadonlySet<string>): Mockable {
  const headOps = operationIds(head);
  const added = [...headOps.keys()].filter((id) => !handled.has(id));
  if (added.length > 0)
    return {
      ok: false,
      reason: `the mock has no handler for ${added.slice(0, 5).join(', ')}${added.length > 5 ? '…' : ''} (an operation the new contract adds)`,
    };
  const carried = [...operationIds(base)].filter(([id]) => handled.has(id) && !headOps.has(id));
  if (carried.length === 0) return { ok: true, document: head };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, item] of Object.entries(head.paths ?? {})) paths[path] = { ...(item as Record<string, unknown>) };
  for (const [, { path, method }] of carried) {
    const from = (base.paths?.[path] ?? {}) as Record<string, unknown>;
    // The path item's own parameters come along only when the new contract has no such path at all.
    paths[path] ??= from.parameters !== undefined ? { parameters: from.parameters } : {};
    paths[path][method] = from[method];
  }
  // A carried operation may $ref a component the new contract dropped: the old one's fill the gaps.
  const components: Record<string, Record<string, unknown>> = {};
  for (const kind of Object.keys({ ...base.components, ...head.components }))
    components[kind] = {
      ...((base.components as Record<string, object> | undefined)?.[kind] ?? {}),
      ...((head.components as Record<string, object> | undefined)?.[kind] ?? {}),
    };
  return { ok: true, document: { ...head, paths: paths as OpenAPIV3_1.PathsObject, components } };
}

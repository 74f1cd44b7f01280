import type { Contract } from '../../spec/contract.ts';
import type { OperationSpec } from '../../spec/operationIndex.ts';
import { deref, resolvePointer } from '../../spec/resolvePointer.ts';
import type { DecisionRow } from './decisionRows.ts';

/** An operation as a client needs it: where, how, what it takes and answers, an example, and our decisions on it. */
export interface OperationDescription {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  /** Security schemes that may authorize it ([]: none), and the body credential (data actions). */
  security: string[];
  credential?: string;
  /** The operation as the spec writes it (parameters, request body, responses), `$ref`s kept. */
  operation: unknown;
  /** Every component the operation reaches through `$ref`, by pointer. */
  components: Record<string, unknown>;
  /** The spec's examples: of the request body, and of the answers by status. */
  examples: { request?: unknown; responses: Record<string, unknown> };
  /** The rows of spec/DECISIONS.md on the operation or on a component it uses: what the API description left open. */
  decisions: DecisionRow[];
}

/** At most this many components are listed: a bound on the answer, far above what any operation reaches today. */
const MAX_COMPONENTS = 200;

/** Describes one operation of the contract, with the decisions (spec/DECISIONS.md rows) that apply to it. */
export function describeOperation(contract: Contract, op: OperationSpec, rows: readonly DecisionRow[]): OperationDescription {
  const doc = contract.document;
  const components: Record<string, unknown> = {};
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/') && !(value in components) && Object.keys(components).length < MAX_COMPONENTS) {
        const target = resolvePointer(doc, value);
        components[value] = target;
        visit(target);
      } else visit(value);
    }
  };
  // Path-level parameters apply to the operation too.
  const pathItem = resolvePointer(doc, op.pointer.replace(/\/[^/]+$/, '')) as Record<string, unknown>;
  visit(op.raw);
  visit(pathItem.parameters);
  const reached = [op.pointer, ...Object.keys(components)];
  const decisions = rows.filter((row) => reached.some((p) => p === row.pointer || row.pointer.startsWith(`${p}/`) || p.startsWith(`${row.pointer}/`)));
  const description = (op.raw as { description?: string }).description;
  return {
    operationId: op.operationId,
    method: op.method.toUpperCase(),
    path: op.path,
    summary: op.summary,
    ...(description ? { description } : {}),
    security: op.securitySchemes,
    ...(op.credential ? { credential: op.credential } : {}),
    operation: { ...(pathItem.parameters ? { pathParameters: pathItem.parameters } : {}), ...op.raw },
    components,
    examples: examplesOf(doc, op),
    decisions,
  };
}

/** The first example of each media type: `example`, else the first of `examples` (its `value`). */
function examplesOf(doc: unknown, op: OperationSpec): OperationDescription['examples'] {
  const first = (media: unknown): unknown => {
    const m = deref<unknown>(doc, media) as { example?: unknown; examples?: Record<string, unknown> } | undefined;
    if (!m) return undefined;
    if (m.example !== undefined) return m.example;
    const one = Object.values(m.examples ?? {})[0];
    return one === undefined ? undefined : (deref<unknown>(doc, one) as { value?: unknown }).value;
  };
  const firstOfContent = (content: unknown): unknown => {
    for (const media of Object.values((content ?? {}) as Record<string, unknown>)) {
      const found = first(media);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  const raw = op.raw as { requestBody?: unknown; responses?: Record<string, unknown> };
  const request = raw.requestBody ? firstOfContent((deref<unknown>(doc, raw.requestBody) as { content?: unknown }).content) : undefined;
  const responses: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(raw.responses ?? {})) {
    const found = firstOfContent((deref<unknown>(doc, response) as { content?: unknown }).content);
    if (found !== undefined) responses[status] = found;
  }
  return { ...(request !== undefined ? { request } : {}), responses };
}

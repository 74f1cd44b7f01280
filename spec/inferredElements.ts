import { escapePointerToken } from './resolvePointer.ts';

export interface InferredElement {
  pointer: string;
  reason: string | undefined;
}

/** Every element of the document marked x-inferred: true, with its JSON Pointer and the reason it gives. */
export function inferredElements(doc: unknown): InferredElement[] {
  const out: InferredElement[] = [];
  const walk = (node: unknown, path: string): void => {
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (record['x-inferred'] === true) out.push({ pointer: path || '#', reason: record['x-inferred-reason'] as string | undefined });
    for (const [key, value] of Object.entries(record)) walk(value, `${path || '#'}/${escapePointerToken(key)}`);
  };
  walk(doc, '');
  return out;
}

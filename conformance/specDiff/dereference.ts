import { resolvePointer } from '../../spec/resolvePointer.ts';

/** Where a dereferenced node came from: the `$ref` it replaced. */
const origins = new WeakMap<object, string>();

/** The `$ref` (`#/components/...`) a node of a dereferenced document replaced, if any. */
export function originOf(node: unknown): string | undefined {
  return node !== null && typeof node === 'object' ? origins.get(node) : undefined;
}

/**
 * The document with every local `$ref` replaced by what it points to, so a change under a component is seen
 * at every place that uses it. Each target is built once and shared, so a recursive schema becomes a cycle in
 * the result rather than an endless copy; walkers keep a stack. Keys beside a `$ref` (OpenAPI 3.1 allows
 * `description` and `summary` there) are kept over the target's own.
 */
export function dereference<T>(doc: T): T {
  const built = new Map<string, unknown>();
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    const record = node as Record<string, unknown>;
    const ref = record.$ref;
    if (typeof ref === 'string' && ref.startsWith('#')) {
      const siblings = Object.keys(record).filter((k) => k !== '$ref');
      const target = resolveOnce(ref);
      if (siblings.length === 0) return target;
      const merged = { ...(target as Record<string, unknown>) };
      for (const key of siblings) merged[key] = walk(record[key]);
      origins.set(merged, ref);
      return merged;
    }
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(record)) out[key] = walk(value);
    return out;
  };
  const resolveOnce = (ref: string): unknown => {
    if (built.has(ref)) return built.get(ref);
    const raw = resolvePointer(doc, ref);
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      const value = walk(raw);
      built.set(ref, value);
      return value;
    }
    // Registered before its children are walked, so a reference back to it closes a cycle.
    const placeholder: Record<string, unknown> = {};
    built.set(ref, placeholder);
    origins.set(placeholder, ref);
    const filled = walk(raw) as Record<string, unknown>;
    Object.assign(placeholder, filled);
    return placeholder;
  };
  return walk(doc) as T;
}

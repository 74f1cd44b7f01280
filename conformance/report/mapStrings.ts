/**
 * A deep copy of plain data with every string (values and object keys) passed through `fn`; functions and
 * class instances other than arrays and plain objects are kept as they are. Reports transform the run's data
 * this way (redaction, terminal neutralising) before they escape or quote it for their medium.
 */
export function mapStrings<T>(value: T, fn: (text: string) => string): T {
  const seen = new Map<object, unknown>();
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return fn(v);
    if (v === null || typeof v !== 'object') return v;
    const known = seen.get(v);
    if (known !== undefined) return known;
    if (Array.isArray(v)) {
      const out: unknown[] = [];
      seen.set(v, out);
      for (const item of v) out.push(walk(item));
      return out;
    }
    const proto = Object.getPrototypeOf(v) as unknown;
    if (proto !== Object.prototype && proto !== null) return v;
    const out: Record<string, unknown> = {};
    seen.set(v, out);
    for (const [key, item] of Object.entries(v)) out[fn(key)] = walk(item);
    return out;
  };
  return walk(value) as T;
}

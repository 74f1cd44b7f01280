import { resolvePointer } from './resolvePointer.ts';

export interface UnknownKey {
  /** JSON Pointer of the unknown key in the instance. */
  path: string;
  key: string;
  message: string;
}

type Schema = Record<string, unknown>;

/**
 * Keys of `data` that the schema does not name. Request schemas stay open (the description says records
 * carry fields it does not show), so an unknown key is not an error; it is reported back as a warning so a
 * partner learns of a typo ("nmae"). Objects with an `additionalProperties` schema (namespaced `fields`)
 * accept any key.
 */
export function findUnknownKeys(doc: unknown, schema: Schema, data: unknown, path = ''): UnknownKey[] {
  const resolved = resolve(doc, schema);
  if (Array.isArray(data)) {
    const items = resolved.items as Schema | undefined;
    if (!items) return [];
    return data.flatMap((item, index) => findUnknownKeys(doc, items, item, `${path}/${index}`));
  }
  if (!data || typeof data !== 'object') return [];
  const properties = collectProperties(doc, resolved);
  if (!properties) return [];
  const additional = resolved.additionalProperties;
  const out: UnknownKey[] = [];
  for (const [key, value] of Object.entries(data)) {
    const child = properties[key];
    const childPath = `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (child) {
      out.push(...findUnknownKeys(doc, child, value, childPath));
    } else if (additional && typeof additional === 'object') {
      out.push(...findUnknownKeys(doc, additional as Schema, value, childPath));
    } else if (additional !== true) {
      const hint = closest(key, Object.keys(properties));
      out.push({ path: childPath, key, message: `unknown key "${key}" (ignored)${hint ? `; did you mean "${hint}"?` : ''}` });
    }
  }
  return out;
}

function resolve(doc: unknown, schema: Schema): Schema {
  let current = schema;
  for (let hops = 0; typeof current.$ref === 'string' && hops < 32; hops++) {
    current = resolvePointer(doc, current.$ref) as Schema;
  }
  return current;
}

function collectProperties(doc: unknown, schema: Schema): Record<string, Schema> | undefined {
  let props: Record<string, Schema> | undefined = schema.properties as Record<string, Schema> | undefined;
  for (const keyword of ['allOf', 'anyOf', 'oneOf'] as const) {
    for (const part of (schema[keyword] as Schema[] | undefined) ?? []) {
      const sub = collectProperties(doc, resolve(doc, part));
      if (sub) props = { ...sub, ...props };
    }
  }
  return props;
}

/** The known key within edit distance 2, if any (a typo's most likely meaning). */
export function closest(key: string, candidates: string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of candidates) {
    const d = editDistance(key.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j] as number;
      row[j] = Math.min((row[j] as number) + 1, (row[j - 1] as number) + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length] as number;
}

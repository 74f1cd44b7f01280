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
  const out: UnknownKey[] = [];
  walk(doc, schema, data, path, out);
  return out;
}

// A sync upload has tens of thousands of objects over a handful of schemas: each schema is resolved and its
// properties collected once per document, not once per object.
const shapes = new WeakMap<object, WeakMap<Schema, Shape>>();

interface Shape {
  items?: Schema;
  properties?: Record<string, Schema>;
  additional: unknown;
}

function shapeOf(doc: unknown, schema: Schema): Shape {
  const key = (doc ?? {}) as object;
  let byDoc = shapes.get(key);
  if (!byDoc) shapes.set(key, (byDoc = new WeakMap()));
  let shape = byDoc.get(schema);
  if (!shape) {
    const resolved = resolve(doc, schema);
    shape = { items: resolved.items as Schema | undefined, properties: collectProperties(doc, resolved), additional: resolved.additionalProperties };
    byDoc.set(schema, shape);
  }
  return shape;
}

function walk(doc: unknown, schema: Schema, data: unknown, path: string, out: UnknownKey[]): void {
  const shape = shapeOf(doc, schema);
  if (Array.isArray(data)) {
    if (!shape.items) return;
    for (let index = 0; index < data.length; index++) walk(doc, shape.items, data[index], `${path}/${index}`, out);
    return;
  }
  if (!data || typeof data !== 'object') return;
  const properties = shape.properties;
  if (!properties) return;
  const additional = shape.additional;
  for (const key of Object.keys(data)) {
    const value = (data as Record<string, unknown>)[key];
    const child = Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (child) {
      walk(doc, child, value, `${path}/${escapeToken(key)}`, out);
    } else if (additional && typeof additional === 'object') {
      walk(doc, additional as Schema, value, `${path}/${escapeToken(key)}`, out);
    } else if (additional !== true) {
      const hint = closest(key, Object.keys(properties));
      out.push({ path: `${path}/${escapeToken(key)}`, key, message: `unknown key "${key}" (ignored)${hint ? `; did you mean "${hint}"?` : ''}` });
    }
  }
}

function escapeToken(key: string): string {
  return key.includes('~') || key.includes('/') ? key.replace(/~/g, '~0').replace(/\//g, '~1') : key;
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

import { resolvePointer } from '../../spec/resolvePointer.ts';

type Schema = Record<string, unknown>;

/** Follows $ref from a schema pointer to the schema itself, returning both. */
export function schemaAt(doc: unknown, pointer: string): { schema: Schema; pointer: string } {
  let current = pointer;
  let schema = resolvePointer(doc, current) as Schema;
  for (let hops = 0; schema && typeof schema.$ref === 'string' && hops < 32; hops++) {
    current = schema.$ref;
    schema = resolvePointer(doc, current) as Schema;
  }
  return { schema: schema ?? {}, pointer: current };
}

/** The documented properties of an object schema (through allOf/anyOf/oneOf), name → schema pointer. */
export function propertiesOf(doc: unknown, pointer: string): Record<string, string> {
  const { schema, pointer: at } = schemaAt(doc, pointer);
  const out: Record<string, string> = {};
  for (const keyword of ['allOf', 'anyOf', 'oneOf'] as const) {
    ((schema[keyword] as unknown[] | undefined) ?? []).forEach((_part, index) => Object.assign(out, propertiesOf(doc, `${at}/${keyword}/${index}`)));
  }
  for (const name of Object.keys((schema.properties as Schema | undefined) ?? {})) out[name] = `${at}/properties/${escape(name)}`;
  return out;
}

/** The schema pointer that governs a child (property name or array index) of a value described by `pointer`. */
export function childPointer(doc: unknown, pointer: string, token: string): string | undefined {
  const { schema, pointer: at } = schemaAt(doc, pointer);
  if (/^\d+$/.test(token) && schema.items && typeof schema.items === 'object') return `${at}/items`;
  const property = propertiesOf(doc, at)[token];
  if (property) return property;
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') return `${at}/additionalProperties`;
  return undefined;
}

/** The schema pointer for an instance path (a JSON Pointer such as /hits/0/name), as deep as the schema goes. */
export function schemaPointerFor(doc: unknown, rootPointer: string, instancePath: string): string {
  let current = rootPointer;
  for (const raw of instancePath.split('/').slice(1)) {
    const next = childPointer(doc, current, raw.replace(/~1/g, '/').replace(/~0/g, '~'));
    if (!next) break;
    current = next;
  }
  return current;
}

function escape(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

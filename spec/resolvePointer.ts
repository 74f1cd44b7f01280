/** RFC 6901 JSON Pointer helpers over the parsed OpenAPI document. */

export function escapePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function pointer(...tokens: Array<string | number>): string {
  return '#' + tokens.map((t) => '/' + escapePointerToken(String(t))).join('');
}

export function resolvePointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) throw new Error(`only local references are supported: ${ref}`);
  let node: unknown = doc;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const token = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !(token in node)) {
      throw new Error(`unresolved reference ${ref} (at "${token}")`);
    }
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

/** Follows $ref chains (components/parameters, components/responses, ...) to the object itself. */
export function deref<T>(doc: unknown, node: T | { $ref: string }): T {
  let current: unknown = node;
  for (let hops = 0; hops < 32; hops++) {
    if (current && typeof current === 'object' && '$ref' in current && typeof current.$ref === 'string') {
      current = resolvePointer(doc, current.$ref);
    } else {
      return current as T;
    }
  }
  throw new Error('reference cycle');
}

/**
 * Query, path and header values arrive as strings; the spec types some of them as boolean or integer.
 * Coerce only what parses exactly ("true"/"false", decimal numbers), and leave anything else as the
 * string it was, so that the schema check reports it ("query.active must be boolean") instead of guessing.
 */
export function coerceParameter(raw: string, schema: Record<string, unknown>): unknown {
  const type = schema.type;
  switch (type) {
    case 'boolean':
      return raw === 'true' ? true : raw === 'false' ? false : raw;
    case 'integer':
      return /^-?\d+$/.test(raw) ? Number(raw) : raw;
    case 'number':
      return /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(raw) ? Number(raw) : raw;
    default:
      return raw;
  }
}

/** Small readers for the loosely typed JSON the implementation answers. */
export type Json = Record<string, unknown>;

export function isRecord(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The items of a list answer: a bare array (list) or `hits` (search). */
export function itemsOf(body: unknown): Json[] {
  const list = Array.isArray(body)
    ? body
    : isRecord(body) && Array.isArray(body.hits)
      ? body.hits
      : isRecord(body) && Array.isArray(body.data)
        ? body.data
        : [];
  return list.filter(isRecord);
}

/** Milliseconds since the epoch of an ISO 8601 string (any offset), or undefined. */
export function instant(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/** A short label for a record in messages: its alias, else its id. */
export function label(item: Json): string {
  const alias = item.alias ?? item.Alias;
  const id = item._id ?? item.id;
  return typeof alias === 'string' ? `"${alias}"` : typeof id === 'string' ? id : JSON.stringify(item).slice(0, 60);
}

/**
 * Whether `read` holds what was written: every key of `sent` (at every depth, arrays item by item) with the
 * same value. Keys the reader adds are not compared: stored records carry keys the description does not
 * show (a version key such as Mongoose's `__v`, timestamps), and a write is judged by what it wrote.
 */
export function holdsWritten(sent: unknown, read: unknown): boolean {
  if (sent === read) return true;
  if (sent === null || read === null || typeof sent !== 'object' || typeof read !== 'object') return false;
  if (Array.isArray(sent) !== Array.isArray(read)) return false;
  if (Array.isArray(sent)) return sent.length === (read as unknown[]).length && sent.every((v, i) => holdsWritten(v, (read as unknown[])[i]));
  return Object.entries(sent).every(([k, v]) => k in read && holdsWritten(v, (read as Json)[k]));
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((v, i) => deepEqual(v, (b as unknown[])[i]));
  const ka = Object.keys(a as Json);
  const kb = Object.keys(b as Json);
  return ka.length === kb.length && ka.every((k) => deepEqual((a as Json)[k], (b as Json)[k]));
}

/** What every entry costs besides its bodies and headers: its slot, fields and numbers. */
export const ENTRY_OVERHEAD_BYTES = 256;

/** What an exchange costs the journal before it is built: the parts it keeps (see mock/journal/entryFromExchange.ts). */
export interface KeptParts {
  url: string;
  requestHeaders: Record<string, string | string[] | number | undefined>;
  requestBody?: Uint8Array | string;
  /** An object, or the flat name, value list the answer's head was written as. */
  responseHeaders: Record<string, string | string[] | number | undefined> | readonly string[];
  responseBody?: Uint8Array | string;
  /** Bytes of the whole answer: an answer kept as shared fragments is counted as what the journal shows of it. */
  responseSize?: number;
  responseValue?: unknown;
}

/**
 * The bytes an entry is counted as in the journals' budget: its bodies (as kept, at most the journal's
 * limit each), its headers, its URL and a fixed overhead. An estimate (UTF-16 strings, object headers), but
 * it grows with everything a client controls, which is what the budget must bound.
 */
export function journalEntryBytes(x: KeptParts, bodyLimit: number): number {
  let n = ENTRY_OVERHEAD_BYTES + x.url.length + headerBytes(x.requestHeaders) + lengthOf(x.requestBody);
  n += isList(x.responseHeaders) ? x.responseHeaders.reduce((sum, s) => sum + s.length, 0) : headerBytes(x.responseHeaders);
  n += x.responseBody !== undefined ? lengthOf(x.responseBody) : x.responseValue !== undefined ? Math.min(x.responseSize ?? 0, bodyLimit + 1) : 0;
  return n;
}

function isList(headers: KeptParts['responseHeaders']): headers is readonly string[] {
  return Array.isArray(headers);
}

function lengthOf(body: Uint8Array | string | undefined): number {
  return body === undefined ? 0 : body.length;
}

function headerBytes(headers: Record<string, string | string[] | number | undefined>): number {
  let n = 0;
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined) continue;
    n += name.length + 4 + (Array.isArray(value) ? value.reduce((sum, v) => sum + v.length + 2, 0) : String(value).length);
  }
  return n;
}

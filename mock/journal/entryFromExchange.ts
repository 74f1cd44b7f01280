import type { JournalEntry, JournalMessage } from './JournalEntry.ts';
import { maskForm, maskHeaders, maskJson, maskText, maskUrl } from '../problems/maskSecrets.ts';

/** Answers beyond this many bytes are cut (and marked `truncated`): the journal holds 1000 entries. */
export const JOURNAL_BODY_LIMIT = 8 * 1024;

/**
 * Request bodies are kept up to this many bytes: a recorded session replays only the requests it holds whole
 * (`npm run conform -- --replay`), and a frontend's upload is often larger than an answer worth reading. The
 * journals' byte budget (`--journal-budget-mb`) bounds what they hold together.
 */
export const JOURNAL_REQUEST_BODY_LIMIT = 1024 * 1024;

/** The header that names a session (sessions on the wire); absent means the default session. */
export const SESSION_HEADER = 'x-mock-session';

type Headers = Record<string, string | string[] | number | undefined>;

/**
 * One request and its answer, as whoever answered it hands it to the journal (the API pipeline, the app's
 * request log, the proxy): plain values, nothing of Express or of how the answer was built.
 */
export interface Exchange {
  /** When it arrived (a Date is formatted only if the entry is read). */
  at: Date | string;
  /** The session it was answered in; else the X-Mock-Session it named, else `default`. */
  session?: string;
  method: string;
  url: string;
  requestHeaders: Headers;
  /** The raw body as read, or undefined when nobody read one. */
  requestBody?: Uint8Array | string;
  /** Bytes the request body had, when `requestBody` holds only its first part. */
  requestSize?: number;
  status: number;
  /** The answer's head: an object, or the flat name, value list it was written as. */
  responseHeaders: Headers | readonly string[];
  /** The first bytes written (or all of them), and how many were written in all. */
  responseBody?: Uint8Array | string;
  responseSize?: number;
  /**
   * An answer still held as the value it was written from, and the function that writes it: turned into text
   * only if the entry is read, so a kept answer costs no copy of its bytes.
   */
  responseValue?: unknown;
  writeValue?: (value: unknown) => string;
  durationMs: number;
  operationId?: string;
  violations?: string[];
  /** The stub that answered (docs/stubs.md), and where its answer leaves the contract. */
  stub?: { id: string; fault?: string };
  outsideContract?: string[];
  /** With --previous-spec: the contract that answered, `current` or `previous`. */
  contractVersion?: 'current' | 'previous';
}

/** What the journal keeps of an exchange: secrets masked, bodies bounded, the session and path named. */
export function entryFromExchange(x: Exchange): Omit<JournalEntry, 'seq'> {
  const rawSession = x.session ?? x.requestHeaders[SESSION_HEADER];
  const session = typeof rawSession === 'string' && rawSession !== '' ? rawSession.slice(0, 64) : 'default';
  const request = message(x.requestHeaders, x.requestBody, x.requestSize, JOURNAL_REQUEST_BODY_LIMIT);
  const responseBody = x.responseValue !== undefined && x.writeValue ? x.writeValue(x.responseValue).slice(0, JOURNAL_BODY_LIMIT + 1) : x.responseBody;
  const response = message(isList(x.responseHeaders) ? headersOfList(x.responseHeaders) : x.responseHeaders, responseBody, x.responseSize, JOURNAL_BODY_LIMIT);
  return {
    at: typeof x.at === 'string' ? x.at : x.at.toISOString(),
    method: x.method,
    url: maskUrl(x.url),
    path: decodePath(x.url),
    ...(x.operationId ? { operationId: x.operationId } : {}),
    ...(x.contractVersion ? { contractVersion: x.contractVersion } : {}),
    session,
    status: x.status,
    durationMs: x.durationMs,
    request,
    response,
    ...(x.violations ? { violations: x.violations } : {}),
    ...(x.stub ? { stub: x.stub } : {}),
    ...(x.outsideContract?.length ? { outsideContract: x.outsideContract } : {}),
  };
}

function isList(headers: Exchange['responseHeaders']): headers is readonly string[] {
  return Array.isArray(headers);
}

/** A flat header list as res.getHeaders() would give it: names in lower case. Response headers are never many. */
function headersOfList(list: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < list.length; i += 2) out[(list[i] as string).toLowerCase()] = list[i + 1] as string;
  return out;
}

/**
 * The exchange as the journal holds it until read: a body longer than it keeps is cut to a copy of its head,
 * so the journal never keeps a whole upload or answer alive (V8 would keep a whole string behind a slice).
 */
export function boundExchange(x: Exchange): Exchange {
  const limit = JOURNAL_BODY_LIMIT + 1;
  const req = x.requestBody;
  if (req !== undefined && x.requestSize === undefined) {
    const bytes = bytesOf(req);
    x.requestSize = bytes.length;
    const requestLimit = JOURNAL_REQUEST_BODY_LIMIT + 1;
    x.requestBody = bytes.length > requestLimit ? bytes.slice(0, requestLimit) : bytes;
  }
  const res = x.responseBody;
  if (res !== undefined && x.responseValue === undefined) {
    const size = x.responseSize ?? bytesOf(res).length;
    x.responseSize = size;
    if (size > limit) x.responseBody = typeof res === 'string' ? UTF8_OUT.encode(res.slice(0, limit)) : res.slice(0, limit);
  }
  return x;
}

// Text and bytes with the platform's own codecs, not Node's Buffer: the journal runs in a browser too (createMock).
const UTF8_OUT = new TextEncoder();
// As Buffer#toString: invalid sequences become U+FFFD, and a byte order mark stays.
const UTF8_IN = new TextDecoder('utf-8', { ignoreBOM: true });

/** A body as bytes: bytes as they are (no copy), text encoded in UTF-8. */
function bytesOf(body: Uint8Array | string): Uint8Array {
  return typeof body === 'string' ? UTF8_OUT.encode(body) : body;
}

function decodePath(url: string): string {
  const path = url.split('?')[0] ?? url;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function message(headers: Exchange['requestHeaders'], raw: Uint8Array | string | undefined, size: number | undefined, limit: number): JournalMessage {
  const masked = maskHeaders(headers);
  const bytes = raw === undefined ? undefined : bytesOf(raw);
  const total = size ?? bytes?.length ?? 0;
  if (!bytes || bytes.length === 0) return { headers: masked, size: total };
  const truncated = total > limit || bytes.length > limit;
  const text = UTF8_IN.decode(bytes.subarray(0, limit));
  const type = (masked['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  let body: unknown = maskText(text);
  if (type === 'application/x-www-form-urlencoded') body = maskForm(text);
  else if (!truncated && (type === 'application/json' || type.endsWith('+json'))) {
    try {
      body = maskJson(JSON.parse(text));
    } catch {
      // Not JSON after all: kept as text, its secret-looking pairs masked all the same.
      body = maskText(text);
    }
  }
  return { headers: masked, body, size: total, ...(truncated ? { truncated: true as const } : {}) };
}

import type { JournalEntry, JournalMessage } from './JournalEntry.ts';
import { maskForm, maskHeaders, maskJson, maskText, maskUrl } from './maskSecrets.ts';

/** Bodies beyond this many bytes are cut (and marked `truncated`): the journal holds 1000 entries. */
export const JOURNAL_BODY_LIMIT = 8 * 1024;

/** The header that names a session (sessions on the wire); absent means the default session. */
export const SESSION_HEADER = 'x-mock-session';

/** One request and its answer as any mount point sees them (Express or a plain node:http pipeline). */
export interface Exchange {
  at: string;
  method: string;
  url: string;
  requestHeaders: Record<string, string | string[] | number | undefined>;
  /** The raw body as read (a Buffer from express.raw), or undefined when nobody read one. */
  requestBody?: Buffer | string;
  /** Bytes the request body had, when `requestBody` holds only its first part. */
  requestSize?: number;
  status: number;
  responseHeaders: Record<string, string | string[] | number | undefined>;
  /** The first bytes written (see captureResponseBody), and how many were written in all. */
  responseBody?: Buffer | string;
  responseSize?: number;
  durationMs: number;
  operationId?: string;
  violations?: string[];
}

/** What the journal keeps of an exchange: secrets masked, bodies bounded, the session and path named. */
export function entryFromExchange(x: Exchange): Omit<JournalEntry, 'seq'> {
  const rawSession = x.requestHeaders[SESSION_HEADER];
  const session = typeof rawSession === 'string' && rawSession !== '' ? rawSession.slice(0, 64) : 'default';
  const request = message(x.requestHeaders, x.requestBody, x.requestSize);
  const response = message(x.responseHeaders, x.responseBody, x.responseSize);
  return {
    at: x.at,
    method: x.method,
    url: maskUrl(x.url),
    path: decodePath(x.url),
    ...(x.operationId ? { operationId: x.operationId } : {}),
    session,
    status: x.status,
    durationMs: x.durationMs,
    request,
    response,
    ...(x.violations ? { violations: x.violations } : {}),
  };
}

function decodePath(url: string): string {
  const path = url.split('?')[0] ?? url;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function message(headers: Exchange['requestHeaders'], raw: Buffer | string | undefined, size?: number): JournalMessage {
  const masked = maskHeaders(headers);
  const bytes = raw === undefined ? undefined : Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
  const total = size ?? bytes?.length ?? 0;
  if (!bytes || bytes.length === 0) return { headers: masked, size: total };
  const truncated = total > JOURNAL_BODY_LIMIT || bytes.length > JOURNAL_BODY_LIMIT;
  const text = bytes.subarray(0, JOURNAL_BODY_LIMIT).toString('utf8');
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

import type { JournalEntry, JournalMessage } from './JournalEntry.ts';

/** HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/), the parts this project writes and reads. */
export interface HarNameValue {
  name: string;
  value: string;
}

export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    headers: HarNameValue[];
    queryString: HarNameValue[];
    cookies: HarNameValue[];
    headersSize: number;
    bodySize: number;
    postData?: { mimeType: string; text: string };
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    headers: HarNameValue[];
    cookies: HarNameValue[];
    content: { size: number; mimeType: string; text?: string };
    redirectURL: string;
    headersSize: number;
    bodySize: number;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
  /** Custom fields (HAR 1.2 allows `_`-prefixed ones): what the journal knew of the exchange. */
  _operationId?: string;
  _session?: string;
  _journalSeq?: number;
  _violations?: string[];
  /** The stub that answered (docs/stubs.md). */
  _stub?: { id: string; fault?: string };
  /** Set when a body was longer than the journal keeps: its text is then only the first part. */
  _truncated?: true;
}

export interface Har {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    pages: [];
    entries: HarEntry[];
  };
}

export interface HarOptions {
  /** Origin the journal's paths are made absolute with (`http://localhost:4010`). */
  origin: string;
  creator: { name: string; version: string };
}

/**
 * The journal's entries as a HAR 1.2 log, oldest first: what DevTools or a HAR viewer opens, and what
 * `npm run conform -- --replay` reads back. Headers and bodies are the journal's own, so every secret is
 * masked exactly as the journal masks it; request shapes (method, path, query, JSON body) are intact.
 */
export function journalToHar(entries: readonly JournalEntry[], options: HarOptions): Har {
  const origin = options.origin.replace(/\/+$/, '');
  return { log: { version: '1.2', creator: { ...options.creator }, pages: [], entries: entries.map((e) => harEntry(e, origin)) } };
}

function harEntry(e: JournalEntry, origin: string): HarEntry {
  const url = origin + e.url;
  const requestText = bodyText(e.request);
  const responseText = bodyText(e.response);
  const requestType = e.request.headers['content-type'];
  return {
    startedDateTime: e.at,
    time: e.durationMs,
    request: {
      method: e.method,
      url,
      httpVersion: 'HTTP/1.1',
      headers: pairs(e.request.headers),
      queryString: queryOf(url),
      cookies: [],
      headersSize: -1,
      bodySize: e.request.size,
      ...(requestText !== undefined ? { postData: { mimeType: requestType ?? 'application/octet-stream', text: requestText } } : {}),
    },
    response: {
      status: e.status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      headers: pairs(e.response.headers),
      cookies: [],
      content: { size: e.response.size, mimeType: e.response.headers['content-type'] ?? '', ...(responseText !== undefined ? { text: responseText } : {}) },
      redirectURL: e.response.headers.location ?? '',
      headersSize: -1,
      bodySize: e.response.size,
    },
    cache: {},
    timings: { send: 0, wait: e.durationMs, receive: 0 },
    ...(e.operationId ? { _operationId: e.operationId } : {}),
    _session: e.session,
    _journalSeq: e.seq,
    ...(e.violations?.length ? { _violations: [...e.violations] } : {}),
    ...(e.stub ? { _stub: { ...e.stub } } : {}),
    ...(e.request.truncated || e.response.truncated ? { _truncated: true as const } : {}),
  };
}

function bodyText(message: JournalMessage): string | undefined {
  if (message.body === undefined) return undefined;
  return typeof message.body === 'string' ? message.body : JSON.stringify(message.body);
}

function pairs(headers: Record<string, string>): HarNameValue[] {
  return Object.entries(headers).map(([name, value]) => ({ name, value }));
}

function queryOf(url: string): HarNameValue[] {
  const q = url.indexOf('?');
  if (q < 0) return [];
  return [...new URLSearchParams(url.slice(q + 1))].map(([name, value]) => ({ name, value }));
}

/** `mock-journal-<session>-<instant>.har`, safe in a Content-Disposition filename (RFC 6266). */
export function harFileName(session: string, at: string): string {
  const safe = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 64);
  return `mock-journal-${safe(session)}-${safe(at.replace(/\.\d+Z$/, 'Z').replace(/:/g, ''))}.har`;
}

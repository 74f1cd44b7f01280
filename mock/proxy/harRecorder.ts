import { fsyncSync, openSync, closeSync, renameSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Har, HarEntry } from '../journal/journalToHar.ts';
import { maskForm, maskHeaders, maskJson, maskText, maskUrl } from '../problems/maskSecrets.ts';

/** One exchange as the proxy saw it, whole: bodies are not cut as the journal's are (a replay needs every byte). */
export interface RecordedExchange {
  at: string;
  method: string;
  /** Path and query, as forwarded. */
  url: string;
  requestHeaders: Record<string, string | string[] | number | undefined>;
  requestBody: Uint8Array;
  status: number;
  responseHeaders: Record<string, string | string[] | number | undefined>;
  responseBody: Uint8Array;
  durationMs: number;
  operationId?: string;
}

export interface HarRecorder {
  record(exchange: RecordedExchange): void;
  readonly entries: number;
}

/** A recording holds at most this many exchanges: what a session of the mock can serve back as stubs. */
export const MAX_RECORDED = 1000;

/**
 * `edu-mock proxy --record FILE` (docs/stubs.md#recorded-sessions-served-back): every exchange, whole, as a HAR 1.2 file a mock
 * session serves back (PUT /__mock/stubs, `edu-mock --stubs FILE`). Secrets are masked as the journal masks
 * them (headers, query, JSON keys, form fields), before anything reaches the disk. The file is rewritten after
 * each exchange (temporary file, fsync, rename), so a proxy stopped at any moment leaves a whole HAR; it is
 * readable by its owner only. It is written once at start, empty, so a path that cannot be written stops the
 * proxy before it serves.
 */
export function createHarRecorder(file: string, origin: string, log?: (line: string) => void): HarRecorder {
  const entries: HarEntry[] = [];
  let warned = false;
  const write = (): void => {
    const har: Har = { log: { version: '1.2', creator: { name: 'edu-mock proxy --record', version: '1' }, pages: [], entries } };
    const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
    const fd = openSync(tmp, 'w', 0o600);
    try {
      writeSync(fd, JSON.stringify(har, null, 1));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, file);
  };
  write();
  return {
    get entries() {
      return entries.length;
    },
    record(x) {
      if (entries.length >= MAX_RECORDED) {
        if (!warned) log?.(`proxy: ${file} holds ${MAX_RECORDED} exchanges, as many as a session serves back; the rest are not recorded`);
        warned = true;
        return;
      }
      entries.push(harEntryOf(x, origin));
      try {
        write();
      } catch (error) {
        log?.(`proxy: the recording ${file} could not be written: ${(error as Error).message}`);
      }
    },
  };
}

function harEntryOf(x: RecordedExchange, origin: string): HarEntry {
  const url = `${origin}${maskUrl(x.url)}`;
  const requestHeaders = maskHeaders(x.requestHeaders);
  const responseHeaders = maskHeaders(x.responseHeaders);
  const requestText = x.requestBody.length > 0 ? maskBody(x.requestBody, requestHeaders['content-type']) : undefined;
  const responseText = x.responseBody.length > 0 ? maskBody(x.responseBody, responseHeaders['content-type']) : undefined;
  const pairs = (headers: Record<string, string>) => Object.entries(headers).map(([name, value]) => ({ name, value }));
  const query = new URL(url).searchParams;
  return {
    startedDateTime: x.at,
    time: x.durationMs,
    request: {
      method: x.method,
      url,
      httpVersion: 'HTTP/1.1',
      headers: pairs(requestHeaders),
      queryString: [...query].map(([name, value]) => ({ name, value })),
      cookies: [],
      headersSize: -1,
      bodySize: x.requestBody.length,
      ...(requestText !== undefined ? { postData: { mimeType: requestHeaders['content-type'] ?? 'application/octet-stream', text: requestText } } : {}),
    },
    response: {
      status: x.status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      headers: pairs(responseHeaders),
      cookies: [],
      content: { size: x.responseBody.length, mimeType: responseHeaders['content-type'] ?? '', ...(responseText !== undefined ? { text: responseText } : {}) },
      redirectURL: responseHeaders.location ?? '',
      headersSize: -1,
      bodySize: x.responseBody.length,
    },
    cache: {},
    timings: { send: 0, wait: x.durationMs, receive: 0 },
    ...(x.operationId ? { _operationId: x.operationId } : {}),
  };
}

/** A body as text with its secrets masked: JSON by key, a form by field, anything else by its `key=value` pairs. */
function maskBody(bytes: Uint8Array, contentType: string | undefined): string {
  const text = new TextDecoder().decode(bytes);
  if (/json/i.test(contentType ?? '')) {
    try {
      return JSON.stringify(maskJson(JSON.parse(text)));
    } catch {
      return maskText(text);
    }
  }
  if (/x-www-form-urlencoded/i.test(contentType ?? '')) return maskForm(text);
  return maskText(text);
}

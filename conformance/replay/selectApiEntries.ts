import type { Contract } from '../../spec/contract.ts';
import type { HarExchange } from '../har/readHar.ts';
import type { RecordedCall } from '../har/RecordedCall.ts';

export type { RecordedCall } from '../har/RecordedCall.ts';

export interface Selection {
  calls: RecordedCall[];
  /** Entries left out, counted by why: "asset", "mock control (/__mock)", "OAuth page", "no answer recorded"… */
  skipped: Record<string, number>;
}

/** The OAuth endpoints a browser walks through: a replay obtains its own token instead (as a normal run does). */
const OAUTH_OPERATIONS = new Set(['getAuthorizationServerMetadata', 'authorize', 'token']);

/**
 * Keeps the HAR entries that call an operation of the API, whatever host and path prefix the recording used
 * (a DevTools HAR of a frontend on :5173 talking to /api/v1/… through its dev server's proxy): the operation is
 * found on the longest path suffix the spec knows. Everything else is counted, never sent.
 */
export function selectApiEntries(entries: readonly HarExchange[], contract: Contract): Selection {
  const skipped: Record<string, number> = {};
  const skip = (why: string): void => void (skipped[why] = (skipped[why] ?? 0) + 1);
  const calls: RecordedCall[] = [];
  for (const har of entries) {
    let url: URL;
    try {
      url = new URL(har.url);
    } catch {
      skip('not an http(s) URL');
      continue;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      skip('not an http(s) URL');
      continue;
    }
    const path = url.pathname;
    if (/(^|\/)__mock(\/|$)/.test(path)) {
      skip('mock control (/__mock)');
      continue;
    }
    if (har.method === 'OPTIONS') {
      skip('CORS preflight');
      continue;
    }
    const match = matchSuffix(contract, har.method, path);
    if (!match) {
      skip(har.resourceType && !['fetch', 'xhr'].includes(har.resourceType) ? `asset (${har.resourceType})` : 'not an operation of the API');
      continue;
    }
    // A page the browser navigated to (an SPA route that shares a path with the API, served its index.html):
    // the API answers JSON, so an HTML document is no call of the API, whatever its path.
    if (har.resourceType === 'document' || /^text\/html\b/i.test(har.responseHeaders['content-type'] ?? '')) {
      skip('page (an HTML document, not an API call)');
      continue;
    }
    if (OAUTH_OPERATIONS.has(match.operationId)) {
      skip('OAuth page or token request');
      continue;
    }
    if (har.status < 100) {
      skip('no answer recorded');
      continue;
    }
    calls.push({
      n: calls.length + 1,
      har,
      operationId: match.operationId,
      pathParams: match.pathParams,
      query: [...url.searchParams],
      ...json('responseJson', har.responseBody),
      ...json('requestJson', har.requestBody),
    });
  }
  return { calls, skipped };
}

function matchSuffix(contract: Contract, method: string, path: string): { operationId: string; pathParams: Record<string, string> } | undefined {
  const segments = path.split('/');
  for (let start = 1; start < segments.length; start++) {
    const suffix = `/${segments.slice(start).join('/')}`;
    const match = contract.matchOperation(method, suffix);
    if (match) return { operationId: match.operation.operationId, pathParams: match.pathParams };
  }
  return undefined;
}

function json<K extends string>(key: K, text: string | undefined): Partial<Record<K, unknown>> {
  if (text === undefined || !/^\s*[[{"]/.test(text)) return {};
  try {
    return { [key]: JSON.parse(text) as unknown } as Partial<Record<K, unknown>>;
  } catch {
    return {};
  }
}

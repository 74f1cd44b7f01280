import type { Contract } from '../../spec/contract.ts';
import type { HarEntry } from '../journal/journalToHar.ts';
import { isSecretHeader, isSecretKey, maskJson } from '../problems/maskSecrets.ts';
import { MAX_STUBS, type StubDefinition } from './StubDefinition.ts';
import { isStubbable } from './stubbableOperations.ts';

/** What a HAR made: the stubs, oldest exchange last (see below), and the entries left to the stateful mock, with why. */
export interface HarStubs {
  stubs: StubDefinition[];
  skipped: { entry: number; reason: string }[];
}

/** Answer headers a replay repeats: the rest belong to the connection, the recording or a secret. */
const DROPPED = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'set-cookie',
  'etag',
  'x-contract-violations',
  'x-mock-stub',
  'x-mock-warnings',
  'x-mock-session',
  'vary',
]);

/**
 * A recorded session (HAR 1.2, as `edu-mock proxy --record` or GET /__mock/journal/har write it) as stubs
 * (docs/stubs.md#recorded-sessions-served-back): one per API exchange, matching what that request had (operation, method, path,
 * every query parameter and no other, its community, the JSON its body held) and answering exactly what was
 * recorded. A request recorded k times answers its k answers in order, then the last one again: the first
 * k-1 stubs are `times: 1`, and the list is returned newest-first so that, under "on a tie the one added last
 * wins", the earliest recording answers first. Anything that is no API operation, failed (status 0) or was
 * cut by the recorder is skipped and left to the stateful mock. Secrets are masked in the answers, and
 * secret keys left out of what a body must hold (a recording holds them masked).
 */
export function harToStubs(har: unknown, contract: Contract): HarStubs {
  const entries = (har as { log?: { entries?: unknown } } | undefined)?.log?.entries;
  if (!Array.isArray(entries)) throw new TypeError('not a HAR: log.entries must be an array');
  const stubs: StubDefinition[] = [];
  const skipped: HarStubs['skipped'] = [];
  const lastOf = new Map<string, number>();
  entries.forEach((raw: unknown, index) => {
    const made = stubOf(raw as HarEntry, contract);
    if (typeof made === 'string') return skipped.push({ entry: index, reason: made });
    made.stub.name = `recorded #${index}: ${made.stub.method} ${made.stub.path}`;
    lastOf.set(made.key, stubs.length);
    stubs.push({ ...made.stub, times: 1, _key: made.key } as StubDefinition);
  });
  if (stubs.length > MAX_STUBS) throw new RangeError(`the HAR holds ${stubs.length} API exchanges; a session holds at most ${MAX_STUBS} stubs`);
  const out = stubs.map((stub, i) => {
    const { _key: key, ...rest } = stub as StubDefinition & { _key: string };
    // The last recording of a request stays: the request keeps its last answer, as the server kept it.
    if (lastOf.get(key) === i) delete rest.times;
    return rest;
  });
  return { stubs: out.reverse(), skipped };
}

function stubOf(entry: HarEntry, contract: Contract): { stub: StubDefinition; key: string } | string {
  if (typeof entry?.request?.url !== 'string' || typeof entry.request.method !== 'string') return 'no request method or URL';
  let url: URL;
  try {
    url = new URL(entry.request.url, 'http://recorded.invalid');
  } catch {
    return 'the URL does not parse';
  }
  const method = entry.request.method.toUpperCase();
  const match = contract.matchOperation(method, url.pathname);
  if (!match || !isStubbable(contract, match.operation.operationId)) return `${method} ${url.pathname} is no API operation`;
  const status = Number(entry.response?.status);
  if (!Number.isInteger(status) || status < 200 || status > 599) return `status ${entry.response?.status} (no answer recorded)`;
  if ((entry as { _truncated?: boolean })._truncated) return 'a body was cut when it was recorded';
  const text = entry.response.content?.text;
  let body: unknown;
  if (text !== undefined && text !== '') {
    try {
      const base64 = (entry.response.content as { encoding?: string }).encoding === 'base64';
      body = maskJson(JSON.parse(base64 ? fromBase64(text) : text));
    } catch {
      return 'the answer is not JSON';
    }
  }
  const path = decode(url.pathname);
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) if (!isSecretKey(name)) query[name] = value;
  const when: NonNullable<StubDefinition['when']> = { exactQuery: true };
  if (Object.keys(query).length > 0) when.query = query;
  const community = entry.request.headers?.find((h) => h.name.toLowerCase() === 'community-id')?.value;
  if (community !== undefined) when.headers = { 'community-id': community };
  const requestBody = jsonOf(entry.request.postData?.text);
  if (requestBody !== undefined) when.body = withoutSecrets(requestBody);
  const headers: Record<string, string> = {};
  for (const { name, value } of entry.response.headers ?? []) {
    const lower = name.toLowerCase();
    if (DROPPED.has(lower) || lower.startsWith('access-control-') || isSecretHeader(lower)) continue;
    if (/^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,64}$/.test(name) && /^[\t\x20-\x7e]{0,1024}$/.test(value)) headers[name] = value;
  }
  const stub: StubDefinition = { operationId: match.operation.operationId, method, path, when, status };
  if (body !== undefined) stub.body = body;
  if (Object.keys(headers).length > 0) stub.headers = headers;
  return { stub, key: JSON.stringify([method, path, query, community, requestBody]) };
}

function jsonOf(text: string | undefined): unknown {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The body without the keys that hold credentials (recorded masked, they would never match the real ones). */
function withoutSecrets(value: unknown, depth = 0): unknown {
  if (depth > 32 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => withoutSecrets(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) if (!isSecretKey(key)) out[key] = withoutSecrets(item, depth + 1);
  return out;
}

function decode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** HAR 1.2 §content: `encoding: "base64"` bodies, decoded with web APIs only (this module reaches the browser bundle). */
function fromBase64(text: string): string {
  return new TextDecoder().decode(Uint8Array.from(atob(text), (c) => c.charCodeAt(0)));
}

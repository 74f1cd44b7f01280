import { HttpProblem } from '../problems/HttpProblem.ts';
import { checkGlob, globMatch } from './globMatch.ts';
import type { JournalEntry } from './JournalEntry.ts';

/** What can be asked of the journal; every key given must match (AND). */
export interface JournalQuery {
  operationId?: string;
  /** Upper-case HTTP method. */
  method?: string;
  /** The request path; `*` matches any run of characters, so `/v1/appmaker/apps/*\/approve` works. */
  path?: string;
  /** An exact status (`404`) or a class (`4xx`). */
  status?: string;
  /** A session name, or `*` for every session. */
  session?: string;
  /** Only entries after this sequence number. */
  since?: number;
  /** Only the newest N (list only). */
  limit?: number;
  /** A text the request body (as JSON text) must contain. */
  bodyContains?: string;
  /** `query.NAME=VALUE`: a query parameter of the request; VALUE is a glob as `path` (`*` any run). */
  params?: Record<string, string>;
  /** `header.NAME=VALUE`: a request header (name in any case), VALUE a glob. */
  headers?: Record<string, string>;
}

/** At most this many `query.*` and `header.*` filters in one query. */
const MAX_FIELD_FILTERS = 16;
const FIELD_FILTER = /^(query|header)\.([!#$%&'*+.^_`|~0-9A-Za-z-]{1,64})$/;

const KEYS = ['operationId', 'method', 'path', 'status', 'session', 'since', 'limit', 'bodyContains'] as const;

/**
 * A query from the URL's parameters (`GET /__mock/journal?…`) or a JSON pattern (`POST /__mock/journal/count`).
 * An unknown key or a malformed value is a 400 naming it, so a typo never silently matches everything.
 */
export function parseJournalQuery(input: Record<string, unknown>): JournalQuery {
  const query: JournalQuery = {};
  let fieldFilters = 0;
  for (const [key, raw] of Object.entries(input)) {
    const field = FIELD_FILTER.exec(key);
    if (!field && !(KEYS as readonly string[]).includes(key)) {
      throw new HttpProblem('invalid_request', `Unknown journal filter "${key.slice(0, 80)}"; use ${KEYS.join(', ')}, query.NAME or header.NAME.`);
    }
    const value = typeof raw === 'number' ? String(raw) : raw;
    if (typeof value !== 'string' || value === '')
      throw new HttpProblem('invalid_request', `The journal filter "${key}" must be a non-empty string or number.`);
    if (field) {
      if (++fieldFilters > MAX_FIELD_FILTERS)
        throw new HttpProblem('invalid_request', `At most ${MAX_FIELD_FILTERS} query.NAME and header.NAME filters at once.`);
      checkGlob(value);
      const [, where, name] = field as unknown as [string, 'query' | 'header', string];
      if (where === 'query') (query.params ??= {})[name] = value;
      else (query.headers ??= {})[name.toLowerCase()] = value;
      continue;
    }
    switch (key as (typeof KEYS)[number]) {
      case 'method':
        query.method = value.toUpperCase();
        break;
      case 'status':
        if (!/^[1-5](?:\d\d|xx)$/i.test(value))
          throw new HttpProblem('invalid_request', `status must be a status code (404) or a class (4xx), got "${value}".`);
        query.status = value.toLowerCase();
        break;
      case 'since':
      case 'limit': {
        const n = Number(value);
        if (!Number.isSafeInteger(n) || n < (key === 'limit' ? 1 : 0))
          throw new HttpProblem('invalid_request', `${key} must be ${key === 'limit' ? 'a positive' : 'a non-negative'} integer, got "${value}".`);
        query[key as 'since' | 'limit'] = n;
        break;
      }
      case 'path':
        // Any page can send this filter: it is matched in linear time and its size is bounded (globMatch.ts).
        checkGlob(value);
        query.path = value;
        break;
      default:
        query[key as 'operationId' | 'session' | 'bodyContains'] = value;
    }
  }
  return query;
}

export function matchesQuery(entry: JournalEntry, q: JournalQuery): boolean {
  if (q.operationId !== undefined && entry.operationId !== q.operationId) return false;
  if (q.method !== undefined && entry.method !== q.method) return false;
  if (q.session !== undefined && q.session !== '*' && entry.session !== q.session) return false;
  if (q.since !== undefined && entry.seq <= q.since) return false;
  if (q.status !== undefined) {
    const status = String(entry.status);
    if (q.status.endsWith('xx') ? status[0] !== q.status[0] : status !== q.status) return false;
  }
  if (q.path !== undefined && !globMatch(q.path, entry.path)) return false;
  if (q.params !== undefined && !paramsMatch(entry.url, q.params)) return false;
  if (q.headers !== undefined) {
    for (const [name, glob] of Object.entries(q.headers)) {
      const value = entry.request.headers[name];
      if (value === undefined || !globMatch(glob, value)) return false;
    }
  }
  if (q.bodyContains !== undefined) {
    const body = entry.request.body;
    const text = typeof body === 'string' ? body : body === undefined ? '' : JSON.stringify(body);
    if (!text.includes(q.bodyContains)) return false;
  }
  return true;
}

/** Every named parameter is in the URL's query (as the journal keeps it: secrets masked) with a matching value. */
function paramsMatch(url: string, wanted: Record<string, string>): boolean {
  const q = url.indexOf('?');
  const params = new URLSearchParams(q < 0 ? '' : url.slice(q + 1));
  for (const [name, glob] of Object.entries(wanted)) {
    if (!params.getAll(name).some((value) => globMatch(glob, value))) return false;
  }
  return true;
}

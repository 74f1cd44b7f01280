import { globMatch } from '../journal/globMatch.ts';
import type { StubDefinition } from './StubDefinition.ts';

/** What a stub is matched against: the request as the lifecycle parsed it. */
export interface StubRequest {
  method: string;
  /** The percent-decoded path. */
  path: string;
  operationId?: string;
  query: Readonly<Record<string, unknown>>;
  /** Lower-cased names, as Node gives them. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The parsed JSON body; undefined without one (or when it is not JSON). */
  body: unknown;
}

/**
 * Whether a stub answers a request: every part it names must match (AND), parts it does not name match
 * anything. Patterns take `*` for any run of characters (globMatch: linear, no backtracking).
 */
export function matchStub(stub: StubDefinition, request: StubRequest): boolean {
  if (stub.operationId !== undefined && stub.operationId !== request.operationId) return false;
  if (stub.method !== undefined && stub.method !== request.method.toUpperCase()) return false;
  if (stub.path !== undefined && !globMatch(stub.path, request.path)) return false;
  const when = stub.when;
  if (!when) return true;
  if (when.query) {
    for (const [name, pattern] of Object.entries(when.query)) if (!someMatch(pattern, request.query[name])) return false;
  }
  if (when.exactQuery) {
    const allowed = when.query ?? {};
    for (const name of Object.keys(request.query)) if (!Object.hasOwn(allowed, name)) return false;
  }
  if (when.headers) {
    for (const [name, pattern] of Object.entries(when.headers)) if (!someMatch(pattern, request.headers[name])) return false;
  }
  if (when.body !== undefined && !containsJson(request.body, when.body)) return false;
  return true;
}

function someMatch(pattern: string, value: unknown): boolean {
  if (typeof value === 'string') return globMatch(pattern, value);
  if (Array.isArray(value)) return value.some((v) => typeof v === 'string' && globMatch(pattern, v));
  return false;
}

/**
 * Whether `actual` holds `expected`: an object every key expected (recursively; more keys may be there), an
 * array the same length element by element, anything else equal. Depth is bounded by the expected value,
 * which the stub's size bound already bounds.
 */
export function containsJson(actual: unknown, expected: unknown): boolean {
  if (expected === null || typeof expected !== 'object') return actual === expected;
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && actual.length === expected.length && expected.every((item, i) => containsJson(actual[i], item));
  }
  if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return false;
  const record = actual as Record<string, unknown>;
  return Object.entries(expected).every(([key, item]) => Object.hasOwn(record, key) && containsJson(record[key], item));
}

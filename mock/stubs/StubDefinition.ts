/**
 * A stub: an answer a session gives instead of (or around) the stateful mock's, for the requests it matches
 * (docs/stubs.md). WireMock's stub mappings and faults, Mockoon's rules, MSW's `HttpResponse.error()` and
 * `delay('infinite')`, as one JSON object the controls, the in-process mock and the MCP tools all take.
 */
export interface StubDefinition {
  /** The spec operation it answers for; with `path`, both must match. */
  operationId?: string;
  /** The decoded request path; `*` is any run of characters (`/v1/appmaker/apps/*`). */
  path?: string;
  /** The request method, any case; absent: every method. */
  method?: string;
  /** Request values that must all match too (each one, not only those named). */
  when?: StubConditions;
  /** For the next N requests it matches; absent: until removed. */
  times?: number;
  /** Of the stubs that match, the highest priority answers; on a tie, the one added last. Default 0. */
  priority?: number;
  /** The answer's status; an undocumented one is allowed, and marked as outside the contract. */
  status?: number;
  /** The answer's JSON body (with `status`, or alone for a 200). */
  body?: unknown;
  /** The answer from the spec's examples: an example's name, or `true` for the first one of `status`. */
  example?: string | true;
  /** Headers added to the answer (`{"Retry-After": "2"}`), whichever answer it is. */
  headers?: Record<string, string>;
  /** Milliseconds to wait before answering (0 to 60,000). Alone, it delays the stateful mock's own answer. */
  delayMs?: number;
  /** A failure of the connection instead of an answer. */
  fault?: NetworkFaultKind;
  /** With `fault: "hang"`: the longest it hangs before the connection is reset (default and most: 300,000). */
  hangMs?: number;
  /** A note shown in the list and the dashboard. */
  name?: string;
}

export interface StubConditions {
  /** Query parameters by name: the value, `*` for any run of characters; a repeated parameter matches when one value does. */
  query?: Record<string, string>;
  /** With `exactQuery: true`, no parameters besides those in `query` (what a recorded request had, and no more). */
  exactQuery?: boolean;
  /** Request headers by name (any case), values as in `query`. */
  headers?: Record<string, string>;
  /**
   * JSON the request body must contain: every key of an object given (others may be there too), an array
   * element by element, a scalar as itself.
   */
  body?: unknown;
}

/**
 * `reset`: the connection is closed without an answer (the client sees ECONNRESET or a failed fetch).
 * `hang`: no answer until the client gives up (or `hangMs` passes). `truncate`: the head and half the body,
 * then the connection is closed (Content-Length promised more).
 */
export type NetworkFaultKind = 'reset' | 'hang' | 'truncate';

export const NETWORK_FAULTS: readonly NetworkFaultKind[] = ['reset', 'hang', 'truncate'];

/** A stored stub: its definition, with the id, counts and switch the set keeps. */
export interface StubView extends StubDefinition {
  id: string;
  /** How many requests it answered. */
  matched: number;
  /** Requests left of `times` (0: used up, no longer answering); absent without `times`. */
  remaining?: number;
  /** Switched off stubs are kept and listed but match nothing. */
  enabled: boolean;
}

export const MAX_STUBS = 1000;
export const MAX_DELAY_MS = 60_000;
export const MAX_HANG_MS = 300_000;
export const MAX_TIMES = 1_000_000;
export const MAX_CONDITIONS = 16;
/** A stub's JSON (body and conditions) is at most this many bytes: 1,000 stubs of a recorded session fit in memory. */
export const MAX_STUB_BYTES = 256 * 1024;

const stringMap = { type: 'object', additionalProperties: { type: 'string', maxLength: 512 }, maxProperties: MAX_CONDITIONS } as const;

/** The JSON Schema of a stub definition (2020-12), for tools that describe their inputs (the MCP server). */
export const STUB_DEFINITION_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'Stub',
  description: 'An answer (or a connection failure) for the requests it matches, in one session. See docs/stubs.md.',
  type: 'object',
  additionalProperties: false,
  properties: {
    operationId: { type: 'string', description: 'a spec operationId, e.g. listGroups' },
    path: { type: 'string', maxLength: 512, description: 'decoded request path, * for any run of characters' },
    method: { type: 'string', pattern: '^[A-Za-z]{1,16}$' },
    when: {
      type: 'object',
      additionalProperties: false,
      properties: { query: stringMap, exactQuery: { type: 'boolean' }, headers: stringMap, body: {} },
    },
    times: { type: 'integer', minimum: 1, maximum: MAX_TIMES },
    priority: { type: 'integer', minimum: -1000, maximum: 1000 },
    status: { type: 'integer', minimum: 100, maximum: 599 },
    body: { description: 'the JSON body of the answer' },
    example: { oneOf: [{ type: 'string', maxLength: 128 }, { const: true }] },
    headers: stringMap,
    delayMs: { type: 'integer', minimum: 0, maximum: MAX_DELAY_MS },
    fault: { enum: NETWORK_FAULTS },
    hangMs: { type: 'integer', minimum: 1, maximum: MAX_HANG_MS },
    name: { type: 'string', maxLength: 200 },
  },
} as const;

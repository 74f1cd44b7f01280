/** A request to one operation, before it is sent: what generation varies and shrinking trims. */
export interface RequestDraft {
  operationId: string;
  path: Record<string, string>;
  query: Record<string, string>;
  /** The JSON body; absent for operations without one. */
  body?: unknown;
  /**
   * A path id the suite did not learn: the spec allows any string, yet only the target knows which exist, so
   * a 404 is as right as a 200. Judged by the exchange checks only (no 5xx, documented status and schema)
   * unless the spec forbids the request, which still owes a 4xx.
   */
  probe?: true;
  /**
   * A body sent as these bytes under this media type instead of `body` as JSON: cut short, empty, or JSON
   * labelled text/plain. "Request bodies are `application/json`", so the spec forbids each of them.
   */
  raw?: { text: string; contentType: string };
  /**
   * Query text sent as these octets beside `query`: a malformed percent-encoding (`name=%C3%28`) no encoder
   * produces. What the target reads from it is its own affair (a 4xx or a lenient 2xx), so it goes as a probe.
   */
  rawQuery?: string;
  /** Only the query differs from the base request (the body, if any, is the base's, known to be accepted). */
  queryOnly?: true;
}

/** A generated request with its id (replayable with the run's seed) and what it varies. */
export interface GeneratedCase {
  /** e.g. "listGroups/c12" (coverage pass) or "getUpdatedUsers/r3" (random pass). */
  id: string;
  draft: RequestDraft;
  /** Where the case varies the base request, e.g. "query.limit=1001" or "body/context/issuedAt". */
  varies: string[];
}

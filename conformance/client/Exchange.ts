/** One request as the suite sent it. Header names are lower case. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The body exactly as sent (JSON text or a form-encoded string). */
  body?: string;
}

/** One response as the implementation answered it. Header names are lower case. */
export interface RecordedResponse {
  status: number;
  headers: Record<string, string>;
  bodyText: string;
  /** The parsed body when it is JSON, otherwise undefined. */
  body: unknown;
}

/** A request and its response (or the transport error), with a curl line that replays the request. */
export interface Exchange {
  /** 1-based, in the order the requests were sent. */
  id: number;
  /** The spec operation the request targets, when it targets one. */
  operationId?: string;
  request: RecordedRequest;
  response?: RecordedResponse;
  /** Set when no HTTP response came back (refused connection, timeout), or it was over the body cap. */
  error?: string;
  /** The target answered, with a body over the suite's cap (error says so): reachable, but not judged. */
  overCap?: true;
  /** The request's own deadline (or the run's) passed before the whole answer arrived (error says which). */
  timedOut?: true;
  durationMs: number;
  /** A curl command replaying the request; secrets appear as environment-variable references. */
  curl: string;
}

import type { HarExchange } from './readHar.ts';

/** A recorded request to an operation of the API, its path rebased off the recorder's host and prefix. */
export interface RecordedCall {
  /** 1-based among the API calls of the HAR (what the report's step titles show). */
  n: number;
  har: HarExchange;
  operationId: string;
  pathParams: Record<string, string>;
  /** Query parameters in the order sent (a repeated name keeps each value). */
  query: Array<[string, string]>;
  /** The recorded answer's body, parsed when it is JSON. */
  responseJson?: unknown;
  requestJson?: unknown;
}

import type { Store } from '../store/Store.ts';

/** What a fault sees of a request: the parsed parts, which it may rewrite in place, and the store. */
export interface FaultRequestContext {
  operationId: string;
  /** Header names are lower case (Node's). Query values are strings (or arrays when repeated). */
  req: { headers: Record<string, string | string[] | undefined>; query: Record<string, unknown>; body: unknown };
  store: Store;
}

/** The answer about to be written; a fault may rewrite status, body and headers in place. */
export interface FaultResponse {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * A switchable, realistic bug, so the conformance suite can prove it catches each kind of bug: with the
 * fault on, the suite must fail and name `breaks`. Hooks run in the mock's operation router:
 * `onRequest` before authentication and validation (it may rewrite the request, or return an answer to
 * short-circuit the handler), `onResponse` just before the answer is written.
 */
export interface Fault {
  name: string;
  description: string;
  /** The conformance check (conformance/checks/registry.ts) that must fail when this fault is on. */
  breaks: string;
  /** Operation ids the fault applies to; all when absent. */
  operations?: string[];
  onRequest?(ctx: FaultRequestContext): { status: number; body: unknown } | void;
  onResponse?(ctx: FaultRequestContext, res: FaultResponse): void;
}

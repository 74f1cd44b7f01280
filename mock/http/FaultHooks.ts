import type { Store } from '../store/Store.ts';

/**
 * The shape the operation pipeline needs from a switchable fault (the catalogue lives in mock/faults).
 * Faults exist so the conformance suite can prove, one bug at a time, that it catches each kind of bug.
 */
export interface FaultRequestContext {
  operationId: string;
  req: { headers: Record<string, string | string[] | undefined>; query: Record<string, unknown>; body: unknown };
  store: Store;
}

export interface FaultResponse {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

export interface FaultHooks {
  name: string;
  description: string;
  operations?: string[];
  onRequest?(ctx: FaultRequestContext): { status: number; body: unknown } | void;
  onResponse?(ctx: FaultRequestContext, res: FaultResponse): void;
}

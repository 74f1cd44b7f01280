import type { Rng } from '../../fixtures/rng.ts';
import type { Contract } from '../../spec/contract.ts';
import type { UnknownKey } from '../../spec/findUnknownKeys.ts';
import type { OperationSpec } from '../../spec/operationIndex.ts';
import type { Clock } from '../clock.ts';
import type { Store } from '../store/Store.ts';
import type { TokenRecord } from '../../fixtures/records.ts';
import type { Stored } from '../store/Stored.ts';

/**
 * What a handler gets: the request already routed, authenticated and validated against the spec, and only what
 * handlers use of its session (never the registry, the journal or another session).
 */
export interface OperationContext {
  operation: OperationSpec;
  /** Parameter values coerced to their schema types, defaults applied. */
  params: { path: Record<string, unknown>; query: Record<string, unknown>; header: Record<string, unknown> };
  body: unknown;
  /** Unknown keys and parameters found in the request: not errors, reported back where the response can carry them. */
  warnings: UnknownKey[];
  /** The bearer token record for secured operations (absent for the data actions). */
  token?: Stored<TokenRecord>;
  /** The `community-id` header, where the operation has one. */
  community?: string;
  /** The request's session's data, clock and random source, and the contract (which presentation checks against). */
  store: Store;
  clock: Clock;
  rng: Rng;
  contract: Contract;
}

export interface OperationResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A handler is named after its operationId; it returns a result or throws an HttpProblem. */
export type OperationHandler = (ctx: OperationContext) => OperationResult | Promise<OperationResult>;

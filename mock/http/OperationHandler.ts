import type { IncomingMessage } from 'node:http';
import type { Contract } from '../../spec/contract.ts';
import type { UnknownKey } from '../../spec/findUnknownKeys.ts';
import type { OperationSpec } from '../../spec/operationIndex.ts';
import type { Rng } from '../../fixtures/rng.ts';
import type { Clock } from '../clock.ts';
import type { Journal } from '../controls/Journal.ts';
import type { Latency } from '../controls/Latency.ts';
import type { OAuthState } from '../oauth/OAuthState.ts';
import type { SessionRegistry } from '../sessions/SessionRegistry.ts';
import type { TokenRecord } from '../store/records.ts';
import type { Store } from '../store/Store.ts';

/**
 * What every part of the mock is built from; createApp receives it and never creates its own. Everything but
 * the contract belongs to one session: `requestDeps(deps, req)` swaps in the deps of the session a request
 * names, so handlers, auth, faults and controls never know about sessions.
 */
export interface AppDeps {
  store: Store;
  clock: Clock;
  rng: Rng;
  contract: Contract;
  /** Names of the faults switched on (see mock/faults); empty in normal runs. */
  faults: Set<string>;
  /** The API requests this session received (GET /__mock/journal). */
  journal: Journal;
  /** The delay added to this session's API answers. */
  latency: Latency;
  /** This session's authorization server state: consent pages waiting, codes, refresh tokens. */
  oauth: OAuthState;
  /** Every session of this mock (shared by all of them); `session` names the one these deps are. */
  sessions: SessionRegistry;
  session: string;
}

/** What a handler gets: the request already routed, authenticated and validated against the spec. */
export interface OperationContext {
  operation: OperationSpec;
  /** Parameter values coerced to their schema types, defaults applied. */
  params: { path: Record<string, unknown>; query: Record<string, unknown>; header: Record<string, unknown> };
  body: unknown;
  /** Unknown keys and parameters found in the request: not errors, reported back where the response can carry them. */
  warnings: UnknownKey[];
  /** The bearer token record for secured operations (absent for the data actions). */
  token?: TokenRecord;
  /** The `community-id` header, where the operation has one. */
  community?: string;
  deps: AppDeps;
  req: IncomingMessage;
}

export interface OperationResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A handler is named after its operationId; it returns a result or throws an HttpProblem. */
export type OperationHandler = (ctx: OperationContext) => OperationResult | Promise<OperationResult>;

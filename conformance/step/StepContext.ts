import type { Contract } from '../../spec/contract.ts';
import type { Rng } from '../../fixtures/rng.ts';
import type { Check, CheckFailure, Severity } from '../checks/Check.ts';
import type { HttpClient } from '../client/createClient.ts';
import type { Exchange } from '../client/Exchange.ts';
import type { Area, ConformConfig } from '../config/ConformConfig.ts';

/** How the request should be judged, besides the checks every exchange gets. */
export type Expectation =
  /** A request that follows the spec: a 2xx (severity SHOULD where its validity rests on our decisions). */
  | { valid: true; severity?: Severity }
  /** A request that breaks the spec: a 4xx. `rule` is the pointer of the spec element it breaks. */
  | { invalid: string; rule: string }
  /** A probe judged by a dedicated check (auth, secret, community): no general expectation. */
  | { probe: true };

export interface SendOptions {
  operationId: string;
  /** Path parameters by name. */
  path?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
  /**
   * Query text sent as these octets, after `query` (encoded): a malformed percent-encoding no encoder would
   * produce, e.g. `name=%C3%28`. Every other parameter is then encoded into the same text, so none re-encodes it.
   */
  rawQuery?: string;
  headers?: Record<string, string | undefined>;
  json?: unknown;
  /** A body sent as it is (not JSON), instead of `json`. */
  text?: string;
  /** Credentials: the operation's own by default (bearer token, user token), 'none', or a literal header. */
  auth?: 'default' | 'none' | { authorization: string };
  /** The community-id header: the configured community by default, null to leave it out. */
  community?: string | null;
  expect: Expectation;
}

/** What `aside` gives: a context recorded on no step, and what its requests and checks found. */
export interface Aside {
  readonly s: StepContext;
  /** The findings of its requests and checks (each once), for the step to weigh before it reports them. */
  readonly failures: readonly CheckFailure[];
}

/** What a step of a scenario works with. */
export interface StepContext {
  readonly config: ConformConfig;
  readonly contract: Contract;
  readonly client: HttpClient;
  readonly rng: Rng;
  readonly seed: number;
  readonly readOnly: boolean;
  /** The areas of this run, when the engine says: a step sends nothing to another area's operations. */
  readonly areas?: readonly Area[];
  /** The run's clock (injected), for instants the suite must invent, such as a data action's issuedAt. */
  now(): Date;
  /** The run's waits (injected), for bounded read-back polls; real time when absent. */
  readonly sleep?: (ms: number) => Promise<void>;
  /** Sends a request to an operation of the spec and runs the exchange checks on the answer. */
  send(options: SendOptions): Promise<Exchange>;
  /** Sends a request outside the spec's operations (the OAuth redirect target, the base URL). */
  sendRaw(request: Parameters<HttpClient['send']>[0]): Promise<Exchange>;
  /** Runs a named check and records its failures on this step. */
  check<I>(check: Check<I>, input: I): CheckFailure[];
  /** Ends the step as skipped. */
  skip(reason: string): never;
  /** The schema pointer of a parameter of an operation, for an Expectation's rule. */
  paramRule(operationId: string, name: string): string;
  /** The schema pointer of the request body (with an optional sub-path of property names). */
  bodyRule(operationId: string, ...properties: string[]): string;
  /**
   * A context of this run whose requests and checks are judged but recorded on no step: for requests a step
   * weighs before it reports what they found (a generated case, the shrinking of one that failed). `client`
   * wraps the run's client for its requests (and those of its own asides); a user token set on it stays its own.
   */
  aside(options?: { client?: (client: HttpClient) => HttpClient }): Aside;
  /** A user-info access token, once the user-info scenario obtained one. */
  userToken?: string;
}

export class SkipSignal extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'SkipSignal';
  }
}

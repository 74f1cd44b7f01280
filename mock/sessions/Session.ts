import type { Rng } from '../../fixtures/rng.ts';
import type { Contract } from '../../spec/contract.ts';
import type { Clock } from '../clock.ts';
import type { Journal } from '../journal/Journal.ts';
import type { Store } from '../store/Store.ts';
import type { Latency } from './Latency.ts';
import type { OAuthState } from './OAuthState.ts';
import type { ScopedRules } from './ScopedRules.ts';
import type { StubSet } from '../stubs/StubSet.ts';

/**
 * One session's world, and what every part of the mock is built from: its own store (an overlay over the
 * shared base), clock, random source, faults, journal, latency and OAuth state, plus the shared contract.
 * It does not know the registry that holds it: the front door (frontDoor.ts) resolves each request's session
 * once, and everything below works on the session it is handed.
 */
export interface Session {
  store: Store;
  clock: Clock;
  rng: Rng;
  contract: Contract;
  /** Names of the faults switched on (see mock/faults); empty in normal runs. */
  faults: Set<string>;
  /** Faults for one operation and/or the next N requests (PUT /__mock/faults with operationId, times). */
  faultRules: ScopedRules<string[]>;
  /** Answers and connection failures for the requests they match (PUT /__mock/stubs, docs/stubs.md). */
  stubs: StubSet;
  /** The API requests this session received (GET /__mock/journal). */
  journal: Journal;
  /** The delay added to this session's API answers. */
  latency: Latency;
  /** This session's authorization server state: consent pages waiting, codes, refresh tokens. */
  oauth: OAuthState;
  /** This session's name (`default` for requests that name none). */
  session: string;
}

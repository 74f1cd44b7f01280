import type { Contract } from '../../spec/contract.ts';
import { Journal } from '../journal/Journal.ts';
import { JournalBudget } from '../journal/JournalBudget.ts';
import { Latency } from './Latency.ts';
import { OAuthState } from './OAuthState.ts';
import { ScopedRules } from './ScopedRules.ts';
import type { Session } from './Session.ts';
import { StubSet } from '../stubs/StubSet.ts';
import type { SessionParts } from './SessionRegistry.ts';

/** Builds a session's state around its store: the one place that says what a session holds. */
export type SessionFactory = (parts: SessionParts) => Session;

/** The factory createDeps hands the registry: every session shares the contract and the journals' byte budget. */
export function sessionFactory(contract: Contract, journalBudget: JournalBudget = new JournalBudget()): SessionFactory {
  return ({ name, store, clock, rng, faults }) => ({
    store,
    clock,
    rng,
    contract,
    faults: new Set(faults),
    faultRules: new ScopedRules<string[]>(),
    stubs: new StubSet(),
    journal: new Journal(1000, journalBudget),
    latency: new Latency(rng.fork('latency')),
    // With a running clock the fork also takes the start time, so a restarted mock never hands a stale
    // browser token to the next user who logs in; frozen, a run replays exactly.
    oauth: new OAuthState(clock.frozen ? rng.fork('oauth') : rng.fork(`oauth:${clock.iso()}`)),
    session: name,
  });
}

import type { Dataset } from '../../fixtures/records.ts';
import {
  advanceClock,
  availableFaults,
  type ClockView,
  clockView,
  type FaultsView,
  faultsView,
  importState,
  type LatencyView,
  latencyView,
  setClock,
  setFaults,
  setLatency,
} from '../controls/controlActions.ts';
import { countJournal, HAR_CREATOR, journalsFor, listJournal } from '../controls/journalActions.ts';
import type { Fault } from '../faults/Fault.ts';
import type { JournalEntry } from '../journal/JournalEntry.ts';
import { parseJournalQuery } from '../journal/journalQuery.ts';
import { type Har, journalToHar } from '../journal/journalToHar.ts';
import { useSession } from '../sessions/frontDoor.ts';
import type { Session } from '../sessions/Session.ts';
import type { SessionRegistry } from '../sessions/SessionRegistry.ts';
import { SESSION_HEADER } from '../sessions/sessionName.ts';
import {
  addStub,
  clearStubs,
  listStubs,
  removeStub,
  replaceStubs,
  setStubEnabled,
  type StubDefinition,
  type StubsReplaced,
  type StubView,
} from '../controls/stubActions.ts';
import type { FetchHandler } from './FetchHandler.ts';
import { type LoginOptions, loginThroughFetch, type TokenResponseBody } from './loginThroughFetch.ts';

/** Journal filters, as the query of GET /__mock/journal (docs/mock-controls.md): `operationId`, `status`, `path`, … */
export type JournalFilters = Record<string, string | number>;

/**
 * One session's controls, with the meaning of the `/__mock` routes (docs/mock-controls.md): each method takes
 * the body the route takes and gives back what it answers, and refuses what it refuses (an HttpProblem).
 */
export interface MockSession {
  readonly name: string;
  /** The header that puts a request in this session: spread it into a request's headers. */
  readonly headers: Readonly<Record<string, string>>;
  /** POST /__mock/reset: back to the seeded data (clock, latency and faults stay). */
  reset(): void;
  clock: {
    get(): ClockView;
    /** PUT /__mock/clock: `{ now: '2026-05-01T08:00:00.000Z' }`. */
    set(body: { now: string }): ClockView;
    /** POST /__mock/clock/advance: `{ ms }` or `{ seconds }`, forward only. */
    advance(body: { ms?: number; seconds?: number }): ClockView;
  };
  latency: {
    get(): LatencyView;
    /** PUT /__mock/latency: `{ ms, jitterMs }`, or a rule for one operation and/or its next `times` requests. */
    set(body: { ms?: number; jitterMs?: number; operationId?: string; times?: number }): LatencyView;
  };
  faults: {
    get(): FaultsView & { available: ReturnType<typeof availableFaults> };
    /** PUT /__mock/faults: `{ active: [names] }`, or a rule for one operation and/or its next `times` requests. */
    set(body: { active: string[]; operationId?: string; times?: number }): FaultsView;
  };
  journal: {
    /** GET /__mock/journal: the requests this session received, oldest first (`session: '*'` reads every session). */
    list(filters?: JournalFilters): JournalEntry[];
    /** GET /__mock/journal/count. */
    count(filters?: JournalFilters): number;
    /** GET /__mock/journal/har: the same entries as a HAR 1.2 log; `origin` makes its URLs absolute. */
    har(filters?: JournalFilters, options?: { origin?: string }): Har;
    /** DELETE /__mock/journal. */
    clear(filters?: JournalFilters): void;
  };
  /** Answers and connection failures for the requests they match (docs/stubs.md). */
  stubs: {
    /** GET /__mock/stubs: every stub, with how often each answered. */
    list(): StubView[];
    /** POST /__mock/stubs: one more; the stored stub, with its id. */
    add(definition: StubDefinition): StubView;
    /** PUT /__mock/stubs: replaces them all, from stubs or a HAR recording. */
    replace(body: StubDefinition[] | { stubs: StubDefinition[] } | { log: { entries: unknown[] } }): StubsReplaced;
    /** PATCH /__mock/stubs/{id}. */
    setEnabled(id: string, enabled: boolean): StubView;
    /** DELETE /__mock/stubs/{id}. */
    remove(id: string): void;
    /** DELETE /__mock/stubs. */
    clear(): void;
  };
  state: {
    /** GET /__mock/state: the session's whole data, as JSON-ready values. */
    export(): Dataset;
    /** PUT /__mock/state: a state exported before replaces the session's data. */
    import(state: Dataset): void;
  };
}

/** A session of createMock: its controls, and a login through the mock's own authorization server. */
export interface InProcessSession extends MockSession {
  /**
   * Logs `user` in to the app `clientId` with `scopes`, as the consent page does (approve or deny), through
   * the mock's authorization server in this session: the same page, code and token exchange a browser goes
   * through on the server, with the same tokens. Resolves with the token endpoint's answer (`access_token`,
   * `refresh_token`, `scope`, `expires_in`); rejects with a LoginError (`access_denied`, …) otherwise.
   */
  login(options: LoginOptions): Promise<TokenResponseBody>;
}

/** A session's controls with the login of loginThroughFetch, over the mock's Fetch handler. */
export function inProcessSession(sessions: SessionRegistry<Session>, catalog: readonly Fault[], name: string, fetch: FetchHandler): InProcessSession {
  const controls = mockSession(sessions, catalog, name);
  return {
    ...controls,
    login: (options) => loginThroughFetch(fetch, controls.headers, useSession(sessions, name).store.app(options.clientId), options),
  };
}

/**
 * The controls of the session `name`, looked up on each call (an idle session dropped meanwhile is made anew,
 * as a request naming it would): the same functions the `/__mock` routes call.
 */
export function mockSession(sessions: SessionRegistry<Session>, catalog: readonly Fault[], name: string): MockSession {
  const use = (): Session => useSession(sessions, name);
  const others = {
    named: (other: string) => sessions.find(other)?.journal,
    all: () => sessions.names().flatMap((other) => sessions.find(other)?.journal ?? []),
  };
  const query = (filters: JournalFilters = {}) => parseJournalQuery(filters);
  return {
    name,
    headers: { [SESSION_HEADER]: name },
    reset: () => use().store.reset(),
    clock: {
      get: () => clockView(use().clock),
      set: (body) => setClock(use().clock, body),
      advance: (body) => advanceClock(use().clock, body),
    },
    latency: {
      get: () => latencyView(use()),
      set: (body) => setLatency(use(), body),
    },
    faults: {
      get: () => ({ ...faultsView(use()), available: availableFaults(catalog) }),
      set: (body) => setFaults(use(), catalog, body),
    },
    journal: {
      list: (filters) => listJournal(use().journal, others, query(filters)),
      count: (filters) => countJournal(use().journal, others, query(filters)),
      har: (filters, options) =>
        journalToHar(listJournal(use().journal, others, query(filters)), { origin: options?.origin ?? 'http://localhost', creator: HAR_CREATOR }),
      clear: (filters) => {
        for (const journal of journalsFor(use().journal, others, query(filters))) journal.clear();
      },
    },
    stubs: {
      list: () => listStubs(use()).stubs,
      add: (definition) => addStub(use(), definition),
      replace: (body) => replaceStubs(use(), body),
      setEnabled: (id, enabled) => setStubEnabled(use(), id, { enabled }),
      remove: (id) => removeStub(use(), id),
      clear: () => clearStubs(use()),
    },
    state: {
      // A plain copy through JSON, as GET /__mock/state answers it: the caller may keep or change it freely.
      export: () => JSON.parse(JSON.stringify(use().store.snapshot())) as Dataset,
      import: (state) => importState(use(), state),
    },
  };
}

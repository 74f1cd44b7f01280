import type { Dataset } from '../../fixtures/records.ts';
import type { Clock } from '../clock.ts';
import type { Fault } from '../faults/Fault.ts';
import { HttpProblem } from '../problems/HttpProblem.ts';
import type { Session } from '../sessions/Session.ts';
import { DATASET_LISTS } from '../store/datasetJsonChunks.ts';
import { checkControlBody, scopeOf } from './controlBody.ts';

/**
 * What the session controls do, apart from how they are asked: the `/__mock` routes (controlRoutes.ts and
 * its neighbours) and the in-process mock's `session(name)` (mock/inprocess) call these same functions with the
 * same bodies, so both mean the same and refuse the same with the same problem.
 */

export interface ClockView {
  now: string;
  frozen: boolean;
}

export function clockView(clock: Clock): ClockView {
  return { now: clock.iso(), frozen: clock.frozen };
}

/** PUT /__mock/clock: `{"now": "<ISO 8601 date-time>"}`. */
export function setClock(clock: Clock, body: unknown): ClockView {
  const { now } = checkControlBody(body, ['now'], '{"now": "<ISO 8601 date-time>"}');
  if (typeof now !== 'string' || Number.isNaN(Date.parse(now))) {
    throw new HttpProblem('invalid_request', 'Send {"now": "<ISO 8601 date-time>"}.');
  }
  clock.set(new Date(now));
  return clockView(clock);
}

/** POST /__mock/clock/advance: `{"ms": n}` or `{"seconds": n}`, forward only. */
export function advanceClock(clock: Clock, body: unknown): ClockView {
  const given = checkControlBody(body, ['ms', 'seconds'], '{"ms": <non-negative number>} or {"seconds": <non-negative number>}');
  const ms = typeof given.ms === 'number' ? given.ms : typeof given.seconds === 'number' ? given.seconds * 1000 : NaN;
  if (!Number.isFinite(ms) || ms < 0)
    throw new HttpProblem('invalid_request', 'Send {"ms": <non-negative number>} or {"seconds": <non-negative number>}; the clock only moves forward.');
  clock.advance(ms);
  return clockView(clock);
}

/** PUT /__mock/state: a state exported by GET /__mock/state replaces the session's data. */
export function importState(session: Session, body: unknown): void {
  const given = body as Partial<Dataset> | undefined;
  const missing = DATASET_LISTS.filter((k) => !Array.isArray(given?.[k]));
  if (!given || typeof given.seed !== 'number' || missing.length > 0) {
    throw new HttpProblem(
      'invalid_request',
      `Not a state exported by GET /__mock/state: ${typeof given?.seed !== 'number' ? 'seed must be a number; ' : ''}${missing.map((k) => `${k} must be an array`).join(', ')}.`,
    );
  }
  session.store.load(given as Dataset);
}

const LATENCY_USAGE = '{"ms": 0..60000, "jitterMs": 0..60000} and optionally "operationId" and "times"';
const FAULTS_USAGE = '{"active": [names]} with names from GET /__mock/faults, and optionally "operationId" and "times"';

export interface LatencyView {
  ms: number;
  jitterMs: number;
  rules: Record<string, unknown>[];
}

export function latencyView(session: Session): LatencyView {
  const { latency } = session;
  return { ms: latency.ms, jitterMs: latency.jitterMs, rules: latency.rules.list().map(ruleView) };
}

/**
 * PUT /__mock/latency. Without `operationId` and `times` it sets what every request gets and drops the rules;
 * with either, it adds a rule alongside: for that operation, for its next N requests.
 */
export function setLatency(session: Session, body: unknown): LatencyView {
  const given = checkControlBody(body, ['ms', 'jitterMs', 'operationId', 'times'], LATENCY_USAGE);
  const ms = given.ms ?? 0;
  const jitterMs = given.jitterMs ?? 0;
  if (typeof ms !== 'number' || typeof jitterMs !== 'number' || ms < 0 || jitterMs < 0 || ms + jitterMs > 60_000) {
    throw new HttpProblem('invalid_request', `Send ${LATENCY_USAGE} (non-negative numbers, 60 s at most in all).`);
  }
  const scope = scopeOf(given, session.contract);
  const { latency } = session;
  if (scope) {
    latency.rules.add({ value: { ms, jitterMs }, ...scope });
  } else {
    latency.ms = ms;
    latency.jitterMs = jitterMs;
    latency.rules.clear();
  }
  return latencyView(session);
}

export interface FaultsView {
  active: string[];
  rules: Record<string, unknown>[];
}

export function faultsView(session: Session): FaultsView {
  return { active: [...session.faults], rules: session.faultRules.list().map(ruleView) };
}

/** The faults that can be switched on, as GET /__mock/faults lists them. */
export function availableFaults(catalog: readonly Fault[]): { name: string; description: string; operations: string[] | 'all' }[] {
  return catalog.map((f) => ({ name: f.name, description: f.description, operations: f.operations ?? 'all' }));
}

/** PUT /__mock/faults, scoped as setLatency is. */
export function setFaults(session: Session, catalog: readonly Fault[], body: unknown): FaultsView {
  refuseStubKeys(body);
  const given = checkControlBody(body, ['active', 'operationId', 'times'], FAULTS_USAGE);
  const { active } = given;
  const byName = new Map(catalog.map((f) => [f.name, f]));
  if (!Array.isArray(active) || active.some((name) => typeof name !== 'string' || !byName.has(name))) {
    throw new HttpProblem('invalid_request', `Send ${FAULTS_USAGE}.`);
  }
  const names = active as string[];
  const scope = scopeOf(given, session.contract);
  if (scope) {
    // A rule whose fault can never act on its operation would silently do nothing.
    const idle = names.filter((name) => scope.operationId !== undefined && !(byName.get(name)?.operations?.includes(scope.operationId) ?? true));
    if (idle.length > 0)
      throw new HttpProblem('invalid_request', `${idle.join(', ')} never act on ${scope.operationId} (see "operations" in GET /__mock/faults).`);
    session.faultRules.add({ value: [...names], ...scope });
  } else {
    session.faults.clear();
    for (const name of names) session.faults.add(name);
    session.faultRules.clear();
  }
  return faultsView(session);
}

/** Keys of a stub: faults imitate the server's bugs by name; an answer of one's choosing is a stub (docs/stubs.md). */
const STUB_KEYS = ['status', 'body', 'headers', 'delayMs', 'fault', 'example'];

function refuseStubKeys(body: unknown): void {
  if (typeof body !== 'object' || body === null) return;
  const keys = Object.keys(body).filter((key) => STUB_KEYS.includes(key));
  if (keys.length === 0) return;
  const { operationId } = body as { operationId?: unknown };
  const example = JSON.stringify({
    ...(typeof operationId === 'string' ? { operationId } : {}),
    ...Object.fromEntries(keys.map((k) => [k, (body as Record<string, unknown>)[k]])),
  }).slice(0, 200);
  throw new HttpProblem(
    'invalid_request',
    `Faults are the server's bugs by name ({"active": [names]}); ${keys.join(', ')} ${keys.length === 1 ? 'belongs' : 'belong'} to a stub: POST /__mock/stubs ${example} (docs/stubs.md).`,
  );
}

/** A rule as the controls show it: `times` is what is left. */
function ruleView<T>(rule: { value: T; operationId?: string; remaining?: number }): Record<string, unknown> {
  const value = Array.isArray(rule.value) ? { active: rule.value } : rule.value;
  return {
    ...value,
    ...(rule.operationId !== undefined ? { operationId: rule.operationId } : {}),
    ...(rule.remaining !== undefined ? { times: rule.remaining } : {}),
  };
}

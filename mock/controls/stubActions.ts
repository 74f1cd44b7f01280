import { HttpProblem } from '../problems/HttpProblem.ts';
import type { Session } from '../sessions/Session.ts';
import { harToStubs } from '../stubs/harToStubs.ts';
import { parseStubDefinition } from '../stubs/parseStubDefinition.ts';
import { MAX_STUBS, type StubDefinition, type StubView } from '../stubs/StubDefinition.ts';

export { STUB_DEFINITION_SCHEMA, type StubDefinition, type StubView } from '../stubs/StubDefinition.ts';

/**
 * What the stub controls do (docs/stubs.md), apart from how they are asked: the `/__mock/stubs` routes
 * (stubControlRoutes.ts), the in-process mock's `session(name).stubs` and the MCP tools call these same functions
 * with the same bodies, and refuse the same with the same problem.
 */

export interface StubsView {
  stubs: StubView[];
}

/** What PUT /__mock/stubs with a HAR did: the stubs it holds now, and the exchanges left to the stateful mock. */
export interface StubsReplaced extends StubsView {
  skipped?: { entry: number; reason: string }[];
}

/** GET /__mock/stubs: every stub of the session, in the order added, with how often each answered. */
export function listStubs(session: Session): StubsView {
  return { stubs: session.stubs.list() };
}

/** POST /__mock/stubs: one stub more; the stored stub comes back with its id. */
export function addStub(session: Session, definition: unknown): StubView {
  return session.stubs.add(parseStubDefinition(definition, session.contract));
}

/** DELETE /__mock/stubs/{id}. */
export function removeStub(session: Session, id: string): void {
  if (!session.stubs.remove(id)) throw new HttpProblem('not_found', `No stub "${String(id).slice(0, 64)}" in this session (GET /__mock/stubs lists them).`);
}

/** DELETE /__mock/stubs: every stub of the session. */
export function clearStubs(session: Session): void {
  session.stubs.clear();
}

/** PATCH /__mock/stubs/{id}: `{"enabled": false}` keeps a stub, listed and counted, without it answering. */
export function setStubEnabled(session: Session, id: string, body: unknown): StubView {
  const enabled = (body as { enabled?: unknown } | undefined)?.enabled;
  if (typeof body !== 'object' || body === null || Object.keys(body).length !== 1 || typeof enabled !== 'boolean')
    throw new HttpProblem('invalid_request', 'Send {"enabled": true} or {"enabled": false}.');
  const stub = session.stubs.setEnabled(id, enabled);
  if (!stub) throw new HttpProblem('not_found', `No stub "${String(id).slice(0, 64)}" in this session (GET /__mock/stubs lists them).`);
  return stub;
}

/**
 * PUT /__mock/stubs: replaces every stub of the session, all or nothing. The body is `{"stubs": [...]}`, a
 * list of stubs, or a HAR 1.2 recording (`{"log": {"entries": [...]}}`), which becomes one stub per recorded
 * API exchange (harToStubs); an exchange whose stub would be refused is reported in `skipped` instead.
 */
export function replaceStubs(session: Session, body: unknown): StubsReplaced {
  const definitions: StubDefinition[] = [];
  let skipped: StubsReplaced['skipped'];
  if (isHar(body)) {
    let made;
    try {
      made = harToStubs(body, session.contract);
    } catch (error) {
      throw new HttpProblem('invalid_request', `The HAR cannot be served back: ${(error as Error).message}.`);
    }
    skipped = made.skipped;
    for (const stub of made.stubs) {
      try {
        definitions.push(parseStubDefinition(stub, session.contract));
      } catch (error) {
        if (!(error instanceof HttpProblem)) throw error;
        skipped.push({ entry: Number(/#(\d+)/.exec(stub.name ?? '')?.[1] ?? -1), reason: error.detail });
      }
    }
  } else {
    const list = Array.isArray(body) ? body : (body as { stubs?: unknown } | undefined)?.stubs;
    if (!Array.isArray(list) || (!Array.isArray(body) && Object.keys(body as object).length !== 1))
      throw new HttpProblem('invalid_request', 'Send {"stubs": [stub, …]}, a list of stubs, or a HAR 1.2 recording ({"log": {"entries": […]}}).');
    if (list.length > MAX_STUBS) throw new HttpProblem('invalid_request', `A session holds at most ${MAX_STUBS} stubs, got ${list.length}.`);
    list.forEach((stub, i) => {
      try {
        definitions.push(parseStubDefinition(stub, session.contract));
      } catch (error) {
        if (error instanceof HttpProblem) throw new HttpProblem('invalid_request', `stubs[${i}]: ${error.detail}`);
        throw error;
      }
    });
  }
  session.stubs.clear();
  for (const definition of definitions) session.stubs.add(definition);
  return { ...listStubs(session), ...(skipped ? { skipped: skipped.sort((a, b) => a.entry - b.entry) } : {}) };
}

function isHar(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'log' in body;
}

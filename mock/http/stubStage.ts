import type { Contract } from '../../spec/contract.ts';
import type { OperationSpec } from '../../spec/operationIndex.ts';
import type { ApiRequest } from '../exchange/ApiExchange.ts';
import type { EncodedAnswer } from './encodeAnswer.ts';
import { mockWarningsHeader } from './mockWarningsHeader.ts';
import type { OperationResult } from './OperationHandler.ts';
import type { Session } from '../sessions/Session.ts';
import { stubAnswer, stubContractNotes, stubNetworkFault } from './stubAnswer.ts';
import type { StubView } from '../stubs/StubDefinition.ts';

/** The stub a request took, and the answer it gives in place of the operation's (none: the operation answers). */
export interface Stubbed {
  stub: StubView;
  answer?: OperationResult;
}

/**
 * The lifecycle's stub stage, once the session, the body and the query are known (so a stub can match them)
 * and before faults, authentication and validation (a stub stands in for the whole server, as WireMock's do):
 * the stub that answers this request is counted, its delay waited, its answer made.
 */
export async function takeStub(
  session: Session,
  op: OperationSpec,
  request: ApiRequest,
  query: Record<string, unknown>,
  body: unknown,
): Promise<Stubbed | undefined> {
  const stubRequest = { method: request.method, path: decodePath(request.path), operationId: op.operationId, query, headers: request.headers, body };
  const { stubs } = session;
  // Replicas: a use of a stub with `times` is a shared fact, committed before the answer (docs/scale-out.md),
  // so "the next listGroups answers 503 once" answers once across every replica: it is taken on the session's
  // latest state, where another replica may have used the stub up first. One process: counted in memory.
  const share = stubs.shareUse;
  const found = share ? stubs.peek(stubRequest) : undefined;
  const stub = share && found?.remaining !== undefined ? await share((current) => current.take(stubRequest)) : stubs.take(stubRequest);
  if (!stub) return undefined;
  if (stub.delayMs) await new Promise((resolve) => setTimeout(resolve, stub.delayMs));
  return { stub, answer: stubAnswer(session.contract, op, stub) };
}

/**
 * The way out of a stubbed request, once its answer is encoded: the stub's headers (replacing any of the same
 * name), `X-Mock-Stub: <id>`, where its own answer leaves the contract (X-Mock-Warnings and the journal), and
 * the network fault for the mount to act out.
 */
export function finishStubbed(contract: Contract, op: OperationSpec, stubbed: Stubbed, response: OperationResult, encoded: EncodedAnswer): void {
  const { stub } = stubbed;
  const head = encoded.answer.headers;
  for (const [name, value] of Object.entries(stub.headers ?? {})) setHeader(head, name, value);
  setHeader(head, 'X-Mock-Stub', stub.id);
  const notes = stubbed.answer ? stubContractNotes(contract, op, response) : [];
  if (notes.length > 0) {
    const warning = `stub ${stub.id} answers outside the contract: ${notes.join(', ')}`;
    const at = indexOfHeader(head, 'x-mock-warnings');
    setHeader(head, 'X-Mock-Warnings', mockWarningsHeader(at < 0 ? [warning] : [head[at + 1] as string, warning]));
    encoded.outsideContract = notes;
  }
  const fault = stubNetworkFault(stub);
  if (fault) encoded.answer.fault = fault;
  encoded.stub = { id: stub.id, ...(fault ? { fault: fault.kind } : {}) };
}

function indexOfHeader(head: string[], lowerName: string): number {
  for (let i = 0; i < head.length; i += 2) if ((head[i] as string).toLowerCase() === lowerName) return i;
  return -1;
}

function setHeader(head: string[], name: string, value: string): void {
  const at = indexOfHeader(head, name.toLowerCase());
  if (at < 0) head.push(name, value);
  else head[at + 1] = value;
}

function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

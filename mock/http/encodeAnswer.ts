import type { OperationSpec } from '../../spec/operationIndex.ts';
import type { FaultResponse } from '../faults/Fault.ts';
import { encodeJson, fragmentsOf, isFragmentEnvelope } from '../present/JsonFragment.ts';
import type { Contract } from '../../spec/contract.ts';
import type { ApiAnswer } from '../exchange/ApiExchange.ts';

/** An answer ready to leave, and what the journal keeps of it beside the answer itself. */
export interface EncodedAnswer {
  answer: ApiAnswer;
  /** Its body's bytes in UTF-8 (its Content-Length); 0 without a body. */
  size: number;
  /** Where the answer breaks the contract (also sent as X-Contract-Violations); undefined when it does not. */
  violations?: string[];
  /** The value the body was serialized from, when that is an envelope of shared fragments (isFragmentEnvelope). */
  value?: unknown;
  /** The stub that answered, and where its answer leaves the contract (set by the stub stage, docs/stubs.md). */
  stub?: { id: string; fault?: string };
  outsideContract?: string[];
}

const JSON_TYPE = 'application/json';
const JSON_TYPE_UTF8 = 'application/json; charset=utf-8';
const CHARSET = /;\s*charset=/i;

/**
 * An API answer as Express's res.send would write it (Content-Type with charset=utf-8, Content-Length), after
 * checking it against the spec when `validate` (Prism's sl-violations idea: the mock can never drift from its
 * contract unseen). Presented fragments were checked when presented; here only the envelope around them is.
 * `head` holds the headers that go first (CORS); the rest are appended to it. The body stays one string (the
 * fragments' cached JSON joined, its length summed from theirs): no copy of it is made on the way out.
 */
export function encodeAnswer(contract: Contract, op: OperationSpec | undefined, response: FaultResponse, head: string[], validate: boolean): EncodedAnswer {
  let contentType = JSON_TYPE;
  const given = response.headers;
  for (const name in given) {
    const value = given[name] as string;
    if (name.length === 12 && name.toLowerCase() === 'content-type') contentType = value;
    else head.push(name, value);
  }
  const violations = validate && op ? findViolations(contract, op, response, contentType) : undefined;
  if (violations) head.push('X-Contract-Violations', violations.join('; ').slice(0, 2000));
  if (response.body === undefined) return { answer: { status: response.status, headers: head }, size: 0, violations };
  const encoded = encodeJson(response.body);
  head.push(
    'Content-Type',
    contentType === JSON_TYPE ? JSON_TYPE_UTF8 : CHARSET.test(contentType) ? contentType : `${contentType}; charset=utf-8`,
    'Content-Length',
    String(encoded.byteLength),
  );
  return {
    answer: { status: response.status, headers: head, body: encoded.text },
    size: encoded.byteLength,
    violations,
    // An answer of shared fragments is kept by the journal as that (small) envelope, not as its bytes.
    ...(isFragmentEnvelope(response.body) ? { value: response.body } : {}),
  };
}

function findViolations(contract: Contract, op: OperationSpec, response: FaultResponse, contentType: string): string[] | undefined {
  const fragments = fragmentsOf(response.body);
  const check = contract.validateResponse(op.operationId, response.status, contentType, response.body, response.headers, fragments.schemaPointers);
  if (!check.documented) return [`status ${response.status} is not documented for ${op.operationId}`];
  if (check.errors.length === 0 && fragments.errors.length === 0) return undefined;
  return [...check.errors, ...fragments.errors].map((e) => `${e.path || '/'} ${e.message}`);
}

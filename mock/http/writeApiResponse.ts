import type { ServerResponse } from 'node:http';
import type { OperationSpec } from '../../spec/operationIndex.ts';
import type { FaultResponse } from '../faults/Fault.ts';
import { encodeJson, fragmentsOf, isFragmentEnvelope } from '../present/JsonFragment.ts';
import type { Contract } from '../../spec/contract.ts';
import type { RequestNotes } from './requestLog.ts';

export interface WriteOptions {
  /** Check the answer against the spec and flag violations (X-Contract-Violations header, journal). */
  validate: boolean;
  notes: RequestNotes;
}

const JSON_TYPE = 'application/json';
const JSON_TYPE_UTF8 = 'application/json; charset=utf-8';
const CHARSET = /;\s*charset=/i;

/**
 * Writes an API answer as Express's res.send would (Content-Type with charset=utf-8, Content-Length), after
 * checking it against the spec (Prism's sl-violations idea: the mock can never drift from its contract
 * unseen). Presented fragments were checked when presented; here only the envelope around them is.
 * The head goes out in one `writeHead` with a flat list of headers and the body as one string (fragments'
 * cached JSON joined, its length summed from theirs): Node writes head and body with one socket write.
 */
export function writeApiResponse(contract: Contract, op: OperationSpec, res: ServerResponse, response: FaultResponse, options: WriteOptions): void {
  const notes = options.notes;
  let contentType = JSON_TYPE;
  const head: string[] = [];
  const given = response.headers;
  for (const name in given) {
    const value = given[name] as string;
    if (name.length === 12 && name.toLowerCase() === 'content-type') contentType = value;
    else head.push(name, value);
  }
  if (options.validate) {
    const violations = findViolations(contract, op, response, contentType);
    if (violations) {
      notes.violations = violations;
      head.push('X-Contract-Violations', violations.join('; ').slice(0, 2000));
    }
  }
  let body: string | undefined;
  if (response.body !== undefined) {
    const encoded = encodeJson(response.body);
    body = encoded.text;
    head.push('Content-Type', contentType === JSON_TYPE ? JSON_TYPE_UTF8 : CHARSET.test(contentType) ? contentType : `${contentType}; charset=utf-8`);
    const size = encoded.byteLength;
    head.push('Content-Length', String(size));
    notes.responseSize = size;
    // An answer of shared fragments is kept by the journal as that (small) envelope, not as its bytes.
    if (isFragmentEnvelope(response.body)) notes.responseValue = response.body;
  }
  notes.responseBody = body;
  // Headers set before (CORS) are merged by writeHead, and then res.getHeaders() holds them all; otherwise the
  // journal reads what was written from the notes.
  const whole = res.getHeaderNames().length === 0;
  res.writeHead(response.status, head);
  if (whole) notes.responseHeaders = head;
  res.end(body);
}

function findViolations(contract: Contract, op: OperationSpec, response: FaultResponse, contentType: string): string[] | undefined {
  const fragments = fragmentsOf(response.body);
  const check = contract.validateResponse(op.operationId, response.status, contentType, response.body, response.headers, fragments.schemaPointers);
  if (!check.documented) return [`status ${response.status} is not documented for ${op.operationId}`];
  if (check.errors.length === 0 && fragments.errors.length === 0) return undefined;
  return [...check.errors, ...fragments.errors].map((e) => `${e.path || '/'} ${e.message}`);
}

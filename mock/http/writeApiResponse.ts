import type { ServerResponse } from 'node:http';
import type { OperationSpec } from '../../spec/operationIndex.ts';
import type { FaultResponse } from '../faults/Fault.ts';
import { fragmentsOf, serializeJson } from './JsonFragment.ts';
import type { AppDeps } from './OperationHandler.ts';
import type { RequestNotes } from './requestLog.ts';

export interface WriteOptions {
  /** Check the answer against the spec and flag violations (X-Contract-Violations header, journal). */
  validate: boolean;
  notes: RequestNotes;
}

/**
 * Writes an API answer as Express's res.send would (Content-Type with charset=utf-8, Content-Length), after
 * checking it against the spec (Prism's sl-violations idea: the mock can never drift from its contract
 * unseen). Presented fragments were checked when presented; here only the envelope around them is.
 */
export function writeApiResponse(deps: AppDeps, op: OperationSpec, res: ServerResponse, response: FaultResponse, options: WriteOptions): void {
  let contentType = 'application/json';
  for (const name of Object.keys(response.headers)) {
    const value = response.headers[name] as string;
    if (name.toLowerCase() === 'content-type') contentType = value;
    else res.setHeader(name, value);
  }
  res.statusCode = response.status;
  if (options.validate) flagViolations(deps, op, res, response, contentType, options.notes);
  if (response.body === undefined) {
    res.end();
    return;
  }
  // Encoded once: its length is the Content-Length, and the socket writes these bytes as they are.
  const bytes = Buffer.from(serializeJson(response.body), 'utf8');
  res.setHeader('Content-Type', /;\s*charset=/i.test(contentType) ? contentType : `${contentType}; charset=utf-8`);
  res.setHeader('Content-Length', bytes.length);
  res.end(bytes);
}

function flagViolations(deps: AppDeps, op: OperationSpec, res: ServerResponse, response: FaultResponse, contentType: string, notes: RequestNotes): void {
  const fragments = fragmentsOf(response.body);
  const check = deps.contract.validateResponse(op.operationId, response.status, contentType, response.body, response.headers, fragments.schemaPointers);
  const errors = [...check.errors, ...fragments.errors];
  const violations = check.documented ? errors.map((e) => `${e.path || '/'} ${e.message}`) : [`status ${response.status} is not documented for ${op.operationId}`];
  if (violations.length > 0) {
    notes.violations = violations;
    res.setHeader('X-Contract-Violations', violations.join('; ').slice(0, 2000));
  }
}

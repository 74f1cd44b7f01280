import type { FieldError } from '../../spec/formatAjvErrors.ts';
import { problemCatalog, type ProblemCode } from './problemCatalog.ts';

/**
 * An RFC 9457 problem a handler throws; the one writer (writeProblem) turns it into application/problem+json.
 * `code` names a template of the catalogue (problemCatalog.ts); `detail` says what exactly went wrong.
 */
export class HttpProblem extends Error {
  readonly status: number;
  constructor(
    readonly code: ProblemCode,
    readonly detail: string,
    readonly extra: { errors?: FieldError[]; headers?: Record<string, string>; status?: number } = {},
  ) {
    super(detail);
    this.name = 'HttpProblem';
    this.status = extra.status ?? problemCatalog[code].status;
  }
}

import type { FieldError } from '../../spec/formatAjvErrors.ts';

/**
 * An RFC 9457 problem a handler throws; the one writer (writeProblem) turns it into application/problem+json.
 * `code` names a template of the catalogue (problemCatalog.ts); `detail` says what exactly went wrong.
 */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly extra: { errors?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(detail);
    this.name = 'HttpProblem';
  }
}

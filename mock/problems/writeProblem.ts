import { describeFieldError } from '../../spec/formatAjvErrors.ts';
import type { HttpProblem } from './HttpProblem.ts';
import { maskUrl } from './maskSecrets.ts';
import { problemCatalog, problemType } from './problemCatalog.ts';

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance?: string;
  code: string;
  errors?: HttpProblem['extra']['errors'];
}

/**
 * Builds the RFC 9457 body; `detail` lists the first field errors in their one-line form. The `instance` is the
 * request's URL with its secret parameters (`access_token=…`) masked: the body is journaled, logged and shown.
 */
export function problemBody(problem: HttpProblem, instance?: string): ProblemBody {
  const errors = problem.extra.errors;
  const detail = errors?.length
    ? errors.slice(0, 5).map(describeFieldError).join('; ') + (errors.length > 5 ? `; and ${errors.length - 5} more` : '')
    : problem.detail;
  return {
    type: problemType(problem.code),
    title: problemCatalog[problem.code].title,
    status: problem.status,
    detail,
    ...(instance ? { instance: maskUrl(instance) } : {}),
    code: problem.code,
    ...(errors?.length ? { errors } : {}),
  };
}

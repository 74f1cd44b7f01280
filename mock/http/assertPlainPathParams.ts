import type { FieldError } from '../../spec/formatAjvErrors.ts';
import { HttpProblem } from '../problems/HttpProblem.ts';

/**
 * Ids in the path are keys, never file names, but a path-shaped one (`..`, `.`, or a `/` or `\` sent as `%2F`
 * or `%5C`) is always a client bug or a probe: refused with a 400 naming the parameter rather than looked up.
 */
export function assertPlainPathParams(params: Record<string, string>): void {
  const errors: FieldError[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (value === '.' || value === '..' || value.includes('/') || value.includes('\\') || value.includes('\u0000')) {
      errors.push({ in: 'path', path: name, rule: 'pattern', message: 'must not be a dot segment or contain "/", "\\\\" or NUL' });
    }
  }
  if (errors.length > 0) throw new HttpProblem('invalid_request', 'A path parameter is shaped like a path.', { errors });
}

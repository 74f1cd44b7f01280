import { HttpProblem } from './HttpProblem.ts';

/**
 * What a thrown error means for the client: a problem as is; body-parser's failures (too large, bad length,
 * unsupported encoding) as their precise 4xx; undefined for anything else, which is the server's fault (500).
 */
export function problemFromError(error: unknown): HttpProblem | undefined {
  if (error instanceof HttpProblem) return error;
  const e = error as { type?: string; status?: number; message?: string };
  if (e.type === 'entity.too.large') return new HttpProblem('payload_too_large', 'The body is larger than this server accepts.');
  if (e.type === 'entity.parse.failed') return new HttpProblem('invalid_json', `The body is not valid JSON: ${e.message ?? ''}`);
  if (typeof e.status === 'number' && e.status >= 400 && e.status < 500)
    return new HttpProblem('invalid_request', e.message ?? 'Bad request.', { status: e.status });
  return undefined;
}

import type { Request } from 'express';
import { HttpProblem } from './HttpProblem.ts';

/**
 * The raw body (express.raw) as the value the contract validates: undefined when empty, parsed JSON for a
 * JSON media type, the text otherwise (so the contract check answers 415 with the media type it wanted).
 */
export function readJsonBody(req: Request): { body: unknown; error?: HttpProblem } {
  const raw: unknown = req.body;
  if (!Buffer.isBuffer(raw) || raw.length === 0) return { body: undefined };
  const text = raw.toString('utf8');
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type !== 'application/json' && !type.endsWith('+json')) return { body: text };
  try {
    return { body: JSON.parse(text) };
  } catch (error) {
    return { body: text, error: new HttpProblem('invalid_json', `The body is not valid JSON: ${(error as Error).message}.`) };
  }
}

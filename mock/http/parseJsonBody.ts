import { HttpProblem } from '../problems/HttpProblem.ts';

// A byte order mark is kept, as Buffer#toString keeps it: JSON.parse then refuses it, as body-parser's strict mode would.
const UTF8 = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * The raw body as the value the contract validates: undefined when empty, parsed JSON for a JSON media type,
 * the text otherwise (so the contract check answers 415 with the media type it wanted).
 */
export function parseJsonBody(raw: Uint8Array | undefined, contentType: string | undefined): { body: unknown; error?: HttpProblem } {
  if (raw === undefined || raw.length === 0) return { body: undefined };
  const text = UTF8.decode(raw);
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type !== 'application/json' && !type.endsWith('+json')) return { body: text };
  try {
    return { body: JSON.parse(text) };
  } catch (error) {
    return { body: text, error: new HttpProblem('invalid_json', `The body is not valid JSON: ${(error as Error).message}.`) };
  }
}

import { mapStrings } from './mapStrings.ts';

/**
 * The run's data as every report reads it: each string value (a body, a header, a message, a curl line)
 * redacted on its own, before any report escapes or quotes it for its medium. Redacting the finished text
 * instead would let a value the target chose match across escaping (a token spanning `&quot;` or `'\''`)
 * and remove a quote. `also` transforms each value after redaction (the console neutralises terminal escapes).
 */
export function forReport<T extends { redact(text: string): string }>(result: T, also: (text: string) => string = (text) => text): T {
  const { redact, ...data } = result;
  const clean = mapStrings(data, (text) => also(redact(text)));
  return { ...clean, redact: (text: string) => text } as T;
}

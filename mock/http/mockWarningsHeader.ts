/** At most this many warnings, and this many bytes, go into X-Mock-Warnings: a request with 500 unknown parameters gets no 50 KB head. */
export const MAX_WARNINGS = 10;
export const MAX_WARNINGS_BYTES = 1024;

/**
 * The X-Mock-Warnings value: the first warnings, `; ` apart, cut to the byte bound, then how many were left
 * out. The header is one line of visible ASCII (RFC 9110 §5.5): anything else a client sent is escaped.
 */
export function mockWarningsHeader(messages: readonly string[]): string {
  let out = '';
  let shown = 0;
  for (const message of messages.slice(0, MAX_WARNINGS)) {
    const safe = message.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    const next = out === '' ? safe : `${out}; ${safe}`;
    if (next.length > MAX_WARNINGS_BYTES) {
      if (out === '') out = `${safe.slice(0, MAX_WARNINGS_BYTES - 3)}...`;
      if (out !== '' && shown === 0) shown = 1;
      break;
    }
    out = next;
    shown++;
  }
  const left = messages.length - shown;
  return left > 0 ? `${out}; and ${left} more` : out;
}

/** The parts of a replayed request that came from a recording (or were mapped from one), as they would be sent. */
export interface OutgoingParts {
  method: string;
  /** Header names as they would be sent, with their values. */
  headers: Record<string, string | undefined>;
  /** Values that go into the URL (path parameters, query values), by where they go. */
  urlValues?: Record<string, string>;
}

// RFC 9110 §5.6.2: token = 1*tchar; a method (§9.1) and a field name (§5.1) are tokens.
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why a request built from a recording cannot be sent as HTTP, or undefined when it can. A HAR is written by
 * whatever recorded it (a browser, a proxy, a hand): a value no client can put on the wire is the recording's
 * fault, and sending it would only make fetch throw and charge the target with a missing answer.
 */
export function whyNotSendable(parts: OutgoingParts): string | undefined {
  if (!TOKEN.test(parts.method)) return `the method ${JSON.stringify(parts.method)} is not a token (RFC 9110 §9.1)`;
  for (const [name, value] of Object.entries(parts.headers)) {
    if (!TOKEN.test(name)) return `the header name ${JSON.stringify(name)} is not a token (RFC 9110 §5.1)`;
    if (value === undefined) continue;
    const bad = firstBadFieldChar(value);
    if (bad !== undefined) return `the ${name} header holds ${bad} (RFC 9110 §5.5: a field value is visible characters, spaces, tabs and bytes 0x80-0xFF)`;
  }
  for (const [where, value] of Object.entries(parts.urlValues ?? {})) {
    // A lone surrogate has no UTF-8 form (RFC 3629 §3), so it cannot be percent-encoded into a URL (RFC 3986 §2.5).
    if (LONE_SURROGATE.test(value)) return `the ${where} holds a lone UTF-16 surrogate, which no URL can carry (RFC 3986 §2.5)`;
  }
  return undefined;
}

/**
 * The first character of a header value outside field-value (RFC 9110 §5.5: field-vchar = VCHAR / obs-text,
 * with SP and HTAB between), named: CR and LF would end the field, NUL and other controls are refused by every
 * HTTP stack, and a character above U+00FF is not a byte at all (Fetch's ByteString).
 */
function firstBadFieldChar(value: string): string | undefined {
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code === 0x09 || (code >= 0x20 && code <= 0x7e) || (code >= 0x80 && code <= 0xff)) continue;
    const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
    const name = CONTROL_NAMES[code];
    if (name) return `a ${name} (${hex}), which no HTTP client can send`;
    if (code < 0x20 || code === 0x7f) return `the control character ${hex}, which no HTTP client can send`;
    return `the character ${hex}, above U+00FF: a header value is bytes, and this character is none`;
  }
  return undefined;
}

const CONTROL_NAMES: Record<number, string> = { 0x00: 'NUL', 0x0a: 'line feed (LF)', 0x0d: 'carriage return (CR)' };

/**
 * The journal shows what a client sent and got, never a credential: bearer tokens, client secrets
 * (RFC 6749 §2.3.1), authorization codes, PKCE verifiers, refresh tokens and the data actions' `secret`.
 * A masked value keeps its last four characters when it is long enough to tell two apart.
 */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);
const SECRET_KEYS = new Set([
  'secret',
  'client_secret',
  'clientsecret',
  'access_token',
  'refresh_token',
  'id_token',
  'code_verifier',
  'token',
  'password',
  'datasecret',
  'dataactionsecret',
]);
/** In forms and query strings `code` is an authorization code (RFC 6749 §4.1.2); in JSON it is a postal or problem code. */
const FORM_SECRET_KEYS = new Set([...SECRET_KEYS, 'code']);

export function maskValue(value: string): string {
  return value.length >= 16 ? `***${value.slice(-4)}` : '***';
}

function isSecretKey(key: string, keys = SECRET_KEYS): boolean {
  const lower = key.toLowerCase();
  return keys.has(lower) || keys.has(lower.replace(/-/g, '_'));
}

/** `Bearer abc…` keeps its scheme; `Location: …?code=…` has its code masked. */
export function maskHeaders(headers: Record<string, string | string[] | number | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, raw] of Object.entries(headers)) {
    if (raw === undefined) continue;
    const value = Array.isArray(raw) ? raw.join(', ') : String(raw);
    const lower = name.toLowerCase();
    if (SECRET_HEADERS.has(lower)) {
      const scheme = /^(Bearer|Basic)\s+(.*)$/i.exec(value);
      out[lower] = scheme ? `${scheme[1]} ${maskValue(scheme[2] as string)}` : maskValue(value);
    } else if (lower === 'location') {
      out[lower] = maskUrl(value);
    } else {
      out[lower] = value;
    }
  }
  return out;
}

/** Masks secret query parameters (an authorization response's `code`, a token in a query). */
export function maskUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  return `${url.slice(0, q)}?${maskForm(url.slice(q + 1))}`;
}

/** A form-encoded body or query string, secret parameters masked, the rest as sent. */
export function maskForm(text: string): string {
  return text
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let key = pair.slice(0, eq);
      try {
        key = decodeURIComponent(key.replace(/\+/g, ' '));
      } catch {
        // A malformed escape is kept as sent.
      }
      return isSecretKey(key, FORM_SECRET_KEYS) ? `${pair.slice(0, eq)}=${maskValue(pair.slice(eq + 1))}` : pair;
    })
    .join('&');
}

/** A JSON value with every secret-named key's string value masked, at any depth. */
export function maskJson(value: unknown, depth = 0): unknown {
  if (depth > 32 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => maskJson(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = typeof v === 'string' && isSecretKey(key) ? maskValue(v) : maskJson(v, depth + 1);
  return out;
}

/** Secrets in free text (an HTML redirect page naming its Location, an error echoing a form): `code=…` and the like. */
export function maskText(text: string): string {
  return maskJsonPairs(text).replace(
    /\b(code|code_verifier|client_secret|access_token|refresh_token|id_token|secret|token|password)=([^&\s"'<>]+)/gi,
    (_m, key: string, value: string) => `${key}=${maskValue(value)}`,
  );
}

/**
 * `"secret": "…"` pairs in a text that is not parsed as JSON: a body cut short, one that does not parse, or JSON
 * sent as `text/plain`. The masking must not depend on the body being well-formed or honestly labelled.
 * The value pattern has no nested quantifier, so it runs in linear time on any text.
 */
export function maskJsonPairs(text: string): string {
  return text.replace(/"([A-Za-z_-]{4,20})"(\s*:\s*)"((?:[^"\\]|\\.)*)("?)/g, (whole, key: string, colon: string, value: string, close: string) =>
    isSecretKey(key) ? `"${key}"${colon}"${maskValue(value)}${close}` : whole,
  );
}

/**
 * The journal (and the HAR made from it, made to be committed) shows what a client sent and got, never a
 * credential. Names are judged by what they say, not from a list of the ones seen so far: lower-cased and
 * stripped of separators (`X-Api-Key`, `api_key`, `apiKey` and `APIKEY` are one name), a name is a
 * credential's when it ends in one of CREDENTIAL_ENDINGS (`access_token`, `X-Auth-Token`, `client_secret`,
 * `dataActionSecret`, `password`, `x-api-key`…) or is one of CREDENTIAL_NAMES. Headers add `Cookie`,
 * `Set-Cookie`, `Authorization`, `Proxy-Authorization` and any `*-Key`; forms, query strings and free text
 * add `code` (an authorization code, RFC 6749 §4.1.2; in JSON a postal or problem code). A masked value keeps
 * its last four characters when it is long enough to tell two apart.
 */
const CREDENTIAL_ENDINGS = [
  'token',
  'secret',
  'password',
  'passwd',
  'passphrase',
  'apikey',
  'accesskey',
  'secretkey',
  'privatekey',
  'credential',
  'credentials',
  'codeverifier',
  'sessionid',
];
const CREDENTIAL_NAMES = new Set(['key', 'auth', 'authorization', 'proxyauthorization', 'cookie', 'setcookie']);
/** Headers whose value is a URL: its query is masked as any other. */
const URL_HEADERS = new Set(['location', 'content-location', 'referer']);

export function maskValue(value: string): string {
  return value.length >= 16 ? `***${value.slice(-4)}` : '***';
}

function squash(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Whether a JSON key, form field or query parameter names a credential. */
export function isSecretKey(key: string): boolean {
  const name = squash(key);
  return CREDENTIAL_NAMES.has(name) || CREDENTIAL_ENDINGS.some((ending) => name.endsWith(ending));
}

/** In forms, query strings and free text `code` is an authorization code too. */
function isSecretParam(key: string): boolean {
  return squash(key) === 'code' || isSecretKey(key);
}

/** Whether a header carries a credential: the names above, and any `*-Key` header (`X-Api-Key`, `Api-Key`, `X-Client-Key`). */
export function isSecretHeader(name: string): boolean {
  return isSecretKey(name) || /(?:^|[-_])key$/i.test(name);
}

/** `Bearer abc…` keeps its scheme; `Location: …?code=…` has its code masked. */
export function maskHeaders(headers: Record<string, string | string[] | number | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, raw] of Object.entries(headers)) {
    if (raw === undefined) continue;
    const value = Array.isArray(raw) ? raw.join(', ') : String(raw);
    const lower = name.toLowerCase();
    if (isSecretHeader(lower)) {
      const scheme = /^(Bearer|Basic|Digest|Token|ApiKey)\s+(.*)$/i.exec(value);
      out[lower] = scheme ? `${scheme[1]} ${maskValue(scheme[2] as string)}` : maskValue(value);
    } else if (URL_HEADERS.has(lower)) {
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
      return isSecretParam(key) ? `${pair.slice(0, eq)}=${maskValue(pair.slice(eq + 1))}` : pair;
    })
    .join('&');
}

/** A JSON value with every secret-named key's value masked (a string, or a number such as a PIN), at any depth. */
export function maskJson(value: unknown, depth = 0): unknown {
  if (depth > 32 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => maskJson(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value))
    out[key] = (typeof v === 'string' || typeof v === 'number') && isSecretKey(key) ? maskValue(String(v)) : maskJson(v, depth + 1);
  return out;
}

/** Secrets in free text (an HTML redirect page naming its Location, an error echoing a form): `code=…` and the like. */
export function maskText(text: string): string {
  return maskJsonPairs(text).replace(/([A-Za-z0-9_.[\]-]{1,64})=([^&\s"'<>]+)/g, (whole, key: string, value: string) =>
    isSecretParam(key) ? `${key}=${maskValue(value)}` : whole,
  );
}

/**
 * `"secret": "…"` pairs in a text that is not parsed as JSON: a body cut short, one that does not parse, or JSON
 * sent as `text/plain`. The masking must not depend on the body being well-formed or honestly labelled.
 * The value pattern has no nested quantifier, so it runs in linear time on any text.
 */
export function maskJsonPairs(text: string): string {
  return text.replace(/"([A-Za-z0-9_.-]{1,64})"(\s*:\s*)"((?:[^"\\]|\\.)*)("?)/g, (whole, key: string, colon: string, value: string, close: string) =>
    isSecretKey(key) ? `"${key}"${colon}"${maskValue(value)}${close}` : whole,
  );
}

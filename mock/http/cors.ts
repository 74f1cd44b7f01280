// Retry-After is not CORS-safelisted: a page's error screen reads it from a 503 or 429 (a stub's, docs/stubs.md).
// X-Contract-Version: a page moving to a new contract one screen at a time reads which one answered (--previous-spec).
const EXPOSED = [
  'X-Total-Count',
  'WWW-Authenticate',
  'X-Mock-Warnings',
  'X-Contract-Violations',
  'Location',
  'Retry-After',
  'X-Mock-Stub',
  'X-Contract-Version',
].join(', ');

export interface CorsOptions {
  /**
   * Origins allowed to send credentials (cookies, HTTP auth) with `--cors-origins`; they are echoed with
   * `Access-Control-Allow-Credentials: true`. Without it every origin may call the API, without credentials.
   */
  origins?: readonly string[];
}

/**
 * CORS headers for browser clients of the API on any origin (a dev server on :5173, :3000, …). A bearer token is
 * an ordinary request header, not a credential in the Fetch sense, so `*` is enough for it; credentials are
 * allowed only to the origins named (Fetch standard §3.2.5: never with `*`). The controls under /__mock get no
 * CORS headers at all: no other origin may read them. Appended to `head` (a flat name, value list), so the
 * lifecycle sets the same headers whatever the route and the transport.
 */
export function appendCorsHeaders(head: string[], url: string, origin: string | undefined, options: CorsOptions = {}): void {
  if (url === '/__mock' || url.startsWith('/__mock/') || url.startsWith('/__mock?')) return;
  if (!origin) return;
  const listed = options.origins ?? [];
  if (listed.length === 0) {
    head.push('Access-Control-Allow-Origin', '*');
  } else {
    if (listed.some((o) => o.replace(/\/+$/, '').toLowerCase() === origin.toLowerCase())) {
      head.push('Access-Control-Allow-Origin', origin, 'Access-Control-Allow-Credentials', 'true');
    }
    head.push('Vary', 'Origin');
  }
  head.push('Access-Control-Expose-Headers', EXPOSED);
}

/**
 * A CORS preflight (Fetch standard §4.8: OPTIONS with Access-Control-Request-Method) outside the controls, and
 * the head that answers it (204) beside the CORS headers: answered before auth, as a preflight never carries
 * the Authorization header. undefined when the request is no preflight.
 */
export function preflightHeaders(method: string, path: string, headers: Readonly<Record<string, string | string[] | undefined>>): string[] | undefined {
  const controls = path === '/__mock' || path.startsWith('/__mock/');
  if (controls || method !== 'OPTIONS' || !headers['access-control-request-method']) return undefined;
  const asked = headers['access-control-request-headers'];
  return [
    'Access-Control-Allow-Methods',
    'GET, POST, PUT, PATCH, DELETE, OPTIONS',
    'Access-Control-Allow-Headers',
    (Array.isArray(asked) ? asked.join(', ') : asked) ?? 'Authorization, Content-Type, community-id, Prefer',
    'Access-Control-Max-Age',
    '600',
  ];
}

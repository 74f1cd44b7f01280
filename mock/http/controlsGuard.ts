import { type ApiRequest, firstValue } from '../exchange/ApiExchange.ts';
import { sameBytes, sha256 } from '../sha256.ts';
import { HttpProblem } from '../problems/HttpProblem.ts';

export interface ControlsGuardOptions {
  /** When set, every control needs `Authorization: Bearer <adminToken>` (always set when bound beyond loopback). */
  adminToken?: string;
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a path is a control's (`/__mock` and below): the routes this guard stands in front of. */
export function isControlPath(path: string): boolean {
  return path === '/__mock' || path.startsWith('/__mock/');
}

/** The dashboard's own page loads without the token: it asks for it. */
function isDashboardPage(method: string, path: string): boolean {
  return (method === 'GET' || method === 'HEAD') && (path === '/__mock/ui' || path.startsWith('/__mock/ui/'));
}

/**
 * The lifecycle's stage in front of every control: the problem that refuses the request, or undefined.
 * Reads from another site are refused (except the dashboard's page). A browser page on another origin can
 * still *send* a simple request (a `text/plain` POST needs no preflight), so a state-changing control refuses
 * any request a browser marks as coming from elsewhere: an `Origin` other than the mock's own, or
 * `Sec-Fetch-Site` other than same-origin/none (Fetch Metadata). Then, when an admin token is set, it must be
 * presented (RFC 6750 §2.1), compared in constant time (over digests, so lengths tell nothing either).
 */
export function refuseControl(request: ApiRequest, options: ControlsGuardOptions): HttpProblem | undefined {
  const { method, path } = request;
  const site = firstValue(request.headers['sec-fetch-site']);
  const origin = firstValue(request.headers.origin);
  const own = request.origin?.toLowerCase();
  const ownHost = `http://${firstValue(request.headers.host) ?? ''}`.toLowerCase();
  const foreignOrigin =
    origin !== undefined && origin.toLowerCase() !== own && origin.toLowerCase() !== ownHost && origin.toLowerCase() !== ownHost.replace('http:', 'https:');
  const fromElsewhere = SAFE.has(method)
    ? // A read is refused only when a browser says another site asked for it: a GET of the journal costs
      // work and shows data, and any page can send one (Fetch Metadata). The dashboard's page itself can be opened from a link.
      !isDashboardPage(method, path) && (site === 'cross-site' || foreignOrigin)
    : (typeof site === 'string' && site !== 'same-origin' && site !== 'none') || foreignOrigin;
  if (fromElsewhere) {
    return new HttpProblem(
      'cross_site_request',
      `The mock controls accept requests only from their own origin or from non-browser clients; this one came from ${origin ?? `a ${String(site)} page`}.`,
    );
  }
  if (options.adminToken === undefined || isDashboardPage(method, path)) return undefined;
  const header = firstValue(request.headers.authorization) ?? '';
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (match && sameBytes(sha256(match[1] as string), sha256(options.adminToken))) return undefined;
  return new HttpProblem(
    'admin_token_required',
    match
      ? 'The admin token is wrong.'
      : 'Send Authorization: Bearer <admin token>: the token printed at start, or the one given with --admin-token or MOCK_ADMIN_TOKEN.',
    { headers: { 'WWW-Authenticate': `Bearer realm="mock controls"${match ? ', error="invalid_token"' : ''}` } },
  );
}

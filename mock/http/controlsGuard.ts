import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { HttpProblem } from '../problems/HttpProblem.ts';
import { writeProblem } from '../problems/writeProblem.ts';
import { urlInMock } from '../mountPath.ts';

export interface ControlsGuardOptions {
  /** When set, every control needs `Authorization: Bearer <adminToken>` (always set when bound beyond loopback). */
  adminToken?: string;
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The dashboard's own page (and its static assets) loads without the token: it asks for it. */
function isDashboardPage(method: string, path: string): boolean {
  return (method === 'GET' || method === 'HEAD') && (path === '/ui' || path.startsWith('/ui/'));
}

function sameDigest(a: string, b: string): boolean {
  const digest = (s: string): Buffer => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/**
 * Mounted on /__mock. Reads from another site are refused too (except the dashboard's page). A browser page on another origin can still *send* a simple request (a `text/plain` POST
 * needs no preflight), so a state-changing control refuses any request a browser marks as coming from
 * elsewhere: an `Origin` other than the mock's own, or `Sec-Fetch-Site` other than same-origin/none (Fetch
 * Metadata). Then, when an admin token is set, it must be presented (RFC 6750 §2.1), compared in constant time.
 */
export function controlsGuard(options: ControlsGuardOptions): RequestHandler {
  return (req, res, next) => {
    const site = req.headers['sec-fetch-site'];
    const origin = req.headers.origin;
    const own = typeof res.locals.publicOrigin === 'string' ? (res.locals.publicOrigin as string).toLowerCase() : undefined;
    const ownHost = `http://${req.headers.host ?? ''}`.toLowerCase();
    const foreignOrigin =
      origin !== undefined && origin.toLowerCase() !== own && origin.toLowerCase() !== ownHost && origin.toLowerCase() !== ownHost.replace('http:', 'https:');
    const fromElsewhere = SAFE.has(req.method)
      ? // A read is refused only when a browser says another site asked for it: a GET of the journal costs
        // work and shows data, and any page can send one (Fetch Metadata). The dashboard's page itself can be opened from a link.
        !isDashboardPage(req.method, req.path) && (site === 'cross-site' || foreignOrigin)
      : (typeof site === 'string' && site !== 'same-origin' && site !== 'none') || foreignOrigin;
    if (fromElsewhere) {
      writeProblem(
        res,
        new HttpProblem(
          'cross_site_request',
          `The mock controls accept requests only from their own origin or from non-browser clients; this one came from ${origin ?? `a ${String(site)} page`}.`,
        ),
        urlInMock(req, res),
      );
      return;
    }
    if (options.adminToken !== undefined && !isDashboardPage(req.method, req.path)) {
      const header = req.headers.authorization ?? '';
      const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
      if (!match || !sameDigest(match[1] as string, options.adminToken)) {
        writeProblem(
          res,
          new HttpProblem(
            'admin_token_required',
            match
              ? 'The admin token is wrong.'
              : 'Send Authorization: Bearer <admin token>: the token printed at start, or the one given with --admin-token or MOCK_ADMIN_TOKEN.',
            {
              headers: { 'WWW-Authenticate': `Bearer realm="mock controls"${match ? ', error="invalid_token"' : ''}` },
            },
          ),
          urlInMock(req, res),
        );
        return;
      }
    }
    next();
  };
}

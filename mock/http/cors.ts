import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';

const EXPOSED = ['X-Total-Count', 'WWW-Authenticate', 'X-Mock-Warnings', 'X-Contract-Violations', 'Location'].join(', ');

/**
 * CORS for browser clients on any origin (a dev server on :5173, :3000, …). The origin is echoed rather than
 * "*" so requests with credentials work too. A plain function, so the API pipeline sets the same headers.
 */
export function corsHeaders(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  if (origin) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Vary', 'Origin');
    res.setHeader('Access-Control-Expose-Headers', EXPOSED);
  }
}

/** Preflights are answered here, before auth, as the Fetch standard requires (a preflight never carries the Authorization header). */
export function cors(): RequestHandler {
  return (req, res, next) => {
    corsHeaders(req, res);
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
      res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? 'Authorization, Content-Type, community-id, Prefer');
      res.setHeader('Access-Control-Max-Age', '600');
      res.status(204).end();
      return;
    }
    next();
  };
}

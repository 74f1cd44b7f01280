import type { IncomingMessage } from 'node:http';

/** Plain path segments only: a mount path is put into URLs and pages, so anything else is not taken as one. */
const SAFE_PATH = /^(?:\/(?!\.{1,2}(?:\/|$))[A-Za-z0-9._~%-]+)+$/;

const pathOf = (url: string | undefined): string | undefined => url?.split('?')[0];

/**
 * Where a host app mounted the mock (`app.use('/api', mockMiddleware())`, Vite's `server.middlewares.use`):
 * Express and Connect cut the mount path off `req.url` and keep the URL as sent in `req.originalUrl`, so the
 * mount path is what was cut. '' for the server itself, which is mounted nowhere. A path that is not plain
 * segments is not taken (the links stay at the root rather than carry what a request put there).
 */
export function mountPath(req: Pick<IncomingMessage, 'url'> & { originalUrl?: string }): string {
  const sent = pathOf(req.originalUrl);
  const seen = pathOf(req.url);
  if (sent === undefined || seen === undefined || sent === seen) return '';
  // Connect and Express give '/' for the mount path itself ('/api' and '/api/' alike).
  const cut = sent.endsWith(seen) ? sent.slice(0, sent.length - seen.length) : seen === '/' ? sent : '';
  const path = cut.replace(/\/+$/, '');
  return SAFE_PATH.test(path) ? path : '';
}

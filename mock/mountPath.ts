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

/**
 * The mount path the app saw on entry (mock/app.ts records it before any router of its own cuts `req.url`
 * further): every URL the mock serves or links to starts with it.
 */
export function mountPathOf(res: { locals?: Record<string, unknown> }): string {
  const known = res.locals?.mountPath;
  return typeof known === 'string' ? known : '';
}

/**
 * The URL of the request within the mock (the mount path cut off, as `req.url` is on entry): what a problem's
 * `instance` names, so a mounted mock answers the bytes the server answers (the API pipeline sees the same).
 */
export function urlInMock(req: { originalUrl: string }, res: { locals?: Record<string, unknown> }): string {
  return req.originalUrl.slice(mountPathOf(res).length) || '/';
}

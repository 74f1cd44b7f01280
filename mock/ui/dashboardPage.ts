import { readFileSync } from 'node:fs';
import type { RequestHandler } from 'express';

/** The dashboard is one self-contained page (its style and script inline), so it is one static response. */
const PAGE = readFileSync(new URL('./dashboard.html', import.meta.url), 'utf8');

/**
 * `GET /__mock/ui`. The Content-Security-Policy keeps the page to this mock: it can reach nothing else, and
 * no other site may frame it (clickjacking the reset button).
 */
export function dashboardPage(): RequestHandler {
  return (_req, res) => {
    res.setHeader(
      'Content-Security-Policy',
      "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data: blob:; form-action 'none'; frame-ancestors 'none'; base-uri 'none'",
    );
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(PAGE);
  };
}

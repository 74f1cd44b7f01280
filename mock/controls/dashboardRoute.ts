import { readFileSync } from 'node:fs';
import { type MockRoute, textAnswer } from '../exchange/MockRoute.ts';

/** The dashboard is one self-contained page (its style and script inline), so it is one static answer. */
const PAGE = readFileSync(new URL('../ui/dashboard.html', import.meta.url), 'utf8');

/**
 * The Content-Security-Policy keeps the page to this mock: it can reach nothing else, and no other site may
 * frame it (clickjacking the reset button).
 */
const CSP =
  "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data: blob:; form-action 'none'; frame-ancestors 'none'; base-uri 'none'";

/**
 * `GET /__mock/ui`, the dashboard's page. It reads its file with node:fs, so only the Node mounts list it; the
 * page is public, the controls it calls are what the admin token guards.
 */
export function dashboardRoute(): MockRoute {
  return {
    method: 'GET',
    path: '/__mock/ui',
    handle: () => textAnswer(200, 'text/html', PAGE, { 'Content-Security-Policy': CSP, 'Cache-Control': 'no-cache' }),
  };
}

/**
 * What the authorization server answers, whatever carried the request: the Express router of the server
 * (sendOAuthAnswer) and the Fetch handler of createMock (createOAuthRoutes) write the same status, headers and
 * body, so a login in a browser page runs the very code a login on the server runs.
 */
export interface OAuthAnswer {
  status: number;
  /** Headers in the order written; Content-Type included when there is a body. */
  headers: Record<string, string>;
  body: string;
}

/** A JSON answer, as every route writes one. */
export { jsonAnswer } from '../exchange/MockRoute.ts';

/**
 * The authorization response leaves by redirect only (RFC 6749 §4.1.2), and must not be cached or leak by
 * Referer (it carries a code). The body is the short text a redirect traditionally carries.
 */
export function redirectAnswer(status: 302 | 303, location: string): OAuthAnswer {
  return {
    status,
    headers: {
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      Location: location,
      'Content-Type': 'text/plain; charset=utf-8',
    },
    body: `${status === 302 ? 'Found' : 'See Other'}. Redirecting to ${location}`,
  };
}

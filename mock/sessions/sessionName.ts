/** The request header that names a session (docs/sessions.md). */
export const SESSION_HEADER = 'x-mock-session';
/** The cookie a browser that cannot set headers carries instead (set by PUT /__mock/session). */
export const SESSION_COOKIE = 'mock_session';

const NAME = /^[A-Za-z0-9._-]{1,64}$/;

export function isSessionName(value: string): boolean {
  return NAME.test(value);
}

/** A request of any transport, as far as its session is concerned: its headers, by lower-cased name. */
export interface WithHeaders {
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

/** Where a request's session name came from; the header wins over the cookie. */
export interface NamedSession {
  name: string;
  via: 'header' | 'cookie';
}

/**
 * The session a request names, unchecked: the X-Mock-Session header, else the mock_session cookie, else none
 * (the default session). Repeated headers arrive joined by ", ", which is no valid name, so they are refused.
 */
export function namedSession(req: WithHeaders): NamedSession | undefined {
  const header = req.headers[SESSION_HEADER];
  if (header !== undefined) return { name: Array.isArray(header) ? header.join(', ') : header, via: 'header' };
  const cookies = req.headers.cookie;
  const cookie = readCookie(Array.isArray(cookies) ? cookies.join('; ') : cookies, SESSION_COOKIE);
  return cookie === undefined ? undefined : { name: cookie, via: 'cookie' };
}

/** RFC 6265 §5.4 cookie-string: `name=value` pairs separated by "; " (the first one of that name wins). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name)
      return part
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1');
  }
  return undefined;
}

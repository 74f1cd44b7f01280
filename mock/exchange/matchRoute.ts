import type { MockRoute } from './MockRoute.ts';

/** A route found for a request: the route and its path parameters. */
export interface RouteMatch {
  route: MockRoute;
  params: Record<string, string>;
}

/** Finds a request's route: the match, else the methods the path has (for a 405), else nothing. */
export type RouteMatcher = (method: string, path: string) => RouteMatch | { allowed: string[] } | undefined;

interface Compiled {
  route: MockRoute;
  segments: string[];
  /** The pattern ends in `*`: any rest of the path, even none. */
  rest: boolean;
}

/**
 * The routes as a matcher, first listed first: literal segments equal, `:name` takes one non-empty segment
 * (percent-decoded; a segment that does not decode is no match), a last `*` takes any rest. A GET route
 * answers HEAD (RFC 9110 §9.3.2). Trailing slashes count, as in Express's strict routing, save one after the
 * whole path (`/docs/`), which Express's default routing also ignores.
 */
export function matchRoute(routes: readonly MockRoute[]): RouteMatcher {
  const compiled: Compiled[] = routes.map((route) => {
    const segments = route.path.split('/').slice(1);
    const rest = segments.at(-1) === '*';
    return { route, segments: rest ? segments.slice(0, -1) : segments, rest };
  });
  return (method, path) => {
    const asked = method === 'HEAD' ? 'GET' : method;
    const parts = (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path).split('/').slice(1);
    const allowed = new Set<string>();
    for (const candidate of compiled) {
      const params = paramsOf(candidate, parts, path);
      if (!params) continue;
      if (candidate.route.method === asked) return { route: candidate.route, params };
      allowed.add(candidate.route.method);
    }
    return allowed.size > 0 ? { allowed: [...allowed] } : undefined;
  };
}

function paramsOf({ segments, rest }: Compiled, parts: string[], path: string): Record<string, string> | undefined {
  if (rest ? parts.length < segments.length : parts.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as string;
    const part = parts[i] as string;
    if (segment.startsWith(':')) {
      if (part === '') return undefined;
      try {
        params[segment.slice(1)] = decodeURIComponent(part);
      } catch {
        return undefined;
      }
    } else if (segment !== part) return undefined;
  }
  if (rest)
    params['*'] = path
      .split('/')
      .slice(segments.length + 1)
      .join('/');
  return params;
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { type HostPolicy, isAllowedHost } from './hostAllowList.ts';
import { HttpProblem } from '../problems/HttpProblem.ts';
import { problemBody } from '../problems/writeProblem.ts';
import { LruCache } from '../store/LruCache.ts';

/**
 * The host check over plain node:http, before anything is read: a `Host` that is not the mock's own is
 * answered 403 (as Vite and webpack-dev-server do against DNS rebinding), HTTP/1.1 without Host a 400; true
 * when the request was answered (refused).
 */
export function refuseForeignHost(req: IncomingMessage, res: ServerResponse, policy: HostPolicy): boolean {
  const host = req.headers.host;
  let problem: HttpProblem | undefined;
  if (host === undefined && req.httpVersion !== '1.0') {
    problem = new HttpProblem('malformed_http', 'HTTP/1.1 requires a Host header (RFC 9112 §3.2).');
  } else if (!allowed(host, policy)) {
    const shown = JSON.stringify(String(host).slice(0, 100));
    problem = new HttpProblem(
      'host_not_allowed',
      `Blocked request: the host ${shown} is not one of this mock's names. To allow it, start the mock with --allowed-hosts ${String(host).split(':')[0]?.slice(0, 100)} (or --public-url).`,
    );
  }
  if (!problem) return false;
  const body = JSON.stringify(problemBody(problem));
  res.statusCode = problem.status;
  res.setHeader('Content-Type', 'application/problem+json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
  return true;
}

// A client sends the same Host on every request: the verdict is kept per policy for the values seen last.
const verdicts = new WeakMap<HostPolicy, LruCache<string, boolean>>();
const MAX_KEPT = 64;

function allowed(host: string | undefined, policy: HostPolicy): boolean {
  if (host === undefined) return isAllowedHost(host, policy);
  let kept = verdicts.get(policy);
  if (!kept) verdicts.set(policy, (kept = new LruCache(MAX_KEPT)));
  return kept.get(host, (h) => isAllowedHost(h, policy));
}

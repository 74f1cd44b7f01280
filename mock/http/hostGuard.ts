import type { RequestHandler } from 'express';
import { type HostPolicy, isAllowedHost } from './hostAllowList.ts';
import { HttpProblem } from './HttpProblem.ts';
import { publicOrigin } from './publicOrigin.ts';
import { writeProblem } from './writeProblem.ts';

/**
 * First stop of every request: a `Host` that is not the mock's own is refused (403, as Vite and
 * webpack-dev-server do against DNS rebinding) before anything reads or changes state; an allowed one fixes
 * `res.locals.publicOrigin`, from which the OAuth issuer and every served URL are built.
 */
export function hostGuard(policy: HostPolicy): RequestHandler {
  return (req, res, next) => {
    const host = req.headers.host;
    if (host === undefined && req.httpVersion !== '1.0') {
      writeProblem(res, new HttpProblem('malformed_http', 'HTTP/1.1 requires a Host header (RFC 9112 §3.2).'));
      return;
    }
    if (!isAllowedHost(host, policy)) {
      const shown = JSON.stringify(String(host).slice(0, 100));
      writeProblem(res, new HttpProblem('host_not_allowed', `Blocked request: the host ${shown} is not one of this mock's names. To allow it, start the mock with --allowed-hosts ${String(host).split(':')[0]?.slice(0, 100)} (or --public-url).`));
      return;
    }
    res.locals.publicOrigin = publicOrigin(req, policy, req.socket.localPort);
    next();
  };
}

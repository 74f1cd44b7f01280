import type { IncomingMessage, ServerResponse } from 'node:http';
import { actOutOnNode } from './actOutOnNode.ts';
import type { ApiPipeline } from './createApiPipeline.ts';
import type { HostPolicy } from './hostAllowList.ts';
import { refuseForeignHost } from './hostGuard.ts';
import { readRequestBody } from './readRequestBody.ts';
import { splitRequestUrl } from './splitRequestUrl.ts';

/**
 * The API lifecycle on node:http: true when the request was an API operation (it is then answered, always),
 * false to let the caller pass it on (createApp mounts it as Express middleware; the standalone server calls
 * it before Express).
 */
export type NodeMount = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * A thin mount: the host check (DNS rebinding is a threat to a server that listens, so it is this mount's, and
 * it refuses before anything is read, for every route alike), the request as an ApiRequest whose body is read
 * only when the lifecycle asks (body-parser's limits and errors), and the answer written head and body at once.
 * Node's own headers object is handed over as is: nothing is copied per request.
 */
export function mountOnNode(pipeline: ApiPipeline, host: HostPolicy = {}): NodeMount {
  return (req, res) => {
    if (refuseForeignHost(req, res, host)) return true;
    const url = req.url ?? '/';
    const { path, search } = splitRequestUrl(url);
    const headers = req.headers;
    // Without Content-Length or Transfer-Encoding there is no body (RFC 9112 §6.3): no reader to make.
    const bodied = headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined;
    const answered = pipeline({ method: req.method ?? 'GET', url, path, search, headers, body: bodied ? () => readRequestBody(req, res) : undefined });
    if (!answered) return false;
    answered.then(
      (answer) => {
        if (answer.fault) return actOutOnNode(req, res, { ...answer, fault: answer.fault });
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body);
      },
      // The lifecycle answers its own failures (a 500 problem); a rejection here has no answer left to give.
      (error: unknown) => res.destroy(error as Error),
    );
    return true;
  };
}

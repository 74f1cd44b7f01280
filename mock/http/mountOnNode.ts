import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AnswerStream, ApiRequest, BodyReader } from '../exchange/ApiExchange.ts';
import { mountPath } from '../mountPath.ts';
import { actOutOnNode } from './actOutOnNode.ts';
import type { ApiPipeline } from './createApiPipeline.ts';
import type { HostPolicy } from './hostAllowList.ts';
import { refuseForeignHost } from './hostGuard.ts';
import { publicOrigin } from './publicOrigin.ts';
import { readRequestBody } from './readRequestBody.ts';
import { splitRequestUrl } from './splitRequestUrl.ts';

/** The mock on node:http: every request is answered (a host app mounting it passes nothing on). */
export type NodeMount = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * A thin mount: the host check (DNS rebinding is a threat to a server that listens, so it is this mount's, and
 * it refuses before anything is read, for every route alike), the request as an ApiRequest (its origin the
 * one the allowed Host or the public URL names, worked out when first read, its mount path what Express or Connect cut off `req.url`) whose body is read only
 * when the lifecycle asks (body-parser's limits and errors), and the answer written head and body at once, or
 * a streamed body chunk by chunk as the socket drains. Node's own headers object is handed over as is.
 */
export function mountOnNode(pipeline: ApiPipeline, host: HostPolicy = {}): NodeMount {
  return (req, res) => {
    if (refuseForeignHost(req, res, host)) return;
    const bodied = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
    pipeline(new NodeRequest(req, res, host, bodied)).then(
      (answer) => {
        if (answer.fault) return actOutOnNode(req, res, { ...answer, fault: answer.fault });
        const body = answer.body;
        if (body === undefined || typeof body === 'string' || body instanceof Uint8Array) {
          res.writeHead(answer.status, answer.headers);
          res.end(body);
          return;
        }
        res.writeHead(answer.status, answer.headers);
        void writeStream(res, body);
      },
      // The lifecycle answers its own failures (a 500 problem); a rejection here has no answer left to give.
      (error: unknown) => res.destroy(error as Error),
    );
  };
}

/**
 * A node:http request as the lifecycle sees it. A class with a fixed shape, built in one step for every request:
 * an object literal with a getter or a spread costs V8 a runtime call per request. Its origin is worked out only
 * when a route names a URL (the API operations never do): it costs a parse of the Host.
 */
class NodeRequest implements ApiRequest {
  readonly method: string;
  readonly url: string;
  readonly path: string;
  readonly search: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: BodyReader | undefined;
  readonly mountPath: string;

  constructor(
    private readonly req: IncomingMessage,
    res: ServerResponse,
    private readonly host: HostPolicy,
    bodied: boolean,
  ) {
    const url = req.url ?? '/';
    const { path, search } = splitRequestUrl(url);
    this.method = req.method ?? 'GET';
    this.url = url;
    this.path = path;
    this.search = search;
    this.headers = req.headers;
    // Without Content-Length or Transfer-Encoding there is no body (RFC 9112 §6.3): no reader to make.
    this.body = bodied ? (limit) => readRequestBody(req, res, limit) : undefined;
    // What Express or Connect cut off req.url (a host app's mount path); '' for the server itself.
    this.mountPath = (req as { originalUrl?: string }).originalUrl === undefined ? '' : mountPath(req as IncomingMessage & { originalUrl?: string });
  }

  get origin(): string {
    return publicOrigin(this.req, this.host, this.req.socket.localPort);
  }
}

/** A streamed body, chunk by chunk, waiting for the socket to drain; a client that leaves stops the stream. */
async function writeStream(res: ServerResponse, body: AnswerStream): Promise<void> {
  const chunks = body[Symbol.asyncIterator]();
  const gone = new Promise<void>((resolve) => res.once('close', resolve));
  // A stream that waits for its next chunk (an MCP event stream) is ended when the client leaves.
  void gone.then(() => chunks.return?.());
  try {
    for (;;) {
      const next = await Promise.race([chunks.next(), gone.then(() => undefined)]);
      if (next === undefined || next.done || res.destroyed) break;
      if (!res.write(next.value)) await Promise.race([new Promise<void>((resolve) => res.once('drain', resolve)), gone]);
    }
    if (!res.destroyed) res.end();
  } catch (error) {
    // The head is sent: a failure midway can only cut the connection, never pass for a whole answer.
    res.destroy(error as Error);
  }
}

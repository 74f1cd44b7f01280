import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';

/** The mock's body limit: a sync upload of a whole school fits; anything larger is a 413. */
export const BODY_LIMIT = '50mb';

// body-parser's raw reader, as Express mounts it: the same limit, Content-Length check and Content-Encoding
// inflation (gzip, deflate, br) whichever way the pipeline is mounted. It reads plain node:http requests.
// Express is loaded with the first body, not at start: a read never needs it (about 150 ms of a cold start).
let rawParser: Promise<RequestHandler> | undefined;
const loadRawParser = () => (rawParser ??= import('express').then(({ default: express }) => express.raw({ type: () => true, limit: BODY_LIMIT })));

/**
 * The request body as bytes, undefined when the request has none (RFC 9112 §6.3: neither Content-Length nor
 * Transfer-Encoding). Rejects with body-parser's errors (entity.too.large, request.size.invalid, …).
 */
export function readRequestBody(req: IncomingMessage, res: ServerResponse): Promise<Buffer | undefined> | undefined {
  if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) return undefined;
  return loadRawParser().then(
    (parse) =>
      new Promise<Buffer | undefined>((resolve, reject) => {
        parse(req as Request, res as Response, (error?: unknown) => {
          if (error) reject(error);
          else {
            const body: unknown = (req as Request).body;
            resolve(Buffer.isBuffer(body) ? body : undefined);
          }
        });
      }),
  );
}

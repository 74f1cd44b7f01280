import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';

import { BODY_LIMIT } from './bodyLimit.ts';

export { BODY_LIMIT };

// body-parser's raw reader, as Express mounts it: the same limit, Content-Length check and Content-Encoding
// inflation (gzip, deflate, br) whichever way the pipeline is mounted. It reads plain node:http requests.
// Express is loaded with the first body, not at start: a read never needs it (about 150 ms of a cold start).
// One parser per limit (the default, and a state import's larger one).
const rawParsers = new Map<number | string, Promise<RequestHandler>>();
const loadRawParser = (limit: number | string): Promise<RequestHandler> => {
  let parser = rawParsers.get(limit);
  if (!parser) rawParsers.set(limit, (parser = import('express').then(({ default: express }) => express.raw({ type: () => true, limit }))));
  return parser;
};

/**
 * The request body as bytes, undefined when the request has none (RFC 9112 §6.3: neither Content-Length nor
 * Transfer-Encoding). Rejects with body-parser's errors (entity.too.large, request.size.invalid, …).
 */
export function readRequestBody(req: IncomingMessage, res: ServerResponse, limit?: number): Promise<Buffer | undefined> | undefined {
  const length = req.headers['content-length'];
  const encoding = req.headers['content-encoding'];
  if (length === undefined && req.headers['transfer-encoding'] === undefined) return undefined;
  // The common case, a small plain body of a stated length, is read here directly. Node's parser delivers
  // exactly Content-Length bytes, so nothing can go wrong that body-parser would answer: an aborted request
  // has no one left to answer. Anything else (chunked, compressed, large, a repeated or odd length) goes
  // through body-parser for its limits and its precise errors.
  if (
    req.headers['transfer-encoding'] === undefined &&
    (encoding === undefined || encoding === 'identity') &&
    length !== undefined &&
    PLAIN_LENGTH.test(length)
  ) {
    const expected = Number(length);
    if (expected <= SMALL_BODY && (limit === undefined || expected <= limit))
      return new Promise((resolve, reject) => readSmall(req, expected, resolve, reject));
  }
  return loadRawParser(limit ?? BODY_LIMIT).then(
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

const PLAIN_LENGTH = /^\d{1,7}$/;
/** Bodies up to this many bytes are read without body-parser (a data action's request is a few hundred). */
const SMALL_BODY = 64 * 1024;

function readSmall(req: IncomingMessage, expected: number, resolve: (body: Buffer | undefined) => void, reject: (error: unknown) => void): void {
  if (req.readableEnded) {
    // Read by someone else already: as body-parser, answer with what it left (nothing).
    resolve(undefined);
    return;
  }
  let first: Buffer | undefined;
  let rest: Buffer[] | undefined;
  let received = 0;
  req.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (first === undefined) first = chunk;
    else (rest ??= [first]).push(chunk);
  });
  req.on('end', () => {
    if (received !== expected) {
      reject(Object.assign(new Error('request size did not match content length'), { type: 'request.size.invalid', status: 400, expected, received }));
      return;
    }
    resolve(rest ? Buffer.concat(rest, received) : (first ?? Buffer.alloc(0)));
  });
  // As body-parser says it (raw-body's request.aborted), though the client that left will not read it.
  req.on('error', () => reject(Object.assign(new Error('request aborted'), { type: 'request.aborted', status: 400, expected, received })));
}

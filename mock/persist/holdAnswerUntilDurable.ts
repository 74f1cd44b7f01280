import type { ServerResponse } from 'node:http';
import type { RequestHandler, Response } from 'express';
import { HttpProblem } from '../http/HttpProblem.ts';
import { problemBody } from '../http/writeProblem.ts';
import { type Durability, StorageError } from './Durability.ts';

/**
 * No answer leaves before the writes made so far are durable. Node has no "before the response is sent"
 * event, so `res.end` is wrapped: it commits first (one append and one fsync for all recorded writes), then
 * ends as asked. A failed commit has restored the state from disk; the answer becomes a 503 problem instead
 * (or, if a streamed body already sent its headers, the connection is cut: never a false acknowledgement).
 * The raw-node pipeline calls `holdUntilDurable(res, durability)` directly.
 */
export function holdAnswerUntilDurable(durability: Durability): RequestHandler {
  return (_req, res, next) => {
    holdUntilDurable(res, durability);
    next();
  };
}

export function holdUntilDurable(res: Response | ServerResponse, durability: Durability): void {
  const end = res.end.bind(res) as (...args: unknown[]) => unknown;
  (res as { end: (...args: unknown[]) => unknown }).end = (...args: unknown[]) => {
    try {
      durability.commit();
    } catch (error) {
      if (!(error instanceof StorageError)) throw error;
      if (res.headersSent) {
        res.destroy(error);
        return res;
      }
      for (const name of res.getHeaderNames()) if (!name.toLowerCase().startsWith('access-control-')) res.removeHeader(name);
      const body = JSON.stringify(problemBody(new HttpProblem('storage_unavailable', `The write was not kept, and nothing changed: ${error.message}. Try again once the disk is writable.`), res.req?.url));
      res.statusCode = 503;
      res.setHeader('Content-Type', 'application/problem+json');
      res.setHeader('Content-Length', Buffer.byteLength(body));
      res.setHeader('Retry-After', '1');
      return end(body);
    }
    return end(...args);
  };
}

import type { RequestHandler } from 'express';
import type { Durability } from './Durability.ts';
import { commitBeforeAnswer } from './commitBeforeAnswer.ts';

/**
 * The same stage for the Express routes outside the API pipeline (controls, OAuth): Node has no "before the
 * response is sent" event, so `res.end` is wrapped to commit first. Mounted after the request log, so the
 * journal sees the answer really sent (a 503 problem when the commit failed). If a streamed body already
 * sent its headers, the connection is cut: never a false acknowledgement.
 */
export function holdAnswerUntilDurable(durability: Durability): RequestHandler {
  return (req, res, next) => {
    const end = res.end.bind(res) as (...args: unknown[]) => unknown;
    (res as { end: (...args: unknown[]) => unknown }).end = (...args: unknown[]) => {
      const asked = { status: res.statusCode, body: undefined, headers: {} };
      const answer = commitBeforeAnswer(durability, asked, req.originalUrl);
      if (answer === asked) return end(...args);
      if (res.headersSent) {
        res.destroy(new Error('the write could not be made durable'));
        return res;
      }
      for (const name of res.getHeaderNames()) if (!name.toLowerCase().startsWith('access-control-')) res.removeHeader(name);
      const body = JSON.stringify(answer.body);
      res.statusCode = answer.status;
      for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
      res.setHeader('Content-Length', Buffer.byteLength(body));
      return end(body);
    };
    next();
  };
}

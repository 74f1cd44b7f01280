import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { endToEndHeaders } from './hopByHop.ts';

/** Why the upstream gave no usable answer: each becomes a problem the client can act on (502 or 504). */
export class UpstreamError extends Error {
  constructor(
    readonly kind: 'unreachable' | 'timeout' | 'too-large' | 'broken',
    message: string,
  ) {
    super(message);
    this.name = 'UpstreamError';
  }
}

export interface UpstreamAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface ForwardLimits {
  /** The whole exchange, from connecting to the answer's last byte. */
  timeoutMs: number;
  /** The answer's body, in bytes: beyond, the answer is dropped (a proxy that buffers must not buffer anything). */
  maxBodyBytes: number;
}

/**
 * Sends one request to `target` (the URL upstreamTarget built: the upstream's origin, never one a request
 * named) as the client sent it: method, end-to-end headers but Host, body. Reads the answer within the
 * limits; never throws anything but UpstreamError.
 */
export function forwardRequest(target: URL, method: string, headers: IncomingHttpHeaders, body: Buffer, limits: ForwardLimits): Promise<UpstreamAnswer> {
  const outHeaders = endToEndHeaders(headers);
  delete outHeaders.host;
  delete outHeaders['content-length'];
  if (body.length > 0) outHeaders['content-length'] = String(body.length);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<UpstreamAnswer>((resolve, reject) => {
    let settled = false;
    const finish = (error: UpstreamError | undefined, answer?: UpstreamAnswer): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) {
        req.destroy();
        reject(error);
      } else resolve(answer as UpstreamAnswer);
    };
    const req = send(target, { method, headers: outHeaders }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxBodyBytes) {
          res.destroy();
          finish(new UpstreamError('too-large', `the upstream's answer is larger than ${limits.maxBodyBytes} bytes`));
        } else chunks.push(chunk);
      });
      res.on('end', () => finish(undefined, { status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', (error) => finish(new UpstreamError('broken', `the upstream's answer broke off: ${error.message}`)));
    });
    const timer = setTimeout(() => finish(new UpstreamError('timeout', `the upstream did not answer within ${limits.timeoutMs} ms`)), limits.timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) =>
      finish(
        new UpstreamError(
          error.code === 'ECONNREFUSED' || error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN' ? 'unreachable' : 'broken',
          `the upstream ${target.origin} cannot be reached: ${error.code ?? error.message}`,
        ),
      ),
    );
    req.end(body.length > 0 ? body : undefined);
  });
}

import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';

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

/** RFC 9110 §7.6.1: connection-specific headers are not forwarded. */
export const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'proxy-authenticate',
  'proxy-authorization',
]);

/**
 * Sends one request to the upstream as the client sent it (method, path, query, headers but for the
 * hop-by-hop ones and Host, body), and reads the answer within the limits; never throws anything but UpstreamError.
 */
export function forwardRequest(
  upstream: URL,
  method: string,
  pathAndQuery: string,
  headers: IncomingHttpHeaders,
  body: Buffer,
  limits: ForwardLimits,
): Promise<UpstreamAnswer> {
  const target = new URL(upstream.pathname.replace(/\/+$/, '') + pathAndQuery, upstream);
  const outHeaders: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || name === 'host' || name === 'content-length') continue;
    outHeaders[name] = value;
  }
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
          `the upstream ${upstream.origin} cannot be reached: ${error.code ?? error.message}`,
        ),
      ),
    );
    req.end(body.length > 0 ? body : undefined);
  });
}

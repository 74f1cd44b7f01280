import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import express from 'express';
import type { Contract } from '../../spec/contract.ts';
import { Journal } from '../journal/Journal.ts';
import { journalRoutes } from '../controls/journalRoutes.ts';
import { handleErrors } from '../http/handleErrors.ts';
import type { HostPolicy } from '../http/hostAllowList.ts';
import { refuseForeignHost } from '../http/hostGuard.ts';
import { forwardRequest, HOP_BY_HOP, UpstreamError, type ForwardLimits } from './forwardRequest.ts';
import { judgeExchange } from './judgeExchange.ts';
import { proxyDashboardHtml } from './proxyDashboard.ts';

export interface ProxyOptions extends Partial<ForwardLimits> {
  upstream: URL;
  contract: Contract;
  /** The client's request body, in bytes: beyond, a 413 (and nothing is sent upstream). */
  maxRequestBytes?: number;
  /** Exchanges the journal keeps (the newest). */
  journalCapacity?: number;
  /** ISO instants for the journal (injected clock). */
  now?: () => Date;
  log?: (line: string) => void;
  /** Whose `Host` may read the proxy's own pages (its journal holds the traffic): loopback names by default. */
  hostPolicy?: HostPolicy;
}

/** The header that lists what an exchange broke (as the mock flags its own answers). */
export const VIOLATIONS_HEADER = 'X-Contract-Violations';

/**
 * A validating proxy in front of a real implementation: every request goes upstream unchanged and its answer
 * comes back unchanged, plus X-Contract-Violations when the exchange breaks the spec or a per-exchange check
 * of the suite (judgeExchange). Every exchange lands in the proxy's journal (/__mock/journal, its filters,
 * /__mock/journal/har) and on its dashboard (/__mock/ui). An upstream that refuses, stalls or floods gets a
 * 502 or 504 problem (RFC 9457), never a hang: the answer is bounded in time and bytes.
 */
export function createProxyServer(options: ProxyOptions): { server: Server; journal: Journal } {
  const limits: ForwardLimits = { timeoutMs: options.timeoutMs ?? 30_000, maxBodyBytes: options.maxBodyBytes ?? 16 * 1024 * 1024 };
  const maxRequestBytes = options.maxRequestBytes ?? 16 * 1024 * 1024;
  const now = options.now ?? (() => new Date());
  const journal = new Journal(options.journalCapacity ?? 1000);
  const controls = express();
  controls.disable('x-powered-by');
  controls.set('etag', false);
  const router = express.Router();
  router.use(journalRoutes({ own: () => journal, named: () => journal, all: () => [journal] }));
  router.get('/ui', (_req, res) => {
    res.set('content-security-policy', "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'");
    res.type('html').send(proxyDashboardHtml(options.upstream.origin));
  });
  controls.use('/__mock', router);
  controls.use(handleErrors(options.log ?? (() => undefined)));

  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] as string;
    if (path === '/__mock' || path.startsWith('/__mock/')) {
      // Against DNS rebinding, as the mock's controls: a page of another site must not read the journal.
      if (refuseForeignHost(req, res, options.hostPolicy ?? {})) return;
      return void controls(req, res);
    }
    proxy(req, res).catch((error: unknown) => {
      options.log?.(`proxy: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!res.headersSent) problem(res, 502, 'Bad Gateway', 'The proxy could not complete the exchange.');
      else res.destroy();
    });
  });

  async function proxy(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const at = now().toISOString();
    const url = req.url ?? '/';
    const method = req.method ?? 'GET';
    const body = await readBounded(req, maxRequestBytes);
    if (body === undefined) return problem(res, 413, 'Content Too Large', `The request body is larger than ${maxRequestBytes} bytes.`);
    let status: number;
    let responseHeaders: Record<string, string | string[] | number | undefined>;
    let responseBody: Buffer;
    let violations: string[] = [];
    let operationId: string | undefined;
    try {
      const answer = await forwardRequest(options.upstream, method, url, req.headers, body, limits);
      ({ operationId, violations } = judgeExchange(options.contract, {
        method,
        url,
        requestHeaders: req.headers,
        requestBody: body,
        status: answer.status,
        responseHeaders: answer.headers,
        responseBody: answer.body,
      }));
      status = answer.status;
      responseHeaders = {};
      for (const [name, value] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(name) && name !== 'content-length') responseHeaders[name] = value;
      responseHeaders['content-length'] = String(answer.body.length);
      if (violations.length > 0) responseHeaders[VIOLATIONS_HEADER.toLowerCase()] = headerValue(violations);
      responseBody = answer.body;
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      status = error.kind === 'timeout' ? 504 : 502;
      responseBody = Buffer.from(
        JSON.stringify({ type: 'about:blank', title: status === 504 ? 'Gateway Timeout' : 'Bad Gateway', status, detail: error.message }),
      );
      responseHeaders = { 'content-type': 'application/problem+json', 'content-length': String(responseBody.length) };
      violations = [`[proxy] ${error.message}`];
    }
    res.writeHead(status, responseHeaders as Record<string, string | string[]>);
    res.end(method === 'HEAD' ? undefined : responseBody);
    journal.record({
      at,
      method,
      url,
      requestHeaders: req.headers,
      requestBody: body,
      status,
      responseHeaders,
      responseBody,
      durationMs: Math.round(performance.now() - started),
      ...(operationId ? { operationId } : {}),
      ...(violations.length > 0 ? { violations } : {}),
    });
  }

  return { server, journal };
}

/** A header value is one line of visible ASCII (RFC 9110 §5.5): messages are folded into it, bounded. */
function headerValue(violations: readonly string[]): string {
  return violations
    .join('; ')
    .replace(/[^\x20-\x7e]/g, '?')
    .slice(0, 2000);
}

function problem(res: ServerResponse, status: number, title: string, detail: string): void {
  const text = JSON.stringify({ type: 'about:blank', title, status, detail });
  res.writeHead(status, { 'content-type': 'application/problem+json', 'content-length': String(Buffer.byteLength(text)) });
  res.end(text);
}

/** The request body, or undefined when it is longer than `max` (the rest is then not read). */
async function readBounded(req: IncomingMessage, max: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > max) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

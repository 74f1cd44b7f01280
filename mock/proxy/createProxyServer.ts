import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import express from 'express';
import type { Contract } from '../../spec/contract.ts';
import { Journal } from '../journal/Journal.ts';
import { DEFAULT_JOURNAL_BUDGET_BYTES, JournalBudget } from '../journal/JournalBudget.ts';
import { createMockServer } from '../http/createMockServer.ts';
import { handleErrors } from './handleErrors.ts';
import { journalRoutes } from './journalRoutes.ts';
import { proxyControlsGuard } from './proxyControlsGuard.ts';
import { hostnameOf, isAllowedHost, isLoopbackHost, type HostPolicy } from '../http/hostAllowList.ts';
import { refuseForeignHost } from '../http/hostGuard.ts';
import { HttpProblem } from '../problems/HttpProblem.ts';
import { problemBody } from '../problems/writeProblem.ts';
import { answerProblem } from './answerProblem.ts';
import { crossSiteRefusal, normalizeOrigin } from './crossSiteRefusal.ts';
import { forwardRequest, UpstreamError, type ForwardLimits } from './forwardRequest.ts';
import { endToEndHeaders } from './hopByHop.ts';
import type { RecordedExchange } from './harRecorder.ts';
import { judgeExchange } from './judgeExchange.ts';
import { proxyDashboardHtml } from './proxyDashboard.ts';
import { upstreamTarget } from './upstreamTarget.ts';

export interface ProxyOptions extends Partial<ForwardLimits> {
  upstream: URL;
  contract: Contract;
  /** The client's request body, in bytes: beyond, a 413 (and nothing is sent upstream). */
  maxRequestBytes?: number;
  /** Exchanges the journal keeps (the newest). */
  journalCapacity?: number;
  /** Bytes the journal holds at most (`--journal-budget-mb`, the mock's default): the oldest entries go first. */
  journalBudgetBytes?: number;
  /** ISO instants for the journal (injected clock). */
  now?: () => Date;
  log?: (line: string) => void;
  /**
   * Whose `Host` the proxy answers at all (DNS rebinding): loopback names, IP literals, the bound address and
   * `--allowed-hosts`, as the mock. `boundHost` beyond loopback requires `adminToken`.
   */
  hostPolicy?: HostPolicy;
  /** Browser origins besides its own whose requests are forwarded (`--allowed-origins`); see crossSiteRefusal. */
  allowedOrigins?: readonly string[];
  /** Required on the journal, its HAR and its deletion (`--admin-token`), as on the mock's controls. */
  adminToken?: string;
  /** `--record FILE`: every exchange, whole, to a HAR a mock session serves back (harRecorder.ts). */
  record?: (exchange: RecordedExchange) => void;
}

/** The header that lists what an exchange broke (as the mock flags its own answers). */
export const VIOLATIONS_HEADER = 'X-Contract-Violations';

/**
 * A validating proxy in front of a real implementation: every request goes to the upstream fixed here, its
 * path and query unchanged, and its answer comes back unchanged but for the connection's own headers (RFC 9110
 * §7.6.1), plus X-Contract-Violations when the exchange breaks the spec or a per-exchange check of the suite
 * (judgeExchange). It is no open proxy: a request-target naming another host is refused (upstreamTarget), as
 * are a foreign Host (DNS rebinding) and a page of another site (crossSiteRefusal). Every exchange lands in
 * the proxy's journal (/__mock/journal, its filters, /__mock/journal/har; byte-budgeted, secrets masked),
 * guarded as the mock's controls, and on its dashboard (/__mock/ui). An upstream that refuses, stalls or
 * floods gets a 502 or 504 problem (RFC 9457), never a hang: the answer is bounded in time and bytes.
 */
export function createProxyServer(options: ProxyOptions): { server: Server; journal: Journal } {
  const hostPolicy = options.hostPolicy ?? {};
  // Bound beyond loopback, anyone on the network can read the journal (all staging traffic): as the mock's server.
  if (hostPolicy.boundHost !== undefined && !isLoopbackHost(hostPolicy.boundHost) && !options.adminToken)
    throw new Error(`a proxy bound to ${hostPolicy.boundHost} (beyond loopback) needs an admin token for its journal (--admin-token)`);
  const limits: ForwardLimits = { timeoutMs: options.timeoutMs ?? 30_000, maxBodyBytes: options.maxBodyBytes ?? 16 * 1024 * 1024 };
  const maxRequestBytes = options.maxRequestBytes ?? 16 * 1024 * 1024;
  const now = options.now ?? (() => new Date());
  const journal = new Journal(options.journalCapacity ?? 1000, new JournalBudget(options.journalBudgetBytes ?? DEFAULT_JOURNAL_BUDGET_BYTES));
  const allowedOrigins = new Set((options.allowedOrigins ?? []).map(normalizeOrigin));
  const controls = express();
  controls.disable('x-powered-by');
  controls.set('etag', false);
  // The mock's own guard: another site's page is refused, and the admin token is required when set.
  controls.use('/__mock', proxyControlsGuard(options.adminToken !== undefined ? { adminToken: options.adminToken } : {}));
  const router = express.Router();
  router.use(journalRoutes({ own: () => journal, named: () => journal, all: () => [journal] }));
  router.get('/ui', (_req, res) => {
    res.set('content-security-policy', "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'");
    res.type('html').send(proxyDashboardHtml(options.upstream.origin));
  });
  controls.use('/__mock', router);
  controls.use(handleErrors(options.log ?? (() => undefined)));

  // This proxy's own authority (absolute-form may name it): an allowed host name on the port it listens on.
  const isSelf = (port: number | undefined) => (authority: string) =>
    hostnameOf(authority) !== undefined && isAllowedHost(authority, hostPolicy) && Number(/:(\d+)$/.exec(authority)?.[1] ?? 80) === port;

  // The mock's server: slow clients cut, the parser's refusals (authority-form with GET…) answered as problems.
  const server = createMockServer((req, res) => {
    // Against DNS rebinding, on every path: a page whose name was re-pointed here must reach nothing.
    if (refuseForeignHost(req, res, hostPolicy)) return;
    const target = upstreamTarget(options.upstream, req.url ?? '', isSelf(req.socket.localPort));
    if ('refused' in target) return answerProblem(res, 'malformed_http', target.refused);
    const path = target.pathAndQuery.split('?')[0] as string;
    if (path === '/__mock' || path.startsWith('/__mock/')) {
      req.url = target.pathAndQuery;
      return void controls(req, res);
    }
    const crossSite = crossSiteRefusal(req, allowedOrigins);
    if (crossSite !== undefined) return answerProblem(res, 'cross_site_request', crossSite);
    proxy(req, res, target.url, target.pathAndQuery).catch((error: unknown) => {
      options.log?.(`proxy: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!res.headersSent) problem(res, 502, 'Bad Gateway', 'The proxy could not complete the exchange.');
      else res.destroy();
    });
  });

  // A CONNECT asks for a tunnel (authority-form, RFC 9112 §3.2.3): this proxy opens none.
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    const body = JSON.stringify(problemBody(new HttpProblem('malformed_http', 'This proxy opens no tunnels: CONNECT is refused (RFC 9110 §9.3.6).')));
    socket.end(
      `HTTP/1.1 400 Bad Request\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });

  async function proxy(req: IncomingMessage, res: ServerResponse, target: URL, url: string): Promise<void> {
    const started = performance.now();
    const at = now().toISOString();
    const method = req.method ?? 'GET';
    const body = await readBounded(req, maxRequestBytes);
    if (body === undefined) return problem(res, 413, 'Content Too Large', `The request body is larger than ${maxRequestBytes} bytes.`);
    let status: number;
    let responseHeaders: Record<string, string | string[] | number | undefined>;
    let responseBody: Buffer;
    let violations: string[] = [];
    let operationId: string | undefined;
    try {
      const answer = await forwardRequest(target, method, req.headers, body, limits);
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
      responseHeaders = endToEndHeaders(answer.headers);
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
    const exchange = {
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
    };
    journal.record({ ...exchange, ...(violations.length > 0 ? { violations } : {}) });
    // The recording (--record) keeps the exchange as it went, without the proxy's own verdict.
    options.record?.(exchange);
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

import type { IncomingHttpHeaders } from 'node:http';
import type { Contract } from '../../spec/contract.ts';
import type { Check } from '../../conformance/checks/Check.ts';
import { communityScope } from '../../conformance/checks/communityScope.ts';
import { contentType } from '../../conformance/checks/contentType.ts';
import type { ExchangeInput } from '../../conformance/checks/ExchangeInput.ts';
import { keySpelling } from '../../conformance/checks/keySpelling.ts';
import { noServerError } from '../../conformance/checks/noServerError.ts';
import { responseSchema } from '../../conformance/checks/responseSchema.ts';
import { statusDocumented } from '../../conformance/checks/statusDocumented.ts';
import { isRecord, itemsOf } from '../../conformance/checks/values.ts';
import type { Exchange } from '../../conformance/client/Exchange.ts';

/** The suite's checks of one exchange on its own (conformance/checks), the proxy's judges. */
const PER_EXCHANGE: ReadonlyArray<Check<ExchangeInput>> = [noServerError, statusDocumented, contentType, responseSchema, keySpelling];

export interface ProxiedExchange {
  method: string;
  /** Path and query as the client sent them. */
  url: string;
  requestHeaders: IncomingHttpHeaders;
  requestBody: Buffer;
  status: number;
  responseHeaders: IncomingHttpHeaders;
  responseBody: Buffer;
}

/**
 * What an exchange through the proxy breaks: the request against the spec, then the answer against the suite's
 * per-exchange checks (status documented, content type, schema, key spelling, no 5xx) and, for groups, the
 * community scope. Each as `[MUST] check: message`; none for a request outside the spec's operations.
 */
export function judgeExchange(contract: Contract, x: ProxiedExchange): { operationId?: string; violations: string[] } {
  const url = new URL(x.url, 'http://proxy');
  const match = contract.matchOperation(x.method, url.pathname);
  if (!match) return { violations: [] };
  const { operationId } = match.operation;
  const flat = (headers: IncomingHttpHeaders): Record<string, string> =>
    Object.fromEntries(Object.entries(headers).flatMap(([k, v]) => (v === undefined ? [] : [[k.toLowerCase(), Array.isArray(v) ? v.join(', ') : v]])));
  const requestHeaders = flat(x.requestHeaders);
  const requestText = x.requestBody.toString('utf8');
  const violations: string[] = [];
  const validation = contract.validateRequest(operationId, {
    path: match.pathParams,
    query: Object.fromEntries(url.searchParams),
    headers: requestHeaders,
    body: x.requestBody.length > 0 ? parse(requestText) : undefined,
    ...(requestHeaders['content-type'] ? { contentType: requestHeaders['content-type'] } : {}),
  });
  for (const error of validation.errors.slice(0, 5)) violations.push(`[request] ${error.in}${error.path ? ` ${error.path}` : ''}: ${error.message}`);
  const responseText = x.responseBody.toString('utf8');
  const exchange: Exchange = {
    id: 0,
    operationId,
    request: { method: x.method, url: x.url, headers: requestHeaders, ...(requestText ? { body: requestText } : {}) },
    response: { status: x.status, headers: flat(x.responseHeaders), bodyText: responseText, body: parse(responseText) },
    durationMs: 0,
    curl: '',
  };
  const failures = PER_EXCHANGE.flatMap((check) => check.run({ contract, exchange }));
  const body = exchange.response?.body;
  if (['listGroups', 'searchGroups', 'getGroup'].includes(operationId) && x.status < 300) {
    const items = operationId === 'getGroup' ? (isRecord(body) ? [body] : []) : itemsOf(body);
    const first = items.find((g) => typeof g.community === 'string');
    const header = requestHeaders['community-id'];
    if (first) failures.push(...communityScope.run({ exchange, community: first.community as string, items, ...(header ? { header } : {}) }));
  }
  for (const f of failures) violations.push(`[${f.severity}] ${f.check}: ${f.message}`);
  return { operationId, violations };
}

function parse(text: string): unknown {
  if (!/^\s*[[{"]/.test(text)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

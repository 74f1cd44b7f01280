import { maskUrl } from '../problems/maskSecrets.ts';
import type { Exchange } from '../journal/entryFromExchange.ts';
import { serializeJson } from '../present/JsonFragment.ts';
import { type Arrival, journaledAs } from '../sessions/frontDoor.ts';
import type { ApiRequest } from '../exchange/ApiExchange.ts';
import type { EncodedAnswer } from './encodeAnswer.ts';

/**
 * Whether a request goes to the journal: not the controls (the dashboard polls them), the docs' assets or the
 * favicon a browser asks every origin for.
 */
export function isJournaled(url: string): boolean {
  return !url.startsWith('/__mock') && !url.startsWith('/docs/') && url !== '/favicon.ico';
}

/** What the lifecycle knows of a request besides the request and its answer, when it hands both over. */
export interface ExchangeFacts {
  /** performance.now() when the request arrived, and the session's clock then. */
  started: number;
  at: Date;
  operationId?: string;
  /** The body as read (undefined when none was, or the request had none). */
  requestBody?: Uint8Array;
  /** With --previous-spec: the contract that answered (mock/versions). */
  contractVersion?: 'current' | 'previous';
}

/**
 * The lifecycle's last stage: the finished exchange goes to the journal of the request's session (a request
 * the front door refused, to the default session's, see Arrival), and one line to the log. Nothing is copied:
 * the journal keeps the request's headers and the answer's head list as they are, and an answer made of
 * shared fragments as its envelope (its bytes are made again only if the entry is read).
 */
export function journalExchange(arrival: Arrival, request: ApiRequest, encoded: EncodedAnswer, facts: ExchangeFacts, log?: (line: string) => void): void {
  const durationMs = Math.round((performance.now() - facts.started) * 10) / 10;
  const { answer, violations } = encoded;
  const exchange: Exchange = {
    at: facts.at,
    session: journaledAs(arrival),
    method: request.method,
    url: request.url,
    requestHeaders: request.headers,
    requestBody: facts.requestBody,
    status: answer.status,
    responseHeaders: answer.headers,
    responseSize: encoded.size,
    durationMs,
    operationId: facts.operationId,
    violations,
    ...(encoded.stub ? { stub: encoded.stub } : {}),
    ...(encoded.outsideContract ? { outsideContract: encoded.outsideContract } : {}),
    ...(facts.contractVersion ? { contractVersion: facts.contractVersion } : {}),
  };
  if (encoded.value !== undefined) {
    exchange.responseValue = encoded.value;
    exchange.writeValue = serializeJson;
  } else if (typeof answer.body === 'string' || answer.body instanceof Uint8Array) exchange.responseBody = answer.body;
  if (isJournaled(request.url)) arrival.journal.record(exchange);
  log?.(
    `${request.method} ${maskUrl(request.url)} ${answer.status}${facts.operationId ? ` ${facts.operationId}` : ''} ${durationMs}ms${violations ? ` CONTRACT VIOLATION: ${violations.join('; ')}` : ''}`,
  );
}

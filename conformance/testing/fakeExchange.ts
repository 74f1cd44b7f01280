import type { Exchange } from '../client/Exchange.ts';

/** An exchange as the client would record it; tests only. */
export function fakeExchange(operationId: string | undefined, status: number, body?: unknown, headers: Record<string, string> = {}): Exchange {
  const bodyText = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return {
    id: 1,
    ...(operationId ? { operationId } : {}),
    request: { method: 'GET', url: 'http://127.0.0.1:1/x', headers: {} },
    response: {
      status,
      headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json', ...headers },
      bodyText,
      body: typeof body === 'string' ? undefined : body,
    },
    durationMs: 1,
    curl: "curl 'http://127.0.0.1:1/x'",
  };
}

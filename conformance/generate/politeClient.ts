import type { HttpClient } from '../client/createClient.ts';

/** Longest single wait for a Retry-After: a target that asks for more is left alone for the rest of the phase. */
const MAX_WAIT_MS = 10_000;

/**
 * The run's client, honouring 429 Too Many Requests (RFC 6585 §4) and its Retry-After (RFC 9110 §10.2.3,
 * seconds or an HTTP date): waits as asked, up to MAX_WAIT_MS, and sends again (twice at most). What a target
 * answers decides the waits, never the clock: the run's deadline (--timeout) stops what it must in the client.
 */
export function politeClient(client: HttpClient, sleep: (ms: number) => Promise<void>, now: () => Date): HttpClient {
  return {
    get baseUrl() {
      return client.baseUrl;
    },
    get secrets() {
      return client.secrets;
    },
    get exchanges() {
      return client.exchanges;
    },
    get backoff() {
      return client.backoff;
    },
    url: (path, query) => client.url(path, query),
    async send(request) {
      let exchange = await client.send(request);
      for (let retry = 0; retry < 2 && exchange.response?.status === 429; retry++) {
        const wait = retryAfterMs(exchange.response.headers['retry-after'], now());
        if (wait > MAX_WAIT_MS) break;
        await sleep(wait);
        exchange = await client.send(request);
      }
      return exchange;
    },
  };
}

/** Retry-After as milliseconds to wait: delay-seconds or an HTTP-date; 1 s when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now: Date): number {
  if (value === undefined) return 1000;
  if (/^\d{1,6}$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? 1000 : Math.max(0, at - now.getTime());
}

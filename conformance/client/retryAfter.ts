/** Statuses that ask the client to come back later (RFC 9110 §15.5.21 via RFC 6585 §4, and §15.6.4). */
export const RETRY_STATUSES: readonly number[] = [429, 503];
/** At most this many retries of one request, each waiting at most MAX_WAIT_MS. */
export const MAX_RETRIES = 3;
export const MAX_WAIT_MS = 10_000;
/** Every wait of a run together stays under this: a target that keeps asking is then judged on its answer. */
export const RUN_WAIT_BUDGET_MS = 60_000;

/**
 * How long Retry-After asks to wait (RFC 9110 §10.2.3: delay-seconds or an HTTP-date), or undefined when
 * absent, unreadable or beyond MAX_WAIT_MS (the answer then stands as given).
 */
export function retryAfterMs(header: string | undefined, now: number): number | undefined {
  if (header === undefined) return undefined;
  const text = header.trim();
  if (/^[-+]?\d+$/.test(text) && !/^\d{1,6}$/.test(text)) return undefined;
  // An HTTP-date names its weekday (IMF-fixdate, RFC 850 or asctime): anything else is not one.
  const ms = /^\d{1,6}$/.test(text) ? Number(text) * 1000 : /^[A-Z][a-z]{2}/.test(text) ? Date.parse(text) - now : NaN;
  if (Number.isNaN(ms)) return undefined;
  const wait = Math.max(0, ms);
  return wait > MAX_WAIT_MS ? undefined : wait;
}

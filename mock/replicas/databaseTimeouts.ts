import type pg from 'pg';

/** How long one wait for the database may last by default (--database-timeout-ms). */
export const DEFAULT_DATABASE_TIMEOUT_MS = 5000;
/**
 * A transaction left idle this long is ended by the server, freeing its session's lock: a replica that
 * stopped (SIGSTOP, a paused VM) while it held a write open. Above the 60 s a session's latency may add to a
 * write's answer (the latency control) and the time to read a body.
 */
const IDLE_IN_TRANSACTION_MS = 120_000;
/** A connection idle this long is probed (TCP keepalive), so a peer gone without a RST is found out. */
const KEEPALIVE_DELAY_MS = 10_000;

/**
 * The settings of every connection to the database, so that no wait is unbounded: connecting (a database
 * that accepts TCP but never answers, as a stopped one does), each query on our side (`query_timeout`: no
 * answer at all), and on the server's (`statement_timeout`, `lock_timeout`: a query or a session's lock that
 * takes too long). Keepalive finds a dead peer on an idle connection; it cannot find a stopped process, whose
 * kernel still answers the probes: the query timeout does. Values in the URL (`?statement_timeout=…`) win.
 */
export function connectionSettings(connectionString: string, timeoutMs: number): pg.ClientConfig {
  return {
    connectionString,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
    statement_timeout: timeoutMs,
    lock_timeout: timeoutMs,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
  };
}

import { DEADLINE_PASSED, timedOut } from '../client/createClient.ts';
import type { Exchange } from '../client/Exchange.ts';

/**
 * Whether the run's own deadline (--timeout), not the target, kept this request from a complete answer: not
 * sent at all, or cut while the answer was still arriving. Such a request judges nothing about the target; the
 * step it belongs to is unfinished, and the run's verdict "incomplete" rather than "pass" or "fail".
 */
export function cutByDeadline(exchange: Exchange | undefined): boolean {
  return exchange?.error === DEADLINE_PASSED || exchange?.error === timedOut('run', 0);
}

import type { Exchange } from '../client/Exchange.ts';
import { decided, defineCheck, stated, type CheckFailure } from './Check.ts';
import { deepEqual, type Json } from './values.ts';

/** What an approve changes (spec/DECISIONS.md, Installations): none of it may move when approve is refused. */
export const APPROVAL_KEYS = ['status', 'approved', 'active', 'installed', 'approvedAt', 'approvedBy', 'activatedAt'] as const;

/**
 * Approve "applies to apps with manual approval" (stated): asked of an app approved automatically it is refused
 * (a 4xx, MUST) and changes nothing of the installation's approval, read back (MUST). Which 4xx is our decision:
 * 409, the state forbids it (SHOULD).
 */
export const approveManualOnly = defineCheck<{ exchange: Exchange; before?: Json; after?: Json; readBack?: Exchange }>(
  'approve-manual-only',
  'Approve of an app approved automatically is refused (409) and changes nothing.',
  { MUST: stated('approve operation (applies to apps with manual approval)'), SHOULD: decided('Installations') },
  ({ exchange, before, after, readBack }, fail) => {
    const status = exchange.response?.status;
    if (status === undefined || status >= 500) return [];
    const out: CheckFailure[] = [];
    if (status < 400)
      out.push(fail('MUST', exchange, `approve of an app approved automatically was answered ${status}`, { expected: 'a 4xx (409)', actual: status }));
    else if (status !== 409)
      out.push(fail('SHOULD', exchange, `approve of an app approved automatically was refused with ${status}`, { expected: 409, actual: status }));
    if (before && after) {
      const moved = APPROVAL_KEYS.filter((key) => !deepEqual(before[key], after[key]));
      if (moved.length > 0)
        out.push(
          fail('MUST', readBack ?? exchange, `approve of an app approved automatically changed ${moved.join(', ')}`, {
            expected: Object.fromEntries(moved.map((k) => [k, before[k] ?? null])),
            actual: Object.fromEntries(moved.map((k) => [k, after[k] ?? null])),
          }),
        );
    }
    return out;
  },
);

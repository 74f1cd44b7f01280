import type { Exchange } from '../client/Exchange.ts';
import { decided, defineCheck, stated, type CheckFailure } from './Check.ts';
import type { Json } from './values.ts';

/**
 * "Approves the installation of a manually approved app" (stated): read back afterwards, the installation is
 * no longer pending_approval nor `approved: false` (MUST). The installation list ("the active installations
 * of the app") is the one read of installations the description gives, so an approved installation that it
 * never shows (polled) is indistinguishable from one left pending: a MUST too. The rest is our decision
 * (SHOULD): it became so promptly, and a second approve is refused with 409.
 */
export const approveEffect = defineCheck<{ exchange: Exchange; installation?: Json; secondApprove?: Exchange; late?: number }>(
  'approve-effect',
  'After approve the installation is approved (not pending), listed as active; approving again is a 409.',
  { MUST: stated('Approves the installation of a manually approved app in the given community.'), SHOULD: decided('Installations') },
  ({ exchange, installation, secondApprove, late }, fail) => {
    const out: CheckFailure[] = [];
    if (!installation) {
      if (exchange.response?.status === 200)
        out.push(
          fail('MUST', exchange, 'the approved installation is not among the active installations of the app: approve left no trace (still pending?)', {
            expected: 'an active installation',
            actual: 'none listed',
          }),
        );
    } else if (installation.status === 'pending_approval' || installation.approved === false) {
      out.push(
        fail(
          'MUST',
          exchange,
          `the installation is not approved after approve (status ${JSON.stringify(installation.status)}, approved ${JSON.stringify(installation.approved)})`,
          { path: 'status', expected: 'approved, not pending_approval', actual: { status: installation.status, approved: installation.approved } },
        ),
      );
    } else if (late !== undefined)
      out.push(fail('SHOULD', exchange, `the approval became visible only after ${late} ms`, { expected: 'visible at once', actual: `${late} ms` }));
    const status = secondApprove?.response?.status;
    if (secondApprove && status !== undefined && status < 500 && status !== 409)
      out.push(fail('SHOULD', secondApprove, `approving again was answered ${status}`, { expected: 409, actual: status }));
    return out;
  },
);

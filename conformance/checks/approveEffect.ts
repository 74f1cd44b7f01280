import type { Exchange } from '../client/Exchange.ts';
import { decided, defineCheck, type CheckFailure } from './Check.ts';
import type { Json } from './values.ts';

/**
 * What approving changes is our decision (SHOULD): afterwards the installation is active and no longer
 * pending_approval, and a second approve is refused with 409.
 */
export const approveEffect = defineCheck<{ exchange: Exchange; installation?: Json; secondApprove?: Exchange }>('approve-effect', 'After approve the installation is active, not pending; approving again is a 409.', { SHOULD: decided('Installations') }, ({ exchange, installation, secondApprove }, fail) => {
  const out: CheckFailure[] = [];
  if (!installation) out.push(fail('SHOULD', exchange, 'the approved installation is not among the active installations of the app', { expected: 'an active installation', actual: 'none listed' }));
  else if (installation.status === 'pending_approval') out.push(fail('SHOULD', exchange, 'the installation is still pending_approval after approve', { path: 'status', expected: 'not pending_approval', actual: installation.status }));
  const status = secondApprove?.response?.status;
  if (secondApprove && status !== undefined && status < 500 && status !== 409) out.push(fail('SHOULD', secondApprove, `approving again was answered ${status}`, { expected: 409, actual: status }));
  return out;
});

import type { Exchange } from '../client/Exchange.ts';
import { stated, defineCheck, type CheckFailure } from './Check.ts';
import { isRecord, type Json } from './values.ts';

/**
 * "Returns the active installations of the app": each one listed is active (not `active: false`, not
 * `pending_approval`: the pending one before it is approved is not listed) and is an installation of that app.
 */
export const installationsActive = defineCheck<{ exchange: Exchange; appId: string; items: Json[] }>(
  'installations-active',
  'Listed installations are active and of the requested app.',
  { MUST: stated('Returns the active installations of the app: array of App installation objects.') },
  ({ exchange, appId, items }, fail) => {
    const out: CheckFailure[] = [];
    items.forEach((item, index) => {
      // The one pending status the description names: an installation awaiting approval is not active.
      if (item.status === 'pending_approval')
        out.push(
          fail('MUST', exchange, `installation ${index} is listed while pending approval`, {
            path: `response[${index}].status`,
            expected: 'an active installation',
            actual: item.status,
          }),
        );
      else if (item.active !== undefined && item.active !== true)
        out.push(
          fail('MUST', exchange, `installation ${index} is listed but not active`, { path: `response[${index}].active`, expected: true, actual: item.active }),
        );
      const manifestId = isRecord(item.manifest) ? item.manifest.id : undefined;
      if (manifestId !== undefined && manifestId !== appId)
        out.push(
          fail('MUST', exchange, `installation ${index} is of app ${JSON.stringify(manifestId)}`, {
            path: `response[${index}].manifest.id`,
            expected: appId,
            actual: manifestId,
          }),
        );
    });
    return out;
  },
);

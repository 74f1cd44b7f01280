import type { Exchange } from '../client/Exchange.ts';
import { stated, decided, defineCheck } from './Check.ts';
import { isRecord } from './values.ts';

const INSTALLATION_ONLY = ['approved', 'approvedAt', 'installed', 'status', 'contactInfo', 'consentedFeatures', 'pendingUpdate'];
const MANIFEST_ONLY = ['approval', 'visibility', 'displayName', 'api', 'portals', 'services', 'oauth', 'roles'];

/** "The approve operation returns the app manifest" (stated): the manifest of the approved app. */
export const approveReturnsManifest = defineCheck<{ exchange: Exchange; appId: string }>(
  'approve-returns-manifest',
  'Approve answers with the manifest of the approved app.',
  { MUST: stated('the approve operation returns the app manifest'), SHOULD: decided('Installations') },
  ({ exchange, appId }, fail) => {
    const res = exchange.response;
    if (!res || res.status < 200 || res.status >= 300) return [];
    const id = isRecord(res.body) ? res.body.id : undefined;
    if (id === undefined) {
      // An installation (it holds the manifest under `manifest`, with approved/status) is not "the app manifest".
      const keys = isRecord(res.body) ? Object.keys(res.body) : [];
      const installationShaped = keys.includes('manifest') || (keys.some((k) => INSTALLATION_ONLY.includes(k)) && !keys.some((k) => MANIFEST_ONLY.includes(k)));
      if (installationShaped || !isRecord(res.body))
        return [
          fail('MUST', exchange, installationShaped ? 'approve answered an installation, not the app manifest' : 'approve answered no manifest object', {
            path: 'response',
            expected: `the manifest of ${appId}`,
            actual: keys.slice(0, 8),
          }),
        ];
      return [fail('SHOULD', exchange, 'the manifest returned has no id', { path: 'response.id', expected: appId, actual: undefined })];
    }
    return id === appId
      ? []
      : [fail('MUST', exchange, `approve returned the manifest of ${JSON.stringify(id)}`, { path: 'response.id', expected: appId, actual: id })];
  },
);

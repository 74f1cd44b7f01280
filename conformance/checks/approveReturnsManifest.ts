import type { Exchange } from '../client/Exchange.ts';
import { stated, decided, defineCheck } from './Check.ts';
import { isRecord } from './values.ts';

/** "The approve operation returns the app manifest" (stated): the manifest of the approved app. */
export const approveReturnsManifest = defineCheck<{ exchange: Exchange; appId: string }>('approve-returns-manifest', 'Approve answers with the manifest of the approved app.', { MUST: stated('the approve operation returns the app manifest'), SHOULD: decided('Installations') }, ({ exchange, appId }, fail) => {
  const res = exchange.response;
  if (!res || res.status < 200 || res.status >= 300) return [];
  const id = isRecord(res.body) ? res.body.id : undefined;
  if (id === undefined) return [fail('SHOULD', exchange, 'the manifest returned has no id', { path: 'response.id', expected: appId, actual: undefined })];
  return id === appId ? [] : [fail('MUST', exchange, `approve returned the manifest of ${JSON.stringify(id)}`, { path: 'response.id', expected: appId, actual: id })];
});

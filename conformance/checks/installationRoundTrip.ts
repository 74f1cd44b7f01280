import type { Exchange } from '../client/Exchange.ts';
import { decided, defineCheck, type CheckFailure } from './Check.ts';
import { holdsWritten, isRecord, type Json } from './values.ts';

/** PUT of what GET returned changes nothing: the answer equals what was sent in every key sent (our decision: SHOULD). */
export const installationRoundTrip = defineCheck<{ exchange: Exchange; sent: Json }>(
  'installation-round-trip',
  'PUT of an installation as read answers it unchanged.',
  { SHOULD: decided('Installations') },
  ({ exchange, sent }, fail) => {
    const body = exchange.response?.body;
    const status = exchange.response?.status ?? 0;
    if (status < 200 || status >= 300) return [];
    if (!isRecord(body)) return [fail('SHOULD', exchange, 'the update answered no installation object', { expected: 'an installation', actual: body })];
    const out: CheckFailure[] = [];
    for (const key of Object.keys(sent)) {
      if (!holdsWritten(sent[key], body[key]))
        out.push(
          fail('SHOULD', exchange, `${key} changed on a PUT that sent it back unchanged`, { path: `response.${key}`, expected: sent[key], actual: body[key] }),
        );
    }
    return out;
  },
);

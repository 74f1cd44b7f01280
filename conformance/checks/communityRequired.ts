import type { Exchange } from '../client/Exchange.ts';
import { stated, decided, defineCheck } from './Check.ts';

/** `community-id` is a required header on operations 2 to 8 (stated); 400 is our decision. */
export const communityRequired = defineCheck<{ exchange: Exchange }>(
  'community-required',
  'A request without the community-id header is refused (400).',
  {
    MUST: stated('Common: where a `community-id` header is listed it is a required string header carrying the community identifier.'),
    SHOULD: decided('Errors'),
  },
  ({ exchange }, fail) => {
    const status = exchange.response?.status;
    if (status === undefined || status >= 500) return [];
    if (status < 400) return [fail('MUST', exchange, `a request without community-id was answered ${status}`, { expected: 'a 4xx (400)', actual: status })];
    if (status !== 400) return [fail('SHOULD', exchange, `a request without community-id was answered ${status}, not 400`, { expected: 400, actual: status })];
    return [];
  },
);

import type { Exchange } from '../client/Exchange.ts';
import { defineCheck, stated } from './Check.ts';
import { isRecord, itemsOf } from './values.ts';

export type CrossCommunityInput =
  /** A group of the other community, read by id, listed or searched under this community. */
  | { exchange: Exchange; probe: 'group'; groupId: string; how: string }
  /** This community's token sent to the other community. */
  | { exchange: Exchange; probe: 'token'; otherCommunity: string };

/**
 * "Everything is scoped to a community" (stated): a group of another community is never answered under this
 * one, by id, in a list or a search; and the configured token, which is not for the other community, opens
 * none of its groups. Needs `otherCommunity` in the config.
 */
export const crossCommunity = defineCheck<CrossCommunityInput>(
  'cross-community',
  "Another community's group is never answered under this community, and this community's token does not open the other.",
  { MUST: stated('Everything is scoped to a community, identified by a string.') },
  (input, fail) => {
    const res = input.exchange.response;
    if (!res || res.status >= 500 || res.status >= 300) return [];
    if (input.probe === 'token') {
      const count = itemsOf(res.body).length;
      return [
        fail(
          'MUST',
          input.exchange,
          `the token of this community was answered ${res.status} in community ${JSON.stringify(input.otherCommunity)}${count ? ` with ${count} group(s)` : ''}`,
          { expected: 'a 4xx (401, 403 or 404)', actual: res.status },
        ),
      ];
    }
    const body = res.body;
    const found = isRecord(body) && body._id === input.groupId ? [body] : itemsOf(body).filter((g) => g._id === input.groupId);
    if (found.length === 0) return [];
    return [
      fail('MUST', input.exchange, `group ${input.groupId} of another community was answered by ${input.how}`, {
        expected: 'not answered (404 by id, absent from lists)',
        actual: input.groupId,
      }),
    ];
  },
);

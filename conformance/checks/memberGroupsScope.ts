import type { Exchange } from '../client/Exchange.ts';
import { decided, defineCheck, stated, type CheckFailure } from './Check.ts';
import { isRecord } from './values.ts';

const SCOPE = 'related.members.groups';

/**
 * The scope table grants "groups of the students linked to the user" through `related.members.groups`, apart
 * from `related.members` ("students linked to the user"): a member's `groups` shown on a login granted
 * `related.members` alone breaks "the app's scopes allow it" (MUST). That the granted scope shows them is our
 * reading (SHOULD, spec/DECISIONS.md).
 */
export const memberGroupsScope = defineCheck<{ exchange: Exchange; scopes: string[] }>(
  'member-groups-scope',
  "A member's groups appear in user-info only when the granted scope has related.members.groups.",
  {
    MUST: stated("Related members, groups or community are returned only when requested here and the app's scopes allow it"),
    SHOULD: decided('User-info and OAuth'),
  },
  ({ exchange, scopes }, fail) => {
    const body = exchange.response?.body;
    if (!isRecord(body) || (exchange.response?.status ?? 0) >= 300) return [];
    const key = Object.keys(body).find((k) => k.toLowerCase() === 'members');
    const members = key !== undefined && Array.isArray(body[key]) ? (body[key] as unknown[]).filter(isRecord) : [];
    const withGroups = members.findIndex((m) => Object.keys(m).some((k) => k.toLowerCase() === 'groups'));
    const out: CheckFailure[] = [];
    if (!scopes.includes(SCOPE) && withGroups >= 0)
      out.push(
        fail('MUST', exchange, `a member's groups are returned although the granted scope lacks ${SCOPE} (granted: ${scopes.join(' ') || 'none'})`, {
          path: `response.${key}[${withGroups}].groups`,
          expected: 'absent',
          actual: 'present',
        }),
      );
    else if (scopes.includes(SCOPE) && members.length > 0 && withGroups < 0)
      out.push(
        fail('SHOULD', exchange, `no member carries its groups although the granted scope has ${SCOPE}`, {
          path: `response.${key}[0].groups`,
          expected: 'present',
          actual: 'absent',
        }),
      );
    return out;
  },
);

import type { Exchange } from '../client/Exchange.ts';
import { stated, defineCheck, type CheckFailure } from './Check.ts';
import { isRecord } from './values.ts';

/** includes value → the key of the part it asks for, and the scope that must also allow it. */
export const USER_INFO_PARTS = [
  { include: 'members', key: 'Members', scope: 'related.members' },
  { include: 'groups', key: 'groups', scope: 'related.groups' },
  { include: 'community', key: 'community', scope: 'related.communities' },
] as const;

/** The sentence a part left out breaks: the result holds the parts that scopes and `includes` allow. */
const PARTS_ALLOWED = stated("The result contains only the parts that the app's scopes and `includes` allow.");

/**
 * Related members, groups and community are "returned only when requested" in `includes` "and the app's
 * scopes allow it" (MUST: both halves, judged on the scope the token response granted). When requested and
 * the granted scope allows it, the part is owed too (MUST): `includes` is a "Comma-separated list", so a list
 * honoured only in part (its first or last item) breaks the description. Unknown granted scope: not judged.
 */
export const userInfoIncludes = defineCheck<{ exchange: Exchange; includes: string[]; scopes?: string[] }>(
  'user-info-includes',
  'User-info returns a related part only when includes asks for it.',
  {
    MUST: stated("Related members, groups or community are returned only when requested here and the app's scopes allow it"),
  },
  ({ exchange, includes, scopes }, fail) => {
    const body = exchange.response?.body;
    if (!isRecord(body) || (exchange.response?.status ?? 0) >= 300) return [];
    const out: CheckFailure[] = [];
    const keys = Object.keys(body);
    for (const part of USER_INFO_PARTS) {
      // A misspelled part ("members") still counts as that part being present.
      const present = keys.find((k) => k.toLowerCase() === part.key.toLowerCase());
      const asked = includes.includes(part.include);
      if (present && !asked) {
        out.push(
          fail('MUST', exchange, `"${present}" is returned although includes ${includes.length ? `is ${includes.join(',')}` : 'is absent'}`, {
            path: `response.${present}`,
            expected: 'absent',
            actual: 'present',
          }),
        );
      } else if (present && scopes && !scopes.includes(part.scope)) {
        // The rule's other half: asked for, but the granted scope (the token response's `scope`) does not allow it.
        out.push(
          fail('MUST', exchange, `"${present}" is returned although the granted scope lacks ${part.scope} (granted: ${scopes.join(' ') || 'none'})`, {
            path: `response.${present}`,
            expected: 'absent',
            actual: 'present',
          }),
        );
      } else if (!present && asked && scopes?.includes(part.scope)) {
        out.push(
          fail('MUST', exchange, `includes=${includes.join(',')} with scope ${part.scope} granted returned no "${part.key}": every listed part is owed`, {
            path: `response.${part.key}`,
            expected: 'present',
            actual: 'absent',
            source: PARTS_ALLOWED,
          }),
        );
      }
    }
    return out;
  },
);

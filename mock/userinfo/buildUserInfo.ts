import type { Contract } from '../../spec/contract.ts';
import type { UserInfo, UserInfoMember, UserInfoUser } from '../../spec/openapi.d.ts';
import type { UserRecord } from '../../fixtures/records.ts';
import type { Store } from '../store/Store.ts';
import { linkedGroups, memberGroups } from './linkedGroups.ts';
import { MEMBER_GROUPS_SCOPE, RELATED_PARTS, type RelatedInclude } from './relatedParts.ts';
import { userKeysByScope } from './userKeysByScope.ts';
import { userKeyValues } from './userKeyValues.ts';
import type { Stored } from '../store/Stored.ts';

export interface UserInfoRequest {
  user: Stored<UserRecord>;
  scopes: ReadonlySet<string>;
  includes: ReadonlySet<RelatedInclude>;
}

/**
 * The user-info answer: only the parts the granted scopes allow, and the related parts only when
 * `includes` also asks for them. `user` carries the keys of every granted scope (x-user-keys-by-scope) and
 * is left out when no granted scope shows any. `community` is the user's own community.
 */
export function buildUserInfo(contract: Contract, store: Store, { user, scopes, includes }: UserInfoRequest): UserInfo {
  const out: UserInfo = {};
  const shown: Record<string, unknown> = {};
  for (const [scope, keys] of userKeysByScope(contract)) {
    if (!scopes.has(scope)) continue;
    for (const key of keys) {
      const read = userKeyValues[key];
      if (!read) throw new Error(`user-info: the spec maps scope ${scope} to key "${key}", which mock/userinfo/userKeyValues.ts cannot read`);
      shown[key] = read(user);
    }
  }
  if (Object.keys(shown).length > 0) out.user = shown as UserInfoUser;

  const wanted = (include: RelatedInclude) => includes.has(include) && scopes.has(RELATED_PARTS.find((p) => p.include === include)?.scope ?? '');
  if (wanted('community')) {
    const community = store.community(user.community);
    if (community) out.community = { color: community.color, community: community.id, icon: community.icon, name: community.name };
  }
  if (wanted('groups')) out.groups = linkedGroups(store, user);
  if (wanted('members')) {
    out.Members = store
      .membersOfUser(user._id)
      .filter((m) => m.active && m.community === user.community)
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a._id < b._id ? -1 : 1))
      .map((m) => {
        const member: UserInfoMember = { name: m.name, createdAt: m.createdAt, updatedAt: m.updatedAt, alias: m.alias, id: m._id };
        if (scopes.has(MEMBER_GROUPS_SCOPE)) member.groups = memberGroups(store, m);
        return member;
      });
  }
  return out;
}

import type { DataActionUser } from '../../spec/openapi.d.ts';
import type { UserRecord } from '../../fixtures/records.ts';
import type { Stored } from '../store/Stored.ts';

/**
 * A user as the users data action returns it (spec: DataActionUser). Platform-side keys (id, community,
 * roles, permissions, birth, timestamps other than updatedAt) are not part of that record.
 */
export function presentDataActionUser(user: Stored<UserRecord>): DataActionUser {
  return {
    active: user.active,
    alias: user.alias,
    name: user.name,
    email: user.email,
    rolesSet: { ...user.rolesSet },
    fields: { ...user.fields },
    address: { ...user.address },
    updatedAt: user.updatedAt,
  };
}

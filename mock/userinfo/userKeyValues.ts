import type { UserRecord } from '../../fixtures/records.ts';
import type { Stored } from '../store/Stored.ts';

/**
 * Where each key of the user-info `user` object comes from in the record. The spec decides which keys a
 * scope shows (x-user-keys-by-scope); this table only knows how to read them, spelled as the interface
 * spells them (`UpdatedAt`, `Alias`).
 */
export const userKeyValues: Readonly<Record<string, (user: Stored<UserRecord>) => unknown>> = {
  id: (u) => u._id,
  lastSeenAt: (u) => u.lastSeenAt,
  createdAt: (u) => u.createdAt,
  UpdatedAt: (u) => u.updatedAt,
  Alias: (u) => u.alias,
  roles: (u) => [...u.roles],
  permissions: (u) => [...u.permissions],
  name: (u) => u.name,
  email: (u) => u.email,
};

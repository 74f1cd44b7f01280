import type {
  ComponentRecord,
  Dataset,
  EnrollmentRecord,
  GroupRecord,
  InstallationRecord,
  MemberRecord,
  SyncRunRecord,
  TokenRecord,
  UserRecord,
} from '../../fixtures/records.ts';
import type { Store } from './Store.ts';
import type { Stored } from './Stored.ts';

/**
 * One accepted write to a store, as data: what a write-ahead log records and replays (applyWrite), and
 * what a session's overlay is made of when it is compacted (OverlayStore.changes).
 */
export type StoreWrite =
  | { op: 'putGroup'; record: Stored<GroupRecord> }
  | { op: 'putUser'; record: Stored<UserRecord> }
  | { op: 'putMember'; record: Stored<MemberRecord> }
  | { op: 'putEnrollment'; record: Stored<EnrollmentRecord> }
  | { op: 'deleteEnrollment'; id: string }
  | { op: 'putComponent'; record: Stored<ComponentRecord> }
  | { op: 'putInstallation'; record: Stored<InstallationRecord> }
  | { op: 'putSyncRun'; record: Stored<SyncRunRecord> }
  | { op: 'putToken'; record: Stored<TokenRecord> }
  | { op: 'reset' }
  | { op: 'load'; dataset: Dataset; asSeed?: boolean };

/** Replays one write through the Store interface, so any implementation can be rebuilt from a log. */
export function applyWrite(store: Store, write: StoreWrite): void {
  switch (write.op) {
    case 'putGroup':
      return store.putGroup(write.record);
    case 'putUser':
      return store.putUser(write.record);
    case 'putMember':
      return store.putMember(write.record);
    case 'putEnrollment':
      return store.putEnrollment(write.record);
    case 'deleteEnrollment':
      return store.deleteEnrollment(write.id);
    case 'putComponent':
      return store.putComponent(write.record);
    case 'putInstallation':
      return store.putInstallation(write.record);
    case 'putSyncRun':
      return store.putSyncRun(write.record);
    case 'putToken':
      return store.putToken(write.record);
    case 'reset':
      return store.reset();
    case 'load':
      return store.load(write.dataset, write.asSeed ? { asSeed: true } : undefined);
  }
}

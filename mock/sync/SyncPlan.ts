import type { FieldError } from '../../spec/formatAjvErrors.ts';
import type { ComponentRecord, EnrollmentRecord, GroupRecord, MemberRecord, UserRecord } from '../../fixtures/records.ts';
import type { Stored } from '../store/Stored.ts';

export interface SyncWarning {
  /** JSON Pointer into the upload body. */
  path: string;
  message: string;
}

/**
 * Everything one upload will write, computed before anything is written: an upload with any error
 * stores nothing (the plan is thrown away), one without errors is committed whole.
 */
export interface SyncPlan {
  components: Stored<ComponentRecord>[];
  users: Stored<UserRecord>[];
  members: Stored<MemberRecord>[];
  groups: Stored<GroupRecord>[];
  enrollmentsToAdd: Stored<EnrollmentRecord>[];
  enrollmentsToDelete: string[];
  errors: FieldError[];
  warnings: SyncWarning[];
  received: { groups: number; members: number; users: number; components: number };
}

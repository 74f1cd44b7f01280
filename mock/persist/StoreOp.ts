import type { Store } from '../store/Store.ts';

/** The Store writes a log entry can hold, by method name; reset and load are written as snapshots instead. */
export const LOGGED_WRITES = ['putGroup', 'putUser', 'putMember', 'putEnrollment', 'deleteEnrollment', 'putComponent', 'putInstallation', 'putSyncRun', 'putToken'] as const;
export type LoggedWrite = (typeof LOGGED_WRITES)[number];

/** One write as logged: `[method, argument]`, e.g. `["putGroup", {…}]` or `["deleteEnrollment", "id"]`. */
export type StoreOp = [LoggedWrite, unknown];

const known = new Set<string>(LOGGED_WRITES);

/** Whether a parsed value is a StoreOp; replay refuses anything else rather than guess. */
export function isStoreOp(value: unknown): value is StoreOp {
  if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== 'string' || !known.has(value[0])) return false;
  return value[0] === 'deleteEnrollment' ? typeof value[1] === 'string' : typeof value[1] === 'object' && value[1] !== null && !Array.isArray(value[1]);
}

/** Applies one logged write to a store (the undecorated one: replay must not log again). */
export function applyOp(store: Store, [method, argument]: StoreOp): void {
  // The argument was the record the live store received; each method copies what it keeps.
  (store[method] as (value: unknown) => void).call(store, argument);
}

import type { StoreWrite } from '../store/StoreWrite.ts';

/** The writes a log line or a snapshot holds; reset and load are written as snapshots instead. */
export type LoggedWrite = Exclude<StoreWrite, { op: 'reset' } | { op: 'load' }>;

const RECORD_WRITES = new Set<string>(['putGroup', 'putUser', 'putMember', 'putEnrollment', 'putComponent', 'putInstallation', 'putSyncRun', 'putToken']);

/**
 * A StoreWrite as the state file spells it: `[method, argument]`, e.g. `["putGroup", {…}]` or
 * `["deleteEnrollment", "id"]`. Only the spelling differs: the write logged, snapshotted and replayed is the
 * store's own StoreWrite (mock/store/StoreWrite.ts).
 */
export function encodeWrite(write: LoggedWrite): [string, unknown] {
  return write.op === 'deleteEnrollment' ? [write.op, write.id] : [write.op, write.record];
}

/** A parsed `[method, argument]` back as a StoreWrite; undefined for anything else (replay refuses rather than guess). */
export function decodeWrite(value: unknown): LoggedWrite | undefined {
  if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== 'string') return undefined;
  const [op, argument] = value as [string, unknown];
  if (op === 'deleteEnrollment') return typeof argument === 'string' ? { op, id: argument } : undefined;
  if (!RECORD_WRITES.has(op) || typeof argument !== 'object' || argument === null || Array.isArray(argument)) return undefined;
  // The argument was the record the live store received; each Store method copies what it keeps.
  return { op, record: argument } as LoggedWrite;
}

/** Every element decoded, or undefined if any is not a write. */
export function decodeWrites(values: unknown): LoggedWrite[] | undefined {
  if (!Array.isArray(values)) return undefined;
  const out: LoggedWrite[] = [];
  for (const value of values) {
    const write = decodeWrite(value);
    if (!write) return undefined;
    out.push(write);
  }
  return out;
}

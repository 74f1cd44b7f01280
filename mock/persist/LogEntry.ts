import type { LoggedWrite } from './writeCodec.ts';

/**
 * One line of the write log: the writes of one acknowledged request to one session, in order. `seq` grows by
 * one per entry across the file's life; a snapshot records the last seq it contains, so entries it already
 * holds are skipped on replay even if the log was not yet truncated when the process died.
 */
export interface LogEntry {
  seq: number;
  session: string;
  writes: LoggedWrite[];
}

/** The session every request uses until sessions exist (X-Mock-Session absent). */
export const DEFAULT_SESSION = 'default';

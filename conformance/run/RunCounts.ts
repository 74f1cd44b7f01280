/** How a run's cases came out; its own module, so the certificate reads it without the whole result (no import circle). */
export interface RunCounts {
  passed: number;
  failed: number;
  skipped: number;
  /** SHOULD failures reported as warnings (always 0 under --strict, where they fail). */
  warnings: number;
  /** Failures covered by a waiver. */
  waived?: number;
}

/** A known failure a party accepts for a while: it is reported as waived, with its reason, and does not fail the run. */
export interface Waiver {
  check: string;
  /** Only failures of this operation; every operation when absent. */
  operation?: string;
  reason: string;
  /** Last day (UTC) the waiver holds, YYYY-MM-DD. */
  expires: string;
}

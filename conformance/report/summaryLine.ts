import type { RunCounts } from '../run/RunCounts.ts';

/** The closing line: "N passed, N failed", then ", N skipped", ", N waived" and ", N warnings" when there are any. */
export function summaryLine(counts: RunCounts): string {
  let line = `${counts.passed} passed, ${counts.failed} failed`;
  if (counts.skipped > 0) line += `, ${counts.skipped} skipped`;
  if (counts.waived) line += `, ${counts.waived} waived`;
  if (counts.warnings > 0) line += `, ${counts.warnings} warning${counts.warnings === 1 ? '' : 's'}`;
  return line;
}

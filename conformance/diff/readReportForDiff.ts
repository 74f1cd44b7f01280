import { UsageError } from '../config/UsageError.ts';
import type { ReportForDiff } from './diffReports.ts';

/** Parses a JSON report written by --json; anything else is a usage error naming the file. */
export function readReportForDiff(text: string, file: string): ReportForDiff {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${file} is not JSON: ${(error as Error).message}`);
  }
  const cases = (data as { cases?: unknown } | null)?.cases;
  if (!Array.isArray(cases) || !cases.every((c) => typeof c === 'object' && c !== null && Array.isArray((c as { failures?: unknown }).failures))) {
    throw new UsageError(`${file} is not a conformance JSON report (written by npm run conform -- --json FILE)`);
  }
  return data as ReportForDiff;
}

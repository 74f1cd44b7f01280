import { isRecord } from '../checks/values.ts';
import { worst, type Level, type SpecChange } from './SpecChange.ts';

/** A step of a conformance report that called an operation the contract changed. */
export interface TouchedStep {
  area: string;
  title: string;
  status: string;
  /** The step's operations that changed. */
  operations: string[];
  /** The checks the step ran (the report lists them per step). */
  checks: string[];
  /** The changes on those operations, by rule, with the worst grade either party gets. */
  changes: Array<{ rule: string; operation: string; level: Level }>;
}

/** One conformance report (--json FILE) and what the contract change does to its certificate. */
export interface ReportImpact {
  file: string;
  specSha256?: string;
  /**
   * `stale`: judged against the old contract (its specSha256 is the base's and not the head's); `current`: the
   * head's; `other`: neither (a third version, or a report with no certificate).
   */
  version: 'stale' | 'current' | 'other';
  touched: TouchedStep[];
}

/** Reports hold what a target answered: bounded, as everything a target sends. */
export const REPORT_LIMITS = { bytes: 64 * 1024 * 1024, cases: 100_000 } as const;

/**
 * Reads a JSON report and names its steps that touch a changed operation (breaking or not: a certificate for
 * an operation that changed says nothing of the new one). Returns undefined for a JSON file that is no
 * conformance report (no `cases` list), so a folder may hold other files.
 */
export function reportImpact(file: string, text: string, baseSha: string, headSha: string, changes: readonly SpecChange[]): ReportImpact | undefined {
  if (text.length > REPORT_LIMITS.bytes) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(raw) || !Array.isArray(raw.cases)) return undefined;
  const sha = isRecord(raw.certificate) && typeof raw.certificate.specSha256 === 'string' ? raw.certificate.specSha256 : undefined;
  const version = sha === headSha ? 'current' : sha === baseSha ? 'stale' : 'other';
  const byOperation = new Map<string, SpecChange[]>();
  for (const c of changes) if (c.operation !== undefined) byOperation.set(c.operation, [...(byOperation.get(c.operation) ?? []), c]);
  const touched: TouchedStep[] = [];
  for (const step of raw.cases.slice(0, REPORT_LIMITS.cases)) {
    if (!isRecord(step)) continue;
    const operations = strings(step.operationIds).filter((op) => byOperation.has(op));
    if (operations.length === 0) continue;
    touched.push({
      area: typeof step.area === 'string' ? step.area : '',
      title: typeof step.title === 'string' ? step.title : '',
      status: typeof step.status === 'string' ? step.status : '',
      operations,
      checks: strings(step.checks),
      changes: operations.flatMap((operation) =>
        (byOperation.get(operation) ?? []).map((c) => ({ rule: c.rule, operation, level: worst([c.clients, c.implementations]) })),
      ),
    });
  }
  return { file, ...(sha !== undefined ? { specSha256: sha } : {}), version, touched };
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

import { UsageError } from '../config/UsageError.ts';
import type { Waiver } from '../config/Waiver.ts';

export type { Waiver } from '../config/Waiver.ts';

const KEYS = ['check', 'operation', 'reason', 'expires'];

/**
 * Parses a waivers file strictly: a JSON array of {check, operation?, reason, expires}. `checks` and
 * `operations` are the names that exist; a waiver naming anything else could never match, so it is refused.
 */
export function parseWaivers(text: string, file: string, known: { checks: ReadonlySet<string>; operations: ReadonlySet<string> }): Waiver[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${file} is not JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(data)) throw new UsageError(`${file} must hold a JSON array of waivers ({check, operation?, reason, expires})`);
  return data.map((entry: unknown, i) => {
    const where = `${file}: waiver ${i}`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
      throw new UsageError(`${where} must be an object {check, operation?, reason, expires}`);
    const record = entry as Record<string, unknown>;
    const extra = Object.keys(record).filter((k) => !KEYS.includes(k));
    if (extra.length > 0)
      throw new UsageError(`${where} has unknown key${extra.length > 1 ? 's' : ''} ${extra.map((k) => `"${k}"`).join(', ')} (allowed: ${KEYS.join(', ')})`);
    const text = (key: string, required: boolean): string | undefined => {
      const value = record[key];
      if (value === undefined && !required) return undefined;
      if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`${where} needs "${key}" as a non-empty string`);
      return value;
    };
    const check = text('check', true) as string;
    const operation = text('operation', false);
    const reason = text('reason', true) as string;
    const expires = text('expires', true) as string;
    const label = `${where} (${check}${operation ? ` on ${operation}` : ''})`;
    if (!known.checks.has(check)) throw new UsageError(`${label}: no check is named "${check}"`);
    if (operation !== undefined && !known.operations.has(operation)) throw new UsageError(`${label}: the spec has no operation "${operation}"`);
    if (!isCalendarDate(expires)) throw new UsageError(`${label}: "expires" must be a date YYYY-MM-DD, got "${expires}"`);
    return { check, ...(operation !== undefined ? { operation } : {}), reason, expires };
  });
}

/** True once the waiver's last day is over, on the run's (injected) clock. */
export function isExpired(waiver: Waiver, now: Date): boolean {
  return now.toISOString().slice(0, 10) > waiver.expires;
}

/** The waiver as a person names it: check, operation, date. */
export function describeWaiver(waiver: Waiver): string {
  return `${waiver.check}${waiver.operation ? ` on ${waiver.operation}` : ''} (expires ${waiver.expires})`;
}

function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** A setting for one operation (or all) and for the next N of its requests (or until cleared). */
export interface ScopedRule<T> {
  value: T;
  operationId?: string;
  /** Requests left; absent: every request until the rules are cleared. */
  remaining?: number;
}

/** At most this many rules per session: each is a few bytes, but a script in a loop should not grow a list forever. */
export const MAX_SCOPED_RULES = 100;

/**
 * WireMock's scenarios and Mockoon's rules in their simplest form: "the next 2 approveAppInstallation requests
 * take 3 s" or "fail". A request takes every rule that matches its operation, oldest first, and uses up one of
 * each rule's remaining requests; a used-up rule goes away.
 */
export class ScopedRules<T> {
  private rules: ScopedRule<T>[] = [];

  add(rule: ScopedRule<T>): void {
    if (this.rules.length >= MAX_SCOPED_RULES) this.rules.shift();
    this.rules.push({ ...rule });
  }

  /** The values of the rules this request of `operationId` matches, oldest first; each rule's count goes down by one. */
  take(operationId: string): T[] {
    if (this.rules.length === 0) return [];
    const out: T[] = [];
    for (const rule of this.rules) {
      if (rule.operationId !== undefined && rule.operationId !== operationId) continue;
      out.push(rule.value);
      if (rule.remaining !== undefined) rule.remaining--;
    }
    this.rules = this.rules.filter((r) => r.remaining === undefined || r.remaining > 0);
    return out;
  }

  list(): ScopedRule<T>[] {
    return this.rules.map((r) => ({ ...r }));
  }

  get size(): number {
    return this.rules.length;
  }

  clear(): void {
    this.rules = [];
  }
}

import { describe, expect, it } from 'vitest';
import { hostileRun, SECRET } from '../testing/hostileRun.ts';
import { conformanceTests, failureMessage, type CheckTest } from './conformanceTests.ts';

describe('conformanceTests: a report as vitest tests, one per operation and check', () => {
  const tests = conformanceTests(hostileRun());
  const byName = new Map<string, CheckTest>(tests.operations.flatMap((o) => o.checks.map((c) => [`${o.operation} ${c.check}`, c] as const)));

  it('lists each check that ran under each operation of its step, and each finding under its own operation', () => {
    expect(tests.operations.map((o) => o.operation)).toEqual(['listGroups', 'getGroup']);
    expect([...byName.keys()]).toEqual(expect.arrayContaining(['listGroups filter-matches', 'listGroups response-schema', 'getGroup no-server-error']));
  });

  it.each<[string, number, number, number]>([
    // [test, failures, warnings, waived]: a waived failure and a SHOULD warning do not fail their test.
    ['listGroups filter-matches', 1, 0, 0],
    ['listGroups default-order', 0, 1, 0],
    ['getGroup no-server-error', 0, 0, 1],
    ['listGroups response-schema', 0, 0, 0],
  ])('%s: %i failing, %i warned, %i waived', (name, failures, warnings, waived) => {
    const test = byName.get(name);
    expect([test?.failures.length, test?.warnings.length, test?.waived.length]).toEqual([failures, warnings, waived]);
  });

  it('names skipped steps with why', () => {
    expect(tests.skipped).toEqual([expect.stringMatching(/^groups › read: no group /)]);
  });

  it("a failing test's message has the rule, path, expected, actual and the reproducer, with secrets redacted", () => {
    const message = failureMessage(byName.get('listGroups filter-matches') as CheckTest, tests.setup);
    expect(message).toMatch(/^\[MUST\] filter-matches: item 0 /);
    for (const line of [
      '  rule:      the description: "Filters return only',
      '  at:        response[0].name',
      '  expected:  "name=A"',
      '  actual:    ',
      '  reproduce: curl ',
    ])
      expect(message).toContain(line);
    expect(message).not.toContain(SECRET);
  });
});

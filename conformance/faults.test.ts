import { afterEach, describe, expect, it } from 'vitest';
import { faultCatalog } from '../mock/faults/catalog.ts';
import { inputFaults } from '../mock/faults/inputFaults.ts';
import { AREAS } from './config/ConformConfig.ts';
import { checkRegistry } from './checks/registry.ts';
import { runConformance } from './run/runConformance.ts';
import { startMockTarget, type MockTarget } from './testing/startMockTarget.ts';

const NOW = () => new Date('2026-03-02T09:00:00.000Z');

describe('the fault catalogue', () => {
  it('holds at least 15 distinct faults, each breaking a registered check', () => {
    const names = faultCatalog.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBeGreaterThanOrEqual(15);
    for (const fault of faultCatalog) expect(checkRegistry.has(fault.breaks), `${fault.name} breaks "${fault.breaks}"`).toBe(true);
  });
});

// For each fault: the mock with that one bug fails the suite, and the report names the check it breaks.
describe('every fault is caught', () => {
  let target: MockTarget | undefined;
  afterEach(async () => {
    await target?.close();
    target = undefined;
  });

  // The input-triggered faults are the generative phase's (conformance/generate/inputFaults.test.ts).
  it.each(faultCatalog.filter((f) => !inputFaults.includes(f)).map((f) => [f.name, f.breaks] as const))('%s → %s', async (name, breaks) => {
    target = await startMockTarget({ faults: [name] });
    const result = await runConformance({ config: target.config, strict: true, seed: 7, now: NOW, areas: AREAS.filter((a) => a !== 'generate') });
    const failed = new Set(result.cases.flatMap((c) => c.failures.map((f) => f.check)));
    expect(result.conformant).toBe(false);
    expect([...failed]).toContain(breaks);
  });
});

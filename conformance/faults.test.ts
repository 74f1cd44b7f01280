import { describe, expect, it } from 'vitest';
import { faultCatalog } from '../mock/faults/catalog.ts';
import { checkRegistry } from './checks/registry.ts';

describe('the fault catalogue', () => {
  it('holds at least 15 distinct faults, each breaking a registered check', () => {
    const names = faultCatalog.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBeGreaterThanOrEqual(15);
    for (const fault of faultCatalog) expect(checkRegistry.has(fault.breaks), `${fault.name} breaks "${fault.breaks}"`).toBe(true);
  });
});

// Each fault caught by a run of the suite against the mock with that one bug: reproducers.test.ts (one run per
// fault serves both: the catch, and the citations and reproducers of its failures).

import { describe, expect, it } from 'vitest';
import { loadContract } from '../../spec/contract.ts';
import { fragmentCache } from './fragmentCache.ts';

const contract = loadContract();

describe('fragmentCache', () => {
  it('presents a record object once, and a replaced record (a new object) again', () => {
    let presented = 0;
    const cached = fragmentCache((r: { name: string }) => (presented++, { name: r.name }), '#/components/schemas/Group');
    const record = { name: 'A' };
    expect(cached(contract, record)).toBe(cached(contract, record));
    expect(presented).toBe(1);
    expect(cached(contract, { ...record, name: 'B' }).json).toBe('{"name":"B"}');
    expect(presented).toBe(2);
  });

  it('checks what it presents against the schema, once', () => {
    const cached = fragmentCache((r: { name: unknown }) => ({ name: r.name }), '#/components/schemas/Group');
    const errors = cached(contract, { name: 42 }).errors;
    expect(errors.map((e) => `${e.path} ${e.message}`)).toContain('/name must be string');
  });

  it('keeps at most two generations: an old record not read again is presented anew', () => {
    let presented = 0;
    const cached = fragmentCache((r: { n: number }) => (presented++, r), '#/components/schemas/Group', 2);
    const records = [{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }, { n: 5 }];
    for (const r of records) cached(contract, r);
    expect(presented).toBe(5);
    cached(contract, records[4]!); // young
    cached(contract, records[2]!); // old, moved back
    expect(presented).toBe(5);
    cached(contract, records[0]!); // dropped two generations ago
    expect(presented).toBe(6);
  });
});

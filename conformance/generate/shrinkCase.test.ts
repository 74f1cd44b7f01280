import { describe, expect, it } from 'vitest';
import type { RequestDraft } from './RequestDraft.ts';
import { shrinkCase } from './shrinkCase.ts';

const draft = (query: Record<string, string>, body?: unknown): RequestDraft => ({
  operationId: 'op',
  path: {},
  query,
  ...(body !== undefined ? { body } : {}),
});

describe('shrinkCase', () => {
  it('drops what the failure does not need and halves the text that triggers it', async () => {
    // Fails while q holds a "(" (a regex crash): the other parameters and the rest of q go.
    const fails = async (d: RequestDraft) => (d.query.q ?? '').includes('(');
    const { draft: smallest } = await shrinkCase(draft({ name: 'Turma', q: '(abc', limit: '10' }), fails, 50);
    expect(smallest.query).toEqual({ q: '(' });
  });

  it('drops body keys and cuts arrays to one entry, but leaves the places it is told to keep', async () => {
    const body = { secret: 's', groups: { data: [], extra: 1 }, users: { data: [{ a: 1 }, { a: 2 }] } };
    const fails = async (d: RequestDraft) => {
      const b = d.body as { groups?: { data?: unknown[] } };
      return Array.isArray(b.groups?.data) && b.groups.data.length === 0;
    };
    const { draft: smallest } = await shrinkCase(draft({}, body), fails, 50, (pointer) => pointer === '/secret');
    expect(smallest.body).toEqual({ secret: 's', groups: { data: [] } });
  });

  it('stops after the requests it may spend', async () => {
    let calls = 0;
    const { tries } = await shrinkCase(draft({ a: 'x', b: 'y', c: 'z' }), async () => ++calls > 100, 2);
    expect(tries).toBe(2);
    expect(calls).toBe(2);
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadContract } from './contract.ts';
import { inferredElements } from './inferredElements.ts';
import { resolvePointer } from './resolvePointer.ts';

const doc = loadContract().document;
const decisions = readFileSync(new URL('./DECISIONS.md', import.meta.url), 'utf8');
const listed = [...decisions.matchAll(/`(#\/[^`]+)`/g)].map((m) => m[1] as string);
const inferred = inferredElements(doc);

describe('spec/DECISIONS.md and the x-inferred marks of the spec agree', () => {
  it.each(inferred.map((e) => [e.pointer, e.reason] as const))('%s is listed (reason: %s)', (pointer, reason) => {
    expect(listed).toContain(pointer);
    expect(reason, `${pointer} has no x-inferred-reason`).toBeTruthy();
  });

  it.each(listed.map((p) => [p]))('%s is an x-inferred element of the spec', (pointer) => {
    const node = resolvePointer(doc, pointer) as Record<string, unknown>;
    expect(node['x-inferred']).toBe(true);
  });
});

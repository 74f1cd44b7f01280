import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkRegistry } from './checks/registry.ts';

const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8');

describe('conformance/README.md', () => {
  it('documents every check of the registry, and no other', () => {
    const documented = [...readme.matchAll(/^\| `([a-z][a-z-]*)` \| (MUST|SHOULD)/gm)].map((m) => m[1]);
    expect(documented.sort()).toEqual([...checkRegistry.keys()].sort());
  });
});

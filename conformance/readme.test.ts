import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkRegistry } from './checks/registry.ts';
import { USAGE } from './config/parseCliArgs.ts';

const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8');

describe('conformance/README.md', () => {
  it('documents every check of the registry, and no other', () => {
    const documented = [...readme.matchAll(/^\| `([a-z][a-z-]*)` \| (MUST|SHOULD)/gm)].map((m) => m[1]);
    expect(documented.sort()).toEqual([...checkRegistry.keys()].sort());
  });
});

describe('the flags of --help', () => {
  const flags = [...USAGE.matchAll(/^ {2}(?:-\w, )?(--[a-z-]+)/gm)].map((m) => m[1] as string).filter((f) => f !== '--help');
  const topReadme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

  it.each(flags)('%s is documented in conformance/README.md and README.md', (flag) => {
    expect(readme).toContain(`\`${flag}`);
    expect(topReadme).toContain(flag);
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { problemCatalog } from './problemCatalog.ts';

const doc = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');
const rows = [...doc.matchAll(/^\| `([a-z_]+)` \| (\d{3}) \|/gm)].map((m) => [m[1], Number(m[2])] as const);

describe('the problem catalogue and docs/errors.md agree', () => {
  it('lists the same codes with the same statuses', () => {
    expect(Object.fromEntries(rows)).toEqual(Object.fromEntries(Object.entries(problemCatalog).map(([code, p]) => [code, p.status])));
  });
});

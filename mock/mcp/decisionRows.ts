import { readFileSync } from 'node:fs';

/** One row of spec/DECISIONS.md: the spec element it decides (a JSON Pointer), its heading, what and why. */
export interface DecisionRow {
  pointer: string;
  heading: string;
  decision: string;
  why: string;
}

let cached: { text: string; rows: DecisionRow[] } | undefined;

/** spec/DECISIONS.md as shipped beside the spec (the package carries it: scripts/runtimeReads.ts). */
export function decisionsText(): string {
  return decisions().text;
}

/** Every row of the tables of spec/DECISIONS.md (`| \`#/pointer\` | decision | why |`), under its heading. */
export function decisionRows(): DecisionRow[] {
  return decisions().rows;
}

function decisions(): { text: string; rows: DecisionRow[] } {
  if (cached) return cached;
  const text = readFileSync(new URL('../../spec/DECISIONS.md', import.meta.url), 'utf8');
  const rows: DecisionRow[] = [];
  let heading = '';
  for (const line of text.split('\n')) {
    const h = /^##+ (.+)$/.exec(line);
    if (h) heading = (h[1] as string).trim();
    const row = /^\| `(#[^`]+)` \| (.*) \| (.*) \|\s*$/.exec(line);
    if (row) rows.push({ pointer: row[1] as string, heading, decision: row[2] as string, why: row[3] as string });
  }
  cached = { text, rows };
  return cached;
}

import { readFileSync } from 'node:fs';
import { decided } from './Check.ts';
import type { RuleSource } from './RuleSource.ts';

let byPointer: Array<{ pointer: string; heading: string }> | undefined;

/** Every pointer spec/DECISIONS.md lists (first column of its tables), with the heading it sits under. */
function decisions(): Array<{ pointer: string; heading: string }> {
  if (byPointer) return byPointer;
  const text = readFileSync(new URL('../../spec/DECISIONS.md', import.meta.url), 'utf8');
  const out: Array<{ pointer: string; heading: string }> = [];
  let heading = '';
  for (const line of text.split('\n')) {
    const h = /^##+ (.+)$/.exec(line);
    if (h) heading = (h[1] as string).trim();
    const row = /^\| `(#[^`]+)` \|/.exec(line);
    if (row) out.push({ pointer: row[1] as string, heading });
  }
  byPointer = out.sort((a, b) => b.pointer.length - a.pointer.length);
  return byPointer;
}

/**
 * The decision a spec element rests on: the heading of spec/DECISIONS.md that lists it, or the closest
 * listed ancestor (an inferred schema's property), else the section for the description's named gaps.
 */
export function decisionFor(pointer: string | undefined): RuleSource {
  const hit = pointer ? decisions().find((d) => pointer === d.pointer || pointer.startsWith(`${d.pointer}/`)) : undefined;
  return decided(hit?.heading ?? 'Other gaps the description names');
}

import { REMOVE, withValue } from './bodyPaths.ts';
import type { RequestDraft } from './RequestDraft.ts';

/**
 * Shrinks a failing request greedily (delta debugging in the manner of Zeller's ddmin, one element at a
 * time): drops query parameters and body keys, keeps only the first entry of an array, halves strings, and
 * keeps each change under which `stillFails` holds, until a full round changes nothing or `maxTries`
 * requests were spent. The result fails the same way and nothing in it can be dropped alone.
 */
export async function shrinkCase(
  start: RequestDraft,
  stillFails: (draft: RequestDraft) => Promise<boolean>,
  maxTries: number,
  keep: (pointer: string) => boolean = () => false,
): Promise<{ draft: RequestDraft; tries: number }> {
  let current = start;
  let tries = 0;
  let changed = true;
  while (changed && tries < maxTries) {
    changed = false;
    for (const candidate of candidates(current, keep)) {
      if (tries >= maxTries) break;
      tries++;
      if (await stillFails(candidate)) {
        current = candidate;
        changed = true;
        break;
      }
    }
  }
  return { draft: current, tries };
}

/** Smaller variants of a request, biggest cut first; body places `keep` names are left alone. */
export function candidates(draft: RequestDraft, keep: (pointer: string) => boolean = () => false): RequestDraft[] {
  const out: RequestDraft[] = [];
  for (const name of Object.keys(draft.query)) {
    const { [name]: _dropped, ...rest } = draft.query;
    out.push({ ...draft, query: rest });
  }
  for (const [name, value] of Object.entries(draft.query)) {
    if (value.length > 1) out.push({ ...draft, query: { ...draft.query, [name]: shorter(value) } });
  }
  if (draft.body !== undefined) {
    for (const [pointer, value] of places(draft.body, '')) {
      if (keep(pointer)) continue;
      out.push({ ...draft, body: withValue(draft.body, pointer, REMOVE) });
      if (Array.isArray(value) && value.length > 1) out.push({ ...draft, body: withValue(draft.body, pointer, value.slice(0, 1)) });
      if (typeof value === 'string' && value.length > 1) out.push({ ...draft, body: withValue(draft.body, pointer, shorter(value)) });
    }
  }
  return out;
}

/** The first half of a string, cut between code points (never inside a surrogate pair). */
function shorter(value: string): string {
  const points = [...value];
  return points.slice(0, Math.max(1, Math.floor(points.length / 2))).join('');
}

/** Every place of a JSON value, parents before children, as [pointer, value]. */
function places(value: unknown, at: string): Array<[string, unknown]> {
  if (value === null || typeof value !== 'object') return [];
  const out: Array<[string, unknown]> = [];
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, child] of entries) {
    const pointer = `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    out.push([pointer, child]);
    out.push(...places(child, pointer));
  }
  return out;
}

import fc from 'fast-check';
import type { Contract } from '../../spec/contract.ts';
import { bodyPaths, valueAt, withValue } from './bodyPaths.ts';
import { bodyValues } from './coverageCases.ts';
import { isBound, type OperationTarget } from './OperationTarget.ts';
import type { GeneratedCase, RequestDraft } from './RequestDraft.ts';
import { coverageValues } from './schemaValues.ts';

/** Any text: graphemes of the whole of Unicode, so combining sequences and emoji come up, not only ASCII. */
const anyText = fc.string({ unit: 'grapheme', maxLength: 40 });

/**
 * The random pass of one operation, drawn with fast-check from the run's seed: each case sets a random subset
 * of the query parameters (coverage values, any text, any integer) and applies one to three random changes
 * to the body (a coverage value of the place, any text, any integer, any JSON). Valid or not is decided later,
 * by the contract; the same seed draws the same cases, so an id ("searchGroups/r7") names one request.
 */
export function randomCases(contract: Contract, target: OperationTarget, seed: number, count: number): GeneratedCase[] {
  if (count <= 0) return [];
  const op = contract.operation(target.operationId);
  const queryParams = op.parameters.filter((p) => p.in === 'query' && !target.skipQuery?.includes(p.name));
  const queryArb = fc.record(
    Object.fromEntries(
      queryParams.map((p) => {
        const pool = coverageValues(p.schema)
          .filter((v) => v.value === null || typeof v.value !== 'object')
          .map((v) => String(v.value));
        const value = fc.oneof(pool.length > 0 ? fc.constantFrom(...pool) : anyText, anyText, fc.integer({ min: -5, max: 2000 }).map(String));
        return [p.name, value];
      }),
    ) as Record<string, fc.Arbitrary<string>>,
    { requiredKeys: [] },
  );
  const bodyPointer = op.requestBody?.content['application/json'];
  const places = bodyPointer && target.base.body !== undefined ? bodyPaths(contract.document, bodyPointer, target.base.body) : [];
  const changeArb =
    places.length === 0
      ? fc.constant([] as Array<[number, unknown]>)
      : fc.array(fc.tuple(fc.nat(places.length - 1), fc.oneof(anyText, fc.integer(), fc.jsonValue({ maxDepth: 2 }), fc.nat(50))), {
          minLength: 1,
          maxLength: 3,
        });
  const samples = fc.sample(fc.tuple(queryArb, changeArb), { seed: mixSeed(seed, target.operationId), numRuns: count });
  return samples.map(([drawn, changes], i) => {
    const query = Object.fromEntries(Object.entries(drawn).filter((e): e is [string, string] => e[1] !== undefined));
    const varies: string[] = Object.keys(query).map((name) => `query.${name}`);
    let body = target.base.body;
    let probe = false;
    for (const [index, pick] of changes) {
      const place = places[index];
      if (!place) continue;
      const pinned = place.readOnly || isBound(place.pointer, target.pinned);
      if (pinned && target.writes && !place.readOnly) continue;
      // A small number picks one of the place's coverage values; anything else is used as the value itself.
      // A bound place is only ever wrong-typed here (its removal is judged in the coverage pass, as a probe).
      const pool = bodyValues(place.schema, valueAt(target.base.body, place.pointer), pinned).filter((v) => !pinned || v.label !== 'removed');
      const at = typeof pick === 'number' && Number.isSafeInteger(pick) ? Math.abs(pick) % pool.length : 0;
      const value = pinned || (typeof pick === 'number' && Number.isInteger(pick) && pick >= 0 && pick <= 50) ? pool[at]?.value : pick;
      body = withValue(body, place.pointer, value);
      probe ||= place.readOnly;
      varies.push(`body${place.pointer}`);
    }
    const draft: RequestDraft = {
      ...target.base,
      query: { ...target.base.query, ...query },
      ...(body !== undefined ? { body } : {}),
      ...(probe ? { probe: true as const } : {}),
    };
    return { id: `${target.operationId}/r${i}`, draft, varies };
  });
}

/** One seed per operation, so adding an operation does not change the cases of the others. */
function mixSeed(seed: number, operationId: string): number {
  let h = seed >>> 0;
  for (let i = 0; i < operationId.length; i++) h = Math.imul(h ^ operationId.charCodeAt(i), 0x9e3779b1) >>> 0;
  return h | 0;
}

import type { Contract } from '../../spec/contract.ts';
import { BAD_PERCENT_ENCODINGS } from '../scenarios/badPercentEncodings.ts';
import { EDGE_STRINGS } from './edgeStrings.ts';
import { bodyPaths, REMOVE, valueAt, withValue } from './bodyPaths.ts';
import { isBound, type OperationTarget } from './OperationTarget.ts';
import type { GeneratedCase, RequestDraft } from './RequestDraft.ts';
import { coverageValues, type TryValue } from './schemaValues.ts';

/**
 * The deterministic coverage pass of one operation: each query parameter alone with each of its coverage
 * values, then each with both kinds of malformed percent-encoding sent raw, then each place of the body with each of its values, removed, or wrong-typed; an unknown key; a
 * duplicated and an empty array; a body cut short, an empty one and one sent as text/plain. Ids are positions in this list ("listGroups/c4"), stable for a spec and config.
 */
export function coverageCases(contract: Contract, target: OperationTarget): GeneratedCase[] {
  const op = contract.operation(target.operationId);
  const drafts: Array<{ draft: RequestDraft; varies: string }> = [];
  for (const param of op.parameters.filter((p) => p.in === 'query' && !target.skipQuery?.includes(p.name))) {
    for (const tried of coverageValues(param.schema)) {
      if (tried.value !== null && typeof tried.value === 'object') continue;
      drafts.push({
        draft: { ...target.base, query: { ...target.base.query, [param.name]: String(tried.value) }, queryOnly: true },
        varies: `query.${param.name}: ${tried.label}`,
      });
    }
  }
  // Every query input also gets both kinds of malformed percent-encoding, sent raw (an encoder would repair them):
  // two cases a parameter, after the others, as probes (a 4xx or a lenient 2xx is right; a 5xx never is).
  for (const param of op.parameters.filter((p) => p.in === 'query' && !target.skipQuery?.includes(p.name))) {
    const { [param.name]: _replaced, ...others } = target.base.query;
    for (const bad of BAD_PERCENT_ENCODINGS)
      drafts.push({
        draft: { ...target.base, query: others, rawQuery: `${encodeURIComponent(param.name)}=${bad.raw}`, queryOnly: true, probe: true },
        varies: `query.${param.name}: ${bad.label} (sent raw)`,
      });
  }
  for (const name of target.pathProbes ?? []) {
    for (const tried of [...EDGE_STRINGS.filter((e) => e.value !== ''), { label: 'an unknown ObjectId', value: '0'.repeat(24) }, FAR_LONGER_ID]) {
      drafts.push({ draft: { ...target.base, path: { ...target.base.path, [name]: tried.value }, probe: true }, varies: `path.${name}: ${tried.label}` });
    }
  }
  const bodyPointer = op.requestBody?.content['application/json'];
  if (bodyPointer && target.base.body !== undefined) {
    for (const place of bodyPaths(contract.document, bodyPointer, target.base.body)) {
      const pinned = place.readOnly || isBound(place.pointer, target.pinned);
      if (pinned && target.writes && !place.readOnly) continue;
      for (const tried of bodyValues(place.schema, valueAt(target.base.body, place.pointer), pinned)) {
        // A bound place removed: the schema may allow it, but the target can no longer tell whose the
        // request is (no community for the secret, no alias to match an entity by), so any 4xx is right too.
        // A readOnly place changed at all: the target may refuse to change what it manages (a 4xx is right).
        const probe = (pinned && tried.value === REMOVE) || place.readOnly ? { probe: true as const } : {};
        drafts.push({
          draft: { ...target.base, body: withValue(target.base.body, place.pointer, tried.value), ...probe },
          varies: `body${place.pointer}: ${tried.label}`,
        });
      }
    }
    if (isObject(target.base.body)) drafts.push({ draft: { ...target.base, body: { ...target.base.body, unexpectedKey: 1 } }, varies: 'body: an unknown key' });
    // Bodies that are not JSON: the base body cut short, no body at all, and the base body labelled text/plain
    // (what a lenient server would then read is the base request, so a write it accepts changes nothing new).
    const json = JSON.stringify(target.base.body);
    const { operationId, path, query } = target.base;
    for (const [label, text, contentType] of [
      ['cut short (not JSON)', json.slice(0, Math.ceil(json.length / 2)), 'application/json'],
      ['empty (not JSON)', '', 'application/json'],
      ['sent as text/plain', json, 'text/plain'],
    ] as const)
      drafts.push({ draft: { operationId, path, query, raw: { text, contentType } }, varies: `body: ${label}` });
  }
  return drafts.map((d, i) => ({ id: `${target.operationId}/c${i}`, draft: d.draft, varies: [d.varies] }));
}

/** A path id far longer than any real one (ObjectIds are 24 characters): a key or index limit shows as a 5xx. */
const FAR_LONGER_ID = { label: 'far longer than any id (5000 characters)', value: 'f'.repeat(5000) };

/** The values tried at one place of a body; a pinned place only gets removed or wrong-typed. */
export function bodyValues(schema: Record<string, unknown>, current: unknown, pinned: boolean): TryValue[] {
  const removed: TryValue = { label: 'removed', value: REMOVE };
  if (pinned)
    return [removed, { label: 'wrong type', value: schema.type === 'string' || (schema.type === undefined && typeof current === 'string') ? 7 : 'x' }];
  const out: TryValue[] = [removed, ...coverageValues(schema)];
  // A repeated scalar (a tag, a period); a repeated entity would be two writes to one alias, refused by design.
  if (Array.isArray(current) && current.length > 0 && (current[0] === null || typeof current[0] !== 'object'))
    out.push({ label: 'duplicated entry', value: [current[0], current[0]] });
  return out;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

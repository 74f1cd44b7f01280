import { UNSUPPORTED_MEDIA_TYPE } from '../scenarios/probeNotJson.ts';
import { decided, type CheckFailure } from '../checks/Check.ts';
import { communityScope } from '../checks/communityScope.ts';
import { filterSubset } from '../checks/filterSubset.ts';
import { pageHonoured } from '../checks/pageHonoured.ts';
import { installationRoundTrip } from '../checks/installationRoundTrip.ts';
import { propertiesOf, schemaPointerFor } from '../checks/schemaNavigator.ts';
import { isRecord, itemsOf, type Json } from '../checks/values.ts';
import type { Exchange } from '../client/Exchange.ts';
import { judgeMatches } from '../scenarios/groups/judgeMatches.ts';
import { GROUP_FILTERS } from '../scenarios/groupFilters.ts';
import type { Expectation, StepContext } from '../step/StepContext.ts';
import { pointersOf } from './bodyPaths.ts';
import type { RequestDraft } from './RequestDraft.ts';

/** Groups the phase's own uploads may add to the community after its walk: a page past them all is past the end. */
const PAST_END_MARGIN = 1000;

/** What earlier requests taught the phase, for the relational oracles. */
export interface Learned {
  /** Every group of the community by _id (the unfiltered list, walked to its end). */
  universe?: Map<string, Json>;
  /** Walks the list again into `universe` (bounded): before a group outside it is reported. */
  refresh?: () => Promise<void>;
  /** The community the listed groups carry. */
  groupCommunity?: string;
}

export interface Judged {
  exchange: Exchange;
  failures: CheckFailure[];
  /** Whether the contract allows the request (a 2xx is owed) or forbids it (a 4xx is owed). */
  valid: boolean;
}

/**
 * Sends one generated request and judges it with the suite's oracles: every exchange check (no 5xx, a
 * documented status, the schema and content type of the answer), the verdict of the spec on the request
 * itself (allowed → not refused, forbidden → a 4xx; MUST or SHOULD by where the broken or relied-on
 * constraint comes from), and the relations that hold on any data (a filtered list is a subset of the
 * community's groups and carries its community; a PUT answers what was put).
 */
export async function judgeCase(phase: StepContext, draft: RequestDraft, learned: Learned): Promise<Judged> {
  const { contract, config } = phase;
  // Each case is judged aside: its findings are weighed (shrunk, counted by kind) before the step reports them.
  const { s: ctx, failures } = phase.aside();
  // A probe the spec allows owes no particular status (only the target knows the id, or whose the request
  // is without its bound field); one the spec forbids still owes a 4xx.
  const verdict = expectationFor(phase, draft);
  const expect = draft.probe && verdict.valid ? { valid: false, expectation: { probe: true } as const } : verdict;
  const exchange = await ctx.send({
    operationId: draft.operationId,
    path: draft.path,
    query: draft.query,
    ...(draft.rawQuery !== undefined ? { rawQuery: draft.rawQuery } : {}),
    ...(draft.raw !== undefined
      ? { text: draft.raw.text, headers: { 'content-type': draft.raw.contentType } }
      : draft.body !== undefined
        ? { json: draft.body }
        : {}),
    expect: expect.expectation,
  });
  const status = exchange.response?.status ?? 0;
  const bodyPointer = contract.operation(draft.operationId).requestBody?.content['application/json'];
  if (expect.valid && status >= 200 && status < 300) {
    const body = exchange.response?.body;
    if (draft.operationId === 'listGroups' || draft.operationId === 'searchGroups') {
      const items = itemsOf(body);
      const filter =
        Object.entries(draft.query)
          .map(([k, v]) => `${k}=${v}`)
          .join('&') || '(no filter)';
      if (learned.groupCommunity !== undefined)
        ctx.check(communityScope, { exchange, community: learned.groupCommunity, items, ...(config.community ? { header: config.community } : {}) });
      const universe = learned.universe;
      if (universe && items.some((item) => typeof item._id !== 'string' || !universe.has(item._id))) await learned.refresh?.();
      if (learned.universe && learned.universe.size > 0) ctx.check(filterSubset, { exchange, filter, items, universe: learned.universe, complete: false });
      // A page far past the end (page − 1 beyond the community's groups, whatever the page size and first page)
      // is the empty slice: an offset that wraps in 32 bits answers the start or the tail instead.
      const page = Number(draft.query.page);
      if (learned.universe && Number.isInteger(page) && page - 1 > learned.universe.size + PAST_END_MARGIN) {
        const actual = items.map((g) => g._id).filter((id): id is string => typeof id === 'string');
        const limit = Number(draft.query.limit);
        ctx.check(pageHonoured, { exchange, page, ...(Number.isInteger(limit) ? { limit } : {}), expected: [], actual });
      }
      // A drawn filter value (name=7) is judged against the items exactly as a scripted one is: a filter
      // ignored for values no real group holds returns a subset (every group) and only this oracle sees it.
      for (const groupFilter of GROUP_FILTERS) {
        const value = draft.query[groupFilter.param];
        if (value !== undefined) judgeMatches(ctx, exchange, groupFilter, value, items);
      }
    }
    if (draft.operationId === 'updateAppInstallation' && isRecord(draft.body) && bodyPointer) {
      // Only documented keys are owed back: an unknown one is reported as a warning and not stored.
      const documented = propertiesOf(contract.document, bodyPointer);
      ctx.check(installationRoundTrip, { exchange, sent: Object.fromEntries(Object.entries(draft.body).filter(([key]) => key in documented)) });
    }
  }
  return { exchange, failures: failures.map((f) => lenient(f, draft, expect)), valid: expect.valid };
}

/**
 * The description states shapes, not how strictly an implementation must police them, and no error
 * behaviour at all ("Error status codes ...: not shown"). So, for generated requests, a malformed value
 * accepted, or a body the schema allows refused, is a SHOULD (our decision on validation); what stays a MUST:
 * a required field's absence accepted, and a query value the description allows refused.
 */
function lenient(failure: CheckFailure, draft: RequestDraft, expect: { valid: boolean; required?: boolean }): CheckFailure {
  const bodyVaried = draft.body !== undefined && failure.check === 'valid-request-accepted' && expect.valid && !draft.queryOnly;
  const malformedAccepted = failure.check === 'invalid-request-rejected' && !expect.required;
  if (failure.severity !== 'MUST' || (!bodyVaried && !malformedAccepted)) return failure;
  return { ...failure, severity: 'SHOULD', source: decided('Errors') };
}

/** The spec's verdict on a request: valid (with the severity of relying on it) or the first rule it breaks. */
export function expectationFor(
  phase: Pick<StepContext, 'contract' | 'config'>,
  draft: RequestDraft,
): { valid: boolean; required?: boolean; expectation: Expectation } {
  const { contract, config } = phase;
  // Not JSON: refused by "Request bodies are `application/json`"; what the refusal looks like is not shown.
  if (draft.raw !== undefined) {
    const what =
      draft.raw.contentType === 'application/json' ? `${draft.raw.text === '' ? 'empty' : 'cut short'}, not JSON` : `sent as ${draft.raw.contentType}`;
    return { valid: false, expectation: { invalid: `the generated body is ${what}`, rule: UNSUPPORTED_MEDIA_TYPE } };
  }
  const op = contract.operation(draft.operationId);
  const bodyPointer = op.requestBody?.content['application/json'];
  const verdict = contract.validateRequest(draft.operationId, {
    path: draft.path,
    query: draft.query,
    headers: config.community !== undefined ? { 'community-id': config.community } : {},
    ...(draft.body !== undefined ? { body: draft.body, contentType: 'application/json' } : {}),
  });
  if (verdict.ok) {
    // Relying on an inferred parameter or body field (page, limit, sort, a date-time createdAt, data.limit)
    // makes the 2xx a SHOULD: the constraint that allows the request is our decision, not the description's.
    const inferredQuery = Object.keys(draft.query).some((name) => op.parameters.find((p) => p.in === 'query' && p.name === name)?.inferred === true);
    const inferredBody = bodyPointer !== undefined && pointersOf(draft.body).some((at) => inferredAt(phase, bodyPointer, at));
    const inferred = op.inferred || inferredQuery || inferredBody;
    return { valid: true, expectation: { valid: true, severity: inferred ? 'SHOULD' : 'MUST' } };
  }
  const first = verdict.errors[0];
  const violation = first
    ? `${first.in}${first.path.startsWith('/') || first.path === '' ? first.path : `.${first.path}`} ${first.message}`
    : 'the request breaks the spec';
  const rule = !first
    ? op.pointer
    : first.in === 'body' && bodyPointer
      ? schemaPointerFor(contract.document, bodyPointer, first.path)
      : (op.parameters.find((p) => p.in === first.in && p.name === first.path)?.schemaPointer ?? op.pointer);
  return { valid: false, required: first?.rule === 'required', expectation: { invalid: `the generated request breaks the spec (${violation})`, rule } };
}

/** Inferred-ness of a body place, by schema place (array indexes folded): the walk through $refs is costly. */
const inferredCache = new WeakMap<object, Map<string, boolean>>();

function inferredAt(phase: Pick<StepContext, 'contract'>, bodyPointer: string, instancePath: string): boolean {
  const { contract } = phase;
  let cache = inferredCache.get(contract.document);
  if (!cache) inferredCache.set(contract.document, (cache = new Map()));
  const key = `${bodyPointer}|${instancePath.replace(/\/\d+(?=\/|$)/g, '/0')}`;
  let hit = cache.get(key);
  if (hit === undefined) {
    hit = contract.isInferred(schemaPointerFor(contract.document, bodyPointer, instancePath));
    cache.set(key, hit);
  }
  return hit;
}

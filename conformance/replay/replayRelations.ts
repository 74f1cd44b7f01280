import { approveEffect } from '../checks/approveEffect.ts';
import { filterSubset } from '../checks/filterSubset.ts';
import { getMatchesList } from '../checks/getMatchesList.ts';
import { pagesDisjoint } from '../checks/pagesDisjoint.ts';
import { isRecord, itemsOf, type Json } from '../checks/values.ts';
import type { Exchange } from '../client/Exchange.ts';
import type { StepContext } from '../step/StepContext.ts';
import { judgeMatches } from '../scenarios/groups/judgeMatches.ts';
import { GROUP_FILTERS } from '../scenarios/groupFilters.ts';
import type { ReplayMapper } from './ReplayMapper.ts';
import type { RecordedCall } from './selectApiEntries.ts';

/** A call the replay sent, with the target's answer. */
export interface Replayed {
  call: RecordedCall;
  exchange: Exchange;
  /** The query sent, after mapping. */
  query: Record<string, string>;
}

const PAGING = new Set(['page', 'limit', 'sort']);
const ok = (e: Exchange): boolean => (e.response?.status ?? 0) >= 200 && (e.response?.status ?? 0) < 300;
const ids = (body: unknown): string[] =>
  itemsOf(body)
    .map((g) => g._id)
    .filter((id): id is string => typeof id === 'string');

/**
 * The relations the recording shows between this call and earlier ones, judged on the target's answers with
 * the suite's own checks: a group read by id equals the list entry its id came from; a filtered list is a subset
 * of an earlier, complete unfiltered one; two pages of one query share nothing; approve, then the installation
 * listed is approved. Writes seen afterwards are judged by replayScenario (they may need a poll).
 */
export function judgeRelations(s: StepContext, now: Replayed, earlier: readonly Replayed[], mapper: ReplayMapper): void {
  const { call, exchange } = now;
  if (!ok(exchange)) return;
  const body = exchange.response?.body;
  if (call.operationId === 'getGroup' && isRecord(body)) {
    const recordedId = call.pathParams.groupId as string;
    const found = mapper.sourceOf(recordedId);
    if (found && ['listGroups', 'searchGroups'].includes(found.answered.call.operationId)) {
      const listed = itemsOf(found.answered.actual).find((g) => g._id === body._id);
      if (listed) s.check(getMatchesList, { exchange, listed, read: body });
    }
  }
  if (call.operationId === 'listGroups' || call.operationId === 'searchGroups') {
    // Each filter value the recording sent, judged against the items as a scripted one is: a filter the
    // target ignores answers a subset (everything), which only this oracle sees.
    for (const groupFilter of GROUP_FILTERS) {
      const value = now.query[groupFilter.param];
      if (value !== undefined) judgeMatches(s, exchange, groupFilter, value, itemsOf(body));
    }
    for (const before of earlier.filter((b) => b.call.operationId === call.operationId && ok(b.exchange))) {
      const relation = relationOf(before.query, now.query);
      if (relation === 'next-page') s.check(pagesDisjoint, { exchange, first: ids(before.exchange.response?.body), second: ids(body) });
      if (relation === 'narrowed' && complete(before)) {
        const universe = new Map(itemsOf(before.exchange.response?.body).flatMap((g) => (typeof g._id === 'string' ? [[g._id, g] as [string, Json]] : [])));
        const filter = Object.keys(now.query)
          .filter((k) => !PAGING.has(k) && before.query[k] === undefined)
          .map((k) => `${k}=${now.query[k]}`)
          .join('&');
        s.check(filterSubset, { exchange, filter, items: itemsOf(body), universe, complete: false });
      }
    }
  }
  if (call.operationId === 'listAppInstallations') {
    const approve = [...earlier]
      .reverse()
      .find((b) => b.call.operationId === 'approveAppInstallation' && b.call.pathParams.appId === call.pathParams.appId && ok(b.exchange));
    const recordedApproved = itemsOf(call.responseJson).some((i) => i.status !== 'pending_approval');
    if (approve && recordedApproved) {
      const items = itemsOf(body);
      const installation = items.find((i) => isRecord(i.manifest) && i.manifest.id !== undefined) ?? items[0];
      s.check(approveEffect, { exchange: approve.exchange, ...(installation ? { installation } : {}) });
    }
  }
}

/** How a later query relates to an earlier one of the same operation. */
export function relationOf(before: Record<string, string>, after: Record<string, string>): 'next-page' | 'narrowed' | undefined {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const differing = [...keys].filter((k) => before[k] !== after[k]);
  if (differing.length === 1 && differing[0] === 'page' && before.page !== undefined && after.page !== undefined) return 'next-page';
  const filtersBefore = Object.keys(before).filter((k) => !PAGING.has(k));
  const filtersAfter = Object.keys(after).filter((k) => !PAGING.has(k));
  const samePaging = [...PAGING].every((k) => before[k] === after[k]);
  if (samePaging && filtersAfter.length > filtersBefore.length && filtersBefore.every((k) => after[k] === before[k])) return 'narrowed';
  return undefined;
}

/** An answer is the whole list when it says so (its total) or is shorter than the page it asked for. */
function complete(r: Replayed): boolean {
  const body = r.exchange.response?.body;
  const count = itemsOf(body).length;
  const total = isRecord(body) && typeof body.total === 'number' ? body.total : Number(r.exchange.response?.headers['x-total-count'] ?? NaN);
  if (Number.isFinite(total)) return total <= count;
  return r.query.limit !== undefined && count < Number(r.query.limit);
}

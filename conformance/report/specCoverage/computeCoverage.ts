import type { Contract } from '../../../spec/contract.ts';
import { AREA_PLAN, WRITE_OPERATIONS } from '../../plan/areaPlan.ts';
import type { RunResult } from '../../run/RunResult.ts';
import type { Coverage, CoverageFigure, Uncovered, UncoveredWhy } from './Coverage.ts';
import { exercisedByOperation, type Exercised } from './exercised.ts';
import { inventoryOf } from './specInventory.ts';

export interface CoveragePlan {
  /** The operations the run's profile claims (all of the spec's for the default profile). */
  operations: readonly string[];
}

/**
 * Coverage of the run against the spec, for the planned operations of the areas the run selected. Every
 * element not exercised says why: skipped (a step or area lacked what it needed), read-only, or not reachable
 * (no step sends it, or the target refused every request).
 */
export function computeCoverage(contract: Contract, result: RunResult, plan: CoveragePlan): Coverage {
  const inRun = new Set(result.areas.flatMap((a) => AREA_PLAN[a].operations));
  const planned = [...contract.operations.keys()].filter((op) => plan.operations.includes(op) && inRun.has(op));
  const exercised = exercisedByOperation(result.exchangeLog ?? [], (op) => contract.operation(op).pathParameterNames);
  const figures = { operations: new Tally(), statuses: new Tally(), parameters: new Tally(), requestBodyKeys: new Tally() };

  for (const operationId of planned) {
    const seen = exercised.get(operationId);
    const inventory = inventoryOf(contract, contract.operation(operationId));
    // Covered when a request got past the gate: a success, or a documented refusal of the request itself (an
    // approve answered 409 because an earlier run approved it). 401, 403 and 404 are not: they also answer a
    // route the target lacks or a request it never looked at.
    const success = seen?.statuses.some((s) => s < 400 || (![401, 403, 404].includes(s) && inventory.statuses.includes(String(s)))) ?? false;
    const opReason = success ? undefined : whyNotCovered(operationId, seen, result);
    figures.operations.add(operationId, 'operation', opReason);
    // Elements of an operation never reached inherit its reason; those of a reached one were simply never sent.
    const sub = (what: string): [UncoveredWhy, string] => opReason ?? ['not reachable', `no step of the suite ${what}`];
    for (const status of inventory.statuses) {
      figures.statuses.add(operationId, status, seen?.statuses.some((s) => statusMatches(status, s)) ? undefined : sub('provoked this status'));
    }
    for (const p of inventory.parameters)
      figures.parameters.add(
        operationId,
        p.item,
        seen?.parameters.has(p.item) ? undefined : sub(p.value === undefined ? 'sends this parameter' : 'sends this value'),
      );
    for (const key of inventory.bodyKeys) figures.requestBodyKeys.add(operationId, key, seen?.bodyKeys.has(key) ? undefined : sub('sends this key'));
  }
  return {
    operations: figures.operations.figure(),
    statuses: figures.statuses.figure(),
    parameters: figures.parameters.figure(),
    requestBodyKeys: figures.requestBodyKeys.figure(),
    outOfPlan: [...contract.operations.keys()].filter((op) => !planned.includes(op)),
  };
}

function whyNotCovered(operationId: string, seen: Exercised | undefined, result: RunResult): [UncoveredWhy, string] {
  if (result.readOnly && WRITE_OPERATIONS.includes(operationId)) return ['read-only', '--read-only: the run sends nothing that writes'];
  if (seen && seen.statuses.length === 0 && seen.errors.length > 0) return ['not reachable', `no answer: ${seen.errors[0]}`];
  const areas = result.areas.filter((a) => AREA_PLAN[a].operations.includes(operationId));
  const skipped = result.cases.filter(
    (c) => areas.includes(c.area) && c.status === 'skipped' && (c.operationIds.length === 0 || c.operationIds.includes(operationId)),
  );
  if (skipped.length > 0 && (!seen || seen.statuses.length === 0)) {
    return ['skipped', [...new Set(skipped.map((c) => `${c.area} › ${c.title}: ${c.skipReason ?? ''}`))].join('; ')];
  }
  if (seen && seen.statuses.length > 0) return ['not reachable', `every request was refused (${[...new Set(seen.statuses)].sort().join(', ')})`];
  return ['not reachable', 'no step of the suite sends a request to it'];
}

/** A documented status key ("404", "4XX", "default") against a received status. */
function statusMatches(documented: string, status: number): boolean {
  if (documented === 'default') return true;
  if (/^[1-5]XX$/i.test(documented)) return documented[0] === String(status)[0];
  return documented === String(status);
}

class Tally {
  private covered = 0;
  private total = 0;
  private readonly missing: Uncovered[] = [];
  add(operation: string, item: string, reason: [UncoveredWhy, string] | undefined): void {
    this.total++;
    if (!reason) this.covered++;
    else this.missing.push({ operation, item, why: reason[0], detail: reason[1] });
  }
  figure(): CoverageFigure {
    const percent = this.total === 0 ? 100 : Math.floor((this.covered / this.total) * 1000) / 10;
    return { covered: this.covered, total: this.total, percent, notCovered: this.missing };
  }
}

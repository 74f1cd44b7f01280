/** Why an element of the spec was not exercised. */
export type UncoveredWhy = 'skipped' | 'read-only' | 'not reachable';

export interface Uncovered {
  operation: string;
  /** The element: the operation itself, a status ("404"), a parameter ("query limit", "query sort=name") or a body key ("groups.data[].name"). */
  item: string;
  why: UncoveredWhy;
  detail: string;
}

export interface CoverageFigure {
  covered: number;
  total: number;
  /** covered / total, in percent, one decimal (100 when total is 0). */
  percent: number;
  notCovered: Uncovered[];
}

/** What the run exercised against what the spec documents, for the operations of the run's plan. */
export interface Coverage {
  /**
   * An operation is covered when it answered a request with a success (2xx or 3xx) or a documented refusal
   * of the request itself (not 401, 403 or 404, which a request that never reached it also gets).
   */
  operations: CoverageFigure;
  /** Documented statuses of the planned operations, each covered when some answer had it. */
  statuses: CoverageFigure;
  /** Parameters of the planned operations and the values the spec lists for them, each covered when sent. */
  parameters: CoverageFigure;
  /** Keys of the request bodies (nested, "[]" for an array's items), each covered when sent. */
  requestBodyKeys: CoverageFigure;
  /** Operations of the spec outside the plan (profile and --only): not counted. */
  outOfPlan: string[];
}

import { filterMatches } from '../../checks/filterMatches.ts';
import type { Json } from '../../checks/values.ts';
import type { Exchange } from '../../client/Exchange.ts';
import type { StepContext } from '../../step/StepContext.ts';
import type { GroupFilter } from '../groupFilters.ts';

/** filter-matches on an answer: at the filter's severity, or, where the comparison is open, loosely (MUST) and exactly (SHOULD). */
export function judgeMatches(s: StepContext, exchange: Exchange, filter: GroupFilter, value: string, items: Json[]): void {
  const label = `${filter.param}=${value}`;
  const { loosely } = filter;
  if (!loosely)
    return void s.check(filterMatches, {
      exchange,
      filter: label,
      items,
      matches: (g) => filter.matches(g, value),
      show: filter.show,
      severity: filter.severity,
    });
  const failures = s.check(filterMatches, { exchange, filter: label, items, matches: (g) => loosely(g, value), show: filter.show, severity: filter.severity });
  if (failures.length === 0)
    s.check(filterMatches, { exchange, filter: `${label} (exactly)`, items, matches: (g) => filter.matches(g, value), show: filter.show, severity: 'SHOULD' });
}

import type { CheckFailure } from '../../checks/Check.ts';
import { failedSteps, OUTSIDE_OPERATIONS, stepName } from '../../run/countCases.ts';
import type { CaseResult, RunResult } from '../../run/RunResult.ts';
import type { WaivedFailure } from '../RunReportExtras.ts';
import { html, type Html } from './escapeHtml.ts';
import { renderFailure, type FailureKind } from './renderFailure.ts';

export const OUTSIDE = OUTSIDE_OPERATIONS;

interface Entry {
  failure: CheckFailure | WaivedFailure;
  kind: FailureKind;
  step: string;
}

/** Per operation (spec order): the checks that ran on it with their outcome, its steps, and each failure in full. */
export function renderOperations(result: Pick<RunResult, 'cases' | 'redact'>, operationOrder: readonly string[], describe: (op: string) => string): Html {
  const entries = new Map<string, Entry[]>();
  const steps = new Map<string, CaseResult[]>();
  // Each failed step is counted under one operation (its first failure's): the badges add up to the run's count.
  const counted = new Map<string, number>();
  for (const { operation } of failedSteps(result.cases)) counted.set(operation, (counted.get(operation) ?? 0) + 1);
  for (const c of result.cases) {
    const step = stepName(c);
    const add = (list: CheckFailure[], kind: FailureKind): void => {
      for (const failure of list) {
        const op = failure.exchange.operationId ?? OUTSIDE;
        entries.set(op, [...(entries.get(op) ?? []), { failure, kind, step }]);
      }
    };
    add(c.failures, 'failure');
    add(c.warnings, 'warning');
    add(c.waived ?? [], 'waived');
    for (const op of c.operationIds) steps.set(op, [...(steps.get(op) ?? []), c]);
  }
  const ops = [...operationOrder.filter((op) => steps.has(op) || entries.has(op)), ...(entries.has(OUTSIDE) ? [OUTSIDE] : [])];
  let n = 0;
  const sections = ops.map((op) => {
    const rank: Record<FailureKind, number> = { failure: 0, waived: 1, warning: 2 };
    const own = [...(entries.get(op) ?? [])].sort((a, b) => rank[a.kind] - rank[b.kind]);
    const opSteps = steps.get(op) ?? [];
    // Failed steps counted under this operation (the run's one failure count is in steps, see failedSteps). An
    // operation whose failures belong to steps counted under another one says so, with no number of its own.
    const failing = counted.get(op) ?? 0;
    const broken = own.some((e) => e.kind === 'failure');
    const state = broken ? 'failed' : own.length > 0 ? (own.some((e) => e.kind === 'warning') ? 'warning' : 'waived') : 'passed';
    const label =
      state === 'passed'
        ? '✓ passed'
        : state !== 'failed'
          ? state
          : failing > 0
            ? `✗ ${failing} failed step${failing === 1 ? '' : 's'}`
            : '✗ failing in steps counted under another operation';
    const checks = [...new Set([...opSteps.flatMap((c) => c.checks ?? []), ...own.map((e) => e.failure.check)])].sort();
    return html`<details class="op ${own.length === 0 ? 'clean' : ''}" id="op-${op}"${broken ? html` open` : ''}>
<summary><span class="badge ${state}" data-failed-steps="${failing}">${label}</span> <b><code>${op}</code></b> <span class="muted mono">${op === OUTSIDE ? '' : describe(op)}</span> <span class="muted">· ${opSteps.length} step${opSteps.length === 1 ? '' : 's'}</span></summary>
<div class="body">
${checks.length > 0 ? html`<h3>Checks</h3><table><thead><tr><th>check</th><th>result</th></tr></thead><tbody>${checks.map((check) => html`<tr><td><code>${check}</code></td><td>${checkOutcome(own.filter((e) => e.failure.check === check))}</td></tr>`)}</tbody></table>` : ''}
${opSteps.length > 0 ? html`<h3>Steps</h3><ul>${opSteps.map((c) => html`<li><span class="badge ${c.status}">${c.status}</span> ${c.area} › ${c.title}${c.skipReason ? html` <span class="muted">(${c.skipReason})</span>` : ''}</li>`)}</ul>` : ''}
${own.map((e) => renderFailure(e.failure, e.kind, e.step, `f${++n}`, result.redact))}
</div></details>`;
  });
  return html`<section id="operations"><h2>Operations</h2>${sections}</section>`;
}

function checkOutcome(own: Entry[]): Html {
  if (own.length === 0) return html`<span class="badge passed">passed</span>`;
  const count = (kind: FailureKind) => own.filter((e) => e.kind === kind).length;
  const parts: Html[] = [];
  if (count('failure')) parts.push(html`<span class="badge failed">${count('failure')} failed</span> `);
  if (count('warning')) parts.push(html`<span class="badge warning">${count('warning')} warning${count('warning') === 1 ? '' : 's'}</span> `);
  if (count('waived')) parts.push(html`<span class="badge waived">${count('waived')} waived</span>`);
  return html`${parts}`;
}

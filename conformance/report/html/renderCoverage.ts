import type { Coverage, CoverageFigure } from '../specCoverage/Coverage.ts';
import { html, type Html } from './escapeHtml.ts';

/** Coverage bars, then what was not covered and why, then the operations outside the plan. */
export function renderCoverage(coverage: Coverage, minCoverage: number | undefined): Html {
  const rows: Array<[string, CoverageFigure]> = [
    ['Operations', coverage.operations],
    ['Statuses', coverage.statuses],
    ['Parameters', coverage.parameters],
    ['Body keys', coverage.requestBodyKeys],
  ];
  const missing = rows.flatMap(([name, f]) => f.notCovered.map((u) => ({ name, ...u })));
  return html`<section id="coverage"><h2>Coverage</h2>
<p class="muted">What the run exercised against what the spec documents, for the operations of the profile${minCoverage !== undefined ? ` (minimum for operations: ${minCoverage}%)` : ''}.</p>
${rows.map(([name, f]) => html`<div class="bar"><span class="name">${name}</span><span class="track"><span class="fill" style="width:${Math.min(100, f.percent)}%;display:block"></span></span><span class="num">${f.covered} / ${f.total} (${f.percent}%)</span></div>`)}
${
  missing.length > 0
    ? html`<details><summary>Not covered (${missing.length})</summary><table><thead><tr><th>kind</th><th>operation</th><th>element</th><th>why</th><th>detail</th></tr></thead><tbody>${missing.map((m) => html`<tr><td>${m.name}</td><td><code>${m.operation}</code></td><td><code>${m.item}</code></td><td>${m.why}</td><td>${m.detail}</td></tr>`)}</tbody></table></details>`
    : html`<p>Everything the profile documents was exercised.</p>`
}
${coverage.outOfPlan.length > 0 ? html`<p class="muted">Outside this run's plan (profile or --only), not counted: ${coverage.outOfPlan.map((op, i) => html`${i > 0 ? ', ' : ''}<code>${op}</code>`)}</p>` : ''}
</section>`;
}

import { createHash } from 'node:crypto';
import { loadContract, type Contract } from '../../spec/contract.ts';
import { describeWaiver } from '../plan/waivers.ts';
import { failedSteps } from '../run/countCases.ts';
import type { VerdictResult } from './certificate.ts';
import type { ReportData } from './Report.ts';
import { setupLine, type ReplayVariable } from '../run/replayVariables.ts';
import { forReport } from './forReport.ts';
import { usedReplay } from './usedReplay.ts';
import { html, raw, type Html } from './html/escapeHtml.ts';
import { HTML_SCRIPT } from './html/htmlScript.ts';
import { HTML_STYLE } from './html/htmlStyle.ts';
import { renderCertificate } from './html/renderCertificate.ts';
import { renderCoverage } from './html/renderCoverage.ts';
import { renderOperations } from './html/renderOperations.ts';
import { renderUnclaimed } from './html/renderUnclaimed.ts';

// The page may run its own inline style and its one script (named by its hash, so no inline event handler
// and no other script runs: CSP 3 §6.7.3.3) and load nothing else: no font, image, frame or fetch.
const SCRIPT_HASH = createHash('sha256').update(HTML_SCRIPT).digest('base64');
const CSP = `default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${SCRIPT_HASH}'; img-src data:; base-uri 'none'; form-action 'none'`;

const VERDICT_WORD: Record<VerdictResult, string> = { pass: 'passed', fail: 'failed', incomplete: 'incomplete' };
const VERDICT_HEADING: Record<VerdictResult, string> = {
  pass: '✓ Conformant',
  fail: '✗ Not conformant',
  incomplete: '… Incomplete: the deadline stopped the run',
};

/**
 * The HTML report (--html FILE): one self-contained page for a manager (verdict, counts and certificate at the
 * top) and a developer (per operation the checks, each failure with its rule and source, the exchange and a
 * curl reproducer). Every value from the run is escaped, and secrets are redacted.
 */
export function toHtmlReport(run: ReportData, contract: Contract = loadContract()): string {
  const result = forReport(run);
  const verdict: VerdictResult = result.verdict.result;
  const title = `Conformance ${VERDICT_WORD[verdict]}: ${result.baseUrl}`;
  const counts = result.counts;
  const skipped = result.cases.filter((c) => c.status === 'skipped');
  const describe = (op: string): string => {
    const spec = contract.operations.get(op);
    return spec ? `${spec.method.toUpperCase()} ${spec.path}` : '';
  };
  const page = html`<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title}</title>
<style>${raw(HTML_STYLE)}</style>
</head><body><main>
<header class="banner ${verdict}" id="verdict">
<h1>${VERDICT_HEADING[verdict]}</h1>
<p>${result.baseUrl} · profile ${result.profile} · ${result.strict ? 'strict' : 'lenient'}${result.readOnly ? ' · read-only' : ''} · seed ${result.seed} · ${result.startedAt}</p>
${result.verdict.reasons.length > 0 ? html`<ul>${result.verdict.reasons.map((r) => html`<li>${r}</li>`)}</ul>` : ''}
</header>
<ul class="counts" id="counts">
${count('passed', counts.passed, 'passed')}${count('failed', counts.failed, 'failed')}${count('skipped', counts.skipped, 'skipped')}${count('warnings', counts.warnings, 'warnings')}${count('waived', counts.waived ?? 0, 'waived')}
<li><b>${result.exchanges}</b>requests</li>
<li><b>${result.coverage.operations.percent}%</b>operations covered</li>
</ul>
${renderFailedSteps(result)}
${renderSetup(usedReplay(result))}
${renderCertificate(result.certificate)}
${renderCoverage(result.coverage, result.minCoverage)}
${renderWaivers(result.waivers)}
${renderUnclaimed(result.unclaimed)}
<div class="toolbar"><label><input type="checkbox" id="failures-only"> only operations with failures</label> <button class="copy" type="button" id="expand-all">expand all</button></div>
${renderOperations(result, [...contract.operations.keys()], describe)}
${skipped.length > 0 ? html`<section id="skipped"><h2>Skipped</h2><ul>${skipped.map((c) => html`<li>${c.area} › ${c.title}: <span class="muted">${c.skipReason ?? ''}</span></li>`)}</ul></section>` : ''}
<footer class="muted"><p>${result.certificate.suite.name} ${result.certificate.suite.version} · ${result.exchanges} requests in ${result.durationMs} ms · secrets appear as the environment variables that hold them.</p></footer>
</main>
<script>${raw(HTML_SCRIPT)}</script>
</body></html>
`;
  return page.text;
}

function count(cls: string, value: number, label: string): Html {
  return html`<li class="${cls}"><b>${value}</b>${label}</li>`;
}

function renderWaivers(w: ReportData['waivers']): Html {
  if (w.applied.length + w.expired.length + w.stale.length === 0) return html``;
  return html`<section id="waivers"><h2>Waivers</h2>
${w.applied.length > 0 ? html`<h3>Applied</h3><ul>${w.applied.map((a) => html`<li><span class="badge waived">waived</span> ${describeWaiver(a.waiver)}: ${a.waiver.reason} (${a.failures} failure${a.failures === 1 ? '' : 's'})</li>`)}</ul>` : ''}
${w.expired.length > 0 ? html`<h3>Expired (they waive nothing and fail the run)</h3><ul>${w.expired.map((x) => html`<li><span class="badge failed">expired</span> ${describeWaiver(x)}: ${x.reason}</li>`)}</ul>` : ''}
${w.stale.length > 0 ? html`<h3>Stale (matched no failure: remove them)</h3><ul>${w.stale.map((x) => html`<li><span class="badge skipped">stale</span> ${describeWaiver(x)}: ${x.reason}</li>`)}</ul>` : ''}
</section>`;
}

/**
 * The failed steps first, before the certificate and the operations: the same count as the console's summary,
 * JUnit's testcases with a <failure> and the banner (a step fails once, whatever number of rules it broke).
 */
function renderFailedSteps(result: ReportData): Html {
  const failed = failedSteps(result.cases);
  if (failed.length === 0) return html``;
  return html`<section id="failures"><h2>${failed.length} failed step${failed.length === 1 ? '' : 's'}</h2><ol>${failed.map(
    ({ step, case: c }) =>
      html`<li><b>${step}</b><ul>${c.failures.map((f) => html`<li><span class="badge ${f.severity}">${f.severity}</span> <code>${f.check}</code>${f.exchange.operationId ? html` on <code>${f.exchange.operationId}</code>` : ''}: ${f.message}</li>`)}</ul></li>`,
  )}</ol></section>`;
}

/** The line to paste before any reproducer of this report: only the variables its reproducers name. */
function renderSetup(used: readonly ReplayVariable[]): Html {
  if (used.length === 0) return html``;
  return html`<section id="setup"><h2>Reproduce <button class="copy" type="button" data-target="setup-line">copy</button></h2><p class="muted">Paste this line first, then any "Reproduce" command below.</p><pre id="setup-line">${setupLine(used)}</pre></section>`;
}

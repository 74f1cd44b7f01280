import type { UnclaimedFinding } from '../../plan/claimOperations.ts';
import { html, type Html } from './escapeHtml.ts';

/**
 * What was found on operations the target does not claim (--operations, a profile file): listed apart for the
 * reader, as the console, markdown and JSON reports list it, never failing the run. Every value is the run's
 * (redacted before) and escaped here like all else a target sends.
 */
export function renderUnclaimed(unclaimed: readonly UnclaimedFinding[] | undefined): Html {
  if (!unclaimed?.length) return html``;
  const n = unclaimed.length;
  return html`<section id="unclaimed"><h2>Not claimed</h2><p class="muted">${n} found on operations the target does not claim; not failing the run.</p><details><summary>${n} finding${n === 1 ? '' : 's'}</summary><ul>${unclaimed.map(
    ({ step, failure: f }) =>
      html`<li><span class="badge ${f.severity}">${f.severity}</span> <code>${f.check}</code>${f.exchange.operationId ? html` on <code>${f.exchange.operationId}</code>` : ''}: ${f.message} <span class="muted">(${step})</span></li>`,
  )}</ul></details></section>`;
}

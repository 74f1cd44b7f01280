import type { Certificate } from '../certificate.ts';
import { summaryLine } from '../summaryLine.ts';
import { html, type Html } from './escapeHtml.ts';

/** The certificate as a definition list: what was tested, against which spec, with which result. */
export function renderCertificate(c: Certificate): Html {
  const rows: Array<[string, string | Html]> = [
    ['Result', html`<span class="badge ${c.result === 'pass' ? 'passed' : c.result === 'fail' ? 'failed' : 'warning'}">${c.result.toUpperCase()}</span>`],
    ['Suite', `${c.suite.name} ${c.suite.version}`],
    ['Spec sha256', html`<code>${c.specSha256}</code>`],
    ['Target', html`<code>${c.target}</code>`],
    ['Profile', c.profile],
    ['Areas', c.areas.join(', ')],
    ['Seed', html`<code>${c.seed}</code> (reproduce with <code>--seed ${c.seed}</code>)`],
    ['Mode', `${c.strict ? 'strict (SHOULD rules fail)' : 'lenient (SHOULD rules warn)'}${c.readOnly ? ', read-only' : ''}`],
    ['Started', c.startedAt],
    ['Ended', c.endedAt],
    ['Counts', summaryLine(c.counts)],
    ['Operations covered', `${c.operationsCoverage}%`],
    [
      'Waivers applied',
      c.waiversApplied.length === 0
        ? 'none'
        : html`${c.waiversApplied.map((w) => html`<div><code>${w.check}</code>${w.operation ? html` on <code>${w.operation}</code>` : ''}: ${w.reason} (until ${w.expires}; ${w.failures} failure${w.failures === 1 ? '' : 's'})</div>`)}`,
    ],
    ...(c.replay
      ? [['Replayed HAR', html`<code>${c.replay.har}</code>, sha256 <code>${c.replay.sha256}</code> (${c.replay.calls} API calls)`] as [string, Html]]
      : []),
  ];
  return html`<section id="certificate"><h2>Certificate</h2><dl class="cert">${rows.map(([k, v]) => html`<dt>${k}</dt><dd>${v}</dd>`)}</dl></section>`;
}

import { reportBody } from '../reportBody.ts';
import type { CheckFailure } from '../../checks/Check.ts';
import { checkRegistry } from '../../checks/registry.ts';
import type { RuleSource } from '../../checks/RuleSource.ts';
import type { RecordedRequest, RecordedResponse } from '../../client/Exchange.ts';
import type { WaivedFailure } from '../RunReportExtras.ts';
import { html, type Html } from './escapeHtml.ts';

const MAX_BODY = 20_000;

export type FailureKind = 'failure' | 'warning' | 'waived';

/** One broken rule: the rule and where it comes from, expected and actual, the exchange, and a curl reproducer. */
export function renderFailure(f: CheckFailure | WaivedFailure, kind: FailureKind, step: string, id: string, redact: (text: string) => string): Html {
  const check = checkRegistry.get(f.check);
  const source = f.source ?? check?.source;
  const r = (text: string): string => redact(text);
  const waiver = 'waiver' in f ? f.waiver : undefined;
  return html`<article class="failure ${f.severity} ${kind}" data-check="${f.check}">
<h4><span class="badge ${kind === 'failure' ? f.severity : kind}">${kind === 'failure' ? f.severity : kind === 'warning' ? 'SHOULD · warning' : 'waived'}</span> <code>${f.check}</code> — ${r(f.message)}</h4>
${waiver ? html`<p class="muted">Waived: ${r(waiver.reason)} (until ${waiver.expires})</p>` : ''}
<div class="rule">${renderRule(check?.description, source)}</div>
<div class="kv"><div>step</div><div>${r(step)}</div>${f.path ? html`<div>at</div><div><code>${r(f.path)}</code></div>` : ''}</div>
${f.expected !== undefined || f.actual !== undefined ? html`<div class="kv"><div>expected</div><div><pre>${r(show(f.expected))}</pre></div><div>actual</div><div><pre>${r(show(f.actual))}</pre></div></div>` : ''}
<h3>Request</h3>
${renderRequest(f.exchange.request, r)}
<h3>Response</h3>
${f.exchange.response ? renderResponse(f.exchange.response, r) : html`<p class="muted">no response: ${r(f.exchange.error ?? 'none recorded')}</p>`}
${f.exchange.curl ? html`<h3>Reproduce <button class="copy" type="button" data-target="${id}-curl">copy</button></h3><pre id="${id}-curl">${r(f.exchange.curl)}</pre>` : ''}
</article>`;
}

function renderRule(description: string | undefined, source: RuleSource | undefined): Html {
  const rule = description ? html`<div><b>Rule:</b> ${description}</div>` : '';
  if (!source) return html`${rule}<div class="muted">Source: not recorded for this check (see conformance/README.md)</div>`;
  if (source.kind === 'description') return html`${rule}<div><b>API description:</b> <q>${source.text}</q></div>`;
  return html`${rule}<div><b>Decision</b> (spec/DECISIONS.md): ${source.text}</div>`;
}

function renderRequest(req: RecordedRequest, r: (t: string) => string): Html {
  return html`<pre>${r(`${req.method} ${req.url}\n${headerLines(req.headers)}${req.body !== undefined && req.body !== '' ? `\n${pretty(req.body)}` : ''}`)}</pre>`;
}

function renderResponse(res: RecordedResponse, r: (t: string) => string): Html {
  const shown = reportBody(res);
  const body = typeof shown === 'string' ? shown : JSON.stringify(shown, null, 2);
  return html`<pre>${r(`${res.status}\n${headerLines(res.headers)}${body ? `\n${cut(body)}` : ''}`)}</pre>`;
}

function headerLines(headers: Record<string, string>): string {
  return Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\n`)
    .join('');
}

function pretty(body: string): string {
  try {
    return cut(JSON.stringify(JSON.parse(body), null, 2));
  } catch {
    return cut(body);
  }
}

function show(value: unknown): string {
  if (value === undefined) return '(absent)';
  return cut(typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value, null, 2) ?? String(value)));
}

function cut(text: string): string {
  return text.length > MAX_BODY ? `${text.slice(0, MAX_BODY)}\n… (${text.length - MAX_BODY} more characters)` : text;
}

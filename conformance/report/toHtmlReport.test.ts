import { describe, expect, it } from 'vitest';
import { fakeExchange } from '../testing/fakeExchange.ts';
import { HOSTILE, hostileRun, SECRET } from '../testing/hostileRun.ts';
import { checkRegistry } from '../checks/registry.ts';
import { escapeHtml } from './html/escapeHtml.ts';
import { toHtmlReport } from './toHtmlReport.ts';

describe('toHtmlReport', () => {
  const page = toHtmlReport(hostileRun());

  it('escapes every value the target controls and redacts secrets', () => {
    expect(page.match(/<script/g)).toHaveLength(1);
    expect(page).not.toMatch(/<img/);
    expect(page).toContain(escapeHtml('<script>alert("x")</script>'));
    expect(page).not.toContain(SECRET);
    expect(page).toContain('Bearer $CONFORM_TOKEN');
  });

  it('loads nothing: a CSP that forbids every fetch, and no src or href at all', () => {
    expect(page).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;;`);
    expect(page).not.toMatch(/<[a-z][^>]*\s(src|href)=/i);
    expect(page).not.toMatch(/@import|url\(/);
  });

  it('shows the verdict, the certificate, the rule with its source, from the failure or else from its check', () => {
    expect(page).toContain('✗ Not conformant');
    expect(page).toMatch(/<dt>Spec sha256<\/dt><dd><code>[0-9a-f]{64}<\/code>/);
    expect(page).toContain('<b>API description:</b> <q>Filters return only the groups that match them.</q>');
    expect(page).toContain('<b>Decision</b> (spec/DECISIONS.md): Groups are listed oldest first');
    // The bare failure names no source: its check's own (from the registry) is shown.
    expect(page).toContain(escapeHtml(checkRegistry.get('no-server-error')?.source?.text ?? 'missing'));
    expect(page).toContain('Waived: flaky');
  });

  it('lists, escaped and redacted, what was found on operations the target does not claim', () => {
    const failure = {
      check: 'no-server-error',
      severity: 'MUST' as const,
      message: `answered 500 ${HOSTILE} ${SECRET}`,
      exchange: fakeExchange('searchGroups', 500, 'boom'),
    };
    const claimed = toHtmlReport({ ...hostileRun(), unclaimed: [{ step: `groups › search ${HOSTILE}`, failure }] });
    const section = /<section id="unclaimed">[\s\S]*?<\/section>/.exec(claimed)?.[0] ?? '';
    expect(section).toContain('1 found on operations the target does not claim; not failing the run');
    expect(section).toContain(`<code>no-server-error</code> on <code>searchGroups</code>: answered 500 ${escapeHtml(HOSTILE)} $CONFORM_TOKEN`);
    expect(section).toContain(escapeHtml(`(groups › search ${HOSTILE})`));
    expect(claimed.match(/<script/g)).toHaveLength(1);
    expect(claimed).not.toContain(SECRET);
    expect(page).not.toContain('id="unclaimed"');
  });
});

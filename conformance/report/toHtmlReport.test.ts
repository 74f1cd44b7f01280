import { describe, expect, it } from 'vitest';
import { hostileRun, SECRET } from '../testing/hostileRun.ts';
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

  it('shows the verdict, the certificate, the rule with its source, and falls back when a check has none', () => {
    expect(page).toContain('✗ Not conformant');
    expect(page).toMatch(/<dt>Spec sha256<\/dt><dd><code>[0-9a-f]{64}<\/code>/);
    expect(page).toContain('<b>API description:</b> <q>Filters return only the groups that match them.</q>');
    expect(page).toContain('<b>Decision</b> (spec/DECISIONS.md): Groups are listed oldest first');
    expect(page).toContain('Source: not recorded for this check');
    expect(page).toContain('Waived: flaky');
  });
});

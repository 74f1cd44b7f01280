import type { CheckFailure } from '../checks/Check.ts';
import { failedSteps } from '../run/countCases.ts';
import type { CaseResult } from '../run/RunResult.ts';
import type { ReportData } from './Report.ts';
import { describeValue } from './describeValue.ts';
import { forReport } from './forReport.ts';

/** JUnit XML (--junit FILE): a testsuite per area, a testcase per step; warnings go to system-out. */
export function toJunitXml(run: ReportData): string {
  const result = forReport(run);
  const areas = [...new Set(result.cases.map((c) => c.area))];
  const seconds = (ms: number): string => (ms / 1000).toFixed(3);
  const suites = areas.map((area) => {
    const cases = result.cases.filter((c) => c.area === area);
    const time = cases.reduce((n, c) => n + c.durationMs, 0);
    return [
      `  <testsuite name="${esc(area)}" tests="${cases.length}" failures="${failedSteps(cases).length}" errors="0" skipped="${count(cases, 'skipped')}" time="${seconds(time)}" timestamp="${esc(result.startedAt)}">`,
      `    <properties>`,
      `      <property name="baseUrl" value="${esc(result.baseUrl)}"/>`,
      `      <property name="seed" value="${result.seed}"/>`,
      `      <property name="strict" value="${result.strict}"/>`,
      // The run's one verdict (pass, fail, incomplete): an expired waiver or --min-coverage fails a run no step failed.
      `      <property name="verdict" value="${result.verdict.result}"/>`,
      `    </properties>`,
      ...cases.map((c) => testcase(c, seconds(c.durationMs))),
      `  </testsuite>`,
    ].join('\n');
  });
  const total = result.cases.length;
  const xml = [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites name="conformance" tests="${total}" failures="${result.counts.failed}" errors="0" skipped="${result.counts.skipped}" time="${seconds(result.durationMs)}">`,
    ...suites,
    `</testsuites>`,
    '',
  ].join('\n');
  return xml;
}

function testcase(c: CaseResult, time: string): string {
  const open = `    <testcase classname="conformance.${esc(c.area)}" name="${esc(c.title)}" time="${time}"`;
  const inner: string[] = [];
  if (c.status === 'skipped') inner.push(`      <skipped message="${esc(c.skipReason ?? '')}"/>`);
  // One <failure> per testcase (JUnit's schema allows one; readers count elements): the first names it, the
  // body lists them all.
  const [first] = c.failures;
  if (first) {
    const message = `[${first.severity}] ${first.check}: ${first.message}${c.failures.length > 1 ? ` (and ${c.failures.length - 1} more)` : ''}`;
    inner.push(`      <failure type="${esc(first.check)}" message="${esc(message)}">${esc(c.failures.map(details).join('\n\n'))}</failure>`);
  }
  const notes = [
    ...c.warnings.map((w) => `WARNING ${details(w)}`),
    ...(c.waived ?? []).map((w) => `WAIVED (${w.waiver.reason}; expires ${w.waiver.expires}) ${details(w)}`),
  ];
  if (notes.length > 0) inner.push(`      <system-out>${esc(notes.join('\n\n'))}</system-out>`);
  return inner.length === 0 ? `${open}/>` : `${open}>\n${inner.join('\n')}\n    </testcase>`;
}

function details(f: CheckFailure): string {
  return [
    `[${f.severity}] ${f.check}: ${f.message}`,
    f.exchange.operationId ? `operation: ${f.exchange.operationId}` : '',
    f.path ? `at: ${f.path}` : '',
    f.expected !== undefined || f.actual !== undefined ? `expected: ${describeValue(f.expected, 400)}\nactual: ${describeValue(f.actual, 400)}` : '',
    f.exchange.response ? `response: ${f.exchange.response.status}` : f.exchange.error ? `error: ${f.exchange.error}` : '',
    f.exchange.curl ? `reproduce: ${f.exchange.curl}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

function count(cases: CaseResult[], status: CaseResult['status']): number {
  return cases.filter((c) => c.status === status).length;
}

/** Characters outside XML 1.0's Char production (§2.2): C0 controls, lone surrogates, U+FFFE and U+FFFF. */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function esc(text: string): string {
  // Not even a character reference may name them: drop them.
  return text.replace(NOT_XML_CHAR, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

import type { Contract } from '../../spec/contract.ts';
import { formatConsoleReport } from './formatConsoleReport.ts';
import { toMarkdownReport } from './markdown/toMarkdownReport.ts';
import type { Report, ReportData } from './Report.ts';
import { toHtmlReport } from './toHtmlReport.ts';
import { toJsonReport } from './toJsonReport.ts';
import { toJunitXml } from './toJunitXml.ts';

/** A finished run's data with each rendering as a method: what runConformance returns and the command line writes. */
export function createReport(data: ReportData, contract: Contract): Report {
  const report: Report = {
    ...data,
    toJson: () => toJsonReport(report),
    toJUnit: () => toJunitXml(report),
    toHtml: () => toHtmlReport(report, contract),
    toMarkdown: () => toMarkdownReport(report),
    toConsole: (options = {}) => formatConsoleReport(report, options),
  };
  return report;
}

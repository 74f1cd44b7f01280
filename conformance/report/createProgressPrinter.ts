import type { ProgressEvent } from '../run/RunResult.ts';
import { summaryLine } from './summaryLine.ts';

/** Prints the seed first, then a line as each scenario starts and one with its counts as it ends. */
export function createProgressPrinter(write: (line: string) => void): (event: ProgressEvent) => void {
  return (event) => {
    switch (event.type) {
      case 'start':
        write(`Conformance run against ${event.baseUrl}`);
        write(`Seed: ${event.seed} (reproduce with --seed ${event.seed})`);
        write(`Areas: ${event.areas.join(', ')}${event.strict ? ' · strict' : ''}${event.readOnly ? ' · read-only' : ''}`);
        write('');
        break;
      case 'scenario-start':
        write(`▶ ${event.area}: ${event.title}`);
        break;
      case 'case':
        break;
      case 'scenario-end': {
        const counts = {
          passed: event.cases.filter((c) => c.status === 'passed').length,
          failed: event.cases.filter((c) => c.status === 'failed').length,
          skipped: event.cases.filter((c) => c.status === 'skipped').length,
          warnings: event.cases.reduce((n, c) => n + c.warnings.length, 0),
        };
        const mark = counts.failed > 0 ? '✗' : '✓';
        const skipped = event.cases.length === 1 && event.cases[0]?.status === 'skipped' ? ` (skipped: ${event.cases[0].skipReason})` : '';
        write(`  ${mark} ${event.area}: ${summaryLine(counts)} in ${Math.round(event.durationMs)} ms${skipped}`);
        break;
      }
    }
  };
}

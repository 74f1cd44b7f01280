import type { ProgressEvent } from '../run/RunResult.ts';
import { painter, type Paint } from './colors.ts';
import { summaryLine } from './summaryLine.ts';
import { countCases } from '../run/countCases.ts';

/** Prints the seed first, then a line as each scenario starts and one with its counts as it ends. */
export function createProgressPrinter(write: (line: string) => void, paint: Paint = painter(false)): (event: ProgressEvent) => void {
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
        const counts = countCases(event.cases);
        // An area where every step was skipped tested nothing: never shown as passed.
        const allSkipped = event.cases.length > 0 && counts.skipped === event.cases.length;
        const mark = counts.failed > 0 ? paint('red', '✗') : allSkipped ? paint('yellow', '–') : paint('green', '✓');
        const skipped = allSkipped ? ` (not tested: ${event.cases[0]?.skipReason}${event.cases.length > 1 ? ', …' : ''})` : '';
        write(`  ${mark} ${event.area}: ${allSkipped ? 'skipped' : summaryLine(counts)} in ${Math.round(event.durationMs)} ms${skipped}`);
        break;
      }
    }
  };
}

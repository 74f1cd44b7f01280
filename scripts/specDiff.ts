import { pathToFileURL } from 'node:url';
import { runSpecDiff } from '../conformance/specDiff/runSpecDiff.ts';
import { createMockReplayer } from './specDiffReplay.ts';

/**
 * npm run spec:diff -- --base REF|FILE [--head FILE] [--flows DIR] [--reports DIR]: the contract's changes,
 * graded for clients and implementations, and their impact; recorded flows are replayed on a mock of the new
 * contract (started here, as the suite never imports the mock).
 */
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  await runSpecDiff(process.argv.slice(2), createMockReplayer({ now: () => new Date() }));

import { pathToFileURL } from 'node:url';
import { runSpecDiff } from '../conformance/specDiff/runSpecDiff.ts';

/** npm run spec:diff -- --base REF|FILE [--head FILE]: the contract's changes, graded for clients and implementations. */
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) runSpecDiff(process.argv.slice(2));

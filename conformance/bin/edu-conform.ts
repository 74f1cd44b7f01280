#!/usr/bin/env node
// `npx edu-conform [options]`: the conformance suite from the package, the same as `npm run conform --`.
// `npx edu-conform spec-diff OLD NEW`: the contract's changes, the same as `npm run spec:diff --`.
import { runCli } from '../cli.ts';

process.env.EDU_CONFORM_COMMAND ??= 'edu-conform';
if (process.argv[2] === 'spec-diff') {
  const { runSpecDiff } = await import('../specDiff/runSpecDiff.ts');
  await runSpecDiff(process.argv.slice(3));
} else runCli();

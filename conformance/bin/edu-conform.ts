#!/usr/bin/env node
// `npx edu-conform [options]`: the conformance suite from the package, the same as `npm run conform --`.
import { main } from '../cli.ts';

main(process.argv.slice(2), {
  env: process.env,
  stdout: (line) => process.stdout.write(line + '\n'),
  stderr: (line) => process.stderr.write(line + '\n'),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`conform: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 2;
  },
);

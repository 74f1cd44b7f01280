#!/usr/bin/env node
// `npx edu-conform [options]`: the conformance suite from the package, the same as `npm run conform --`.
import { runCli } from '../cli.ts';

process.env.EDU_CONFORM_COMMAND ??= 'edu-conform';
runCli();

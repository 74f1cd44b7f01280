#!/usr/bin/env node
// `npx edu-mock [options]`: the mock from the package (compiled to JavaScript; no TypeScript at run time);
// `npx edu-mock <command> …`: one of the other commands of mock/cli/subcommands.ts.
import { readFileSync } from 'node:fs';
import type { SubcommandName } from '../cli/subcommands.ts';

if (process.argv.includes('--version')) {
  // The package's own package.json: beside mock/ in the package, as in a clone.
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { name: string; version: string };
  console.log(`${pkg.name} ${pkg.version}`);
  process.exit(0);
}
process.env.EDU_MOCK_COMMAND ??= 'edu-mock';
// Before loading the server: it stops when this parent goes (mock/cli/exitWithParent.ts), even during loading.
process.env.EDU_MOCK_PARENT_PID = String(process.ppid);
// One loader per command of the table (the type makes a missing one a compile error); each strips its own name.
const LOADERS: Record<SubcommandName, () => Promise<unknown>> = {
  proxy: () => import('../proxy/proxyServer.ts'),
  mcp: () => import('../mcpServer.ts'),
};
const command = process.argv[2];
if (command !== undefined && Object.hasOwn(LOADERS, command)) await LOADERS[command as SubcommandName]();
else await import('../server.ts');

#!/usr/bin/env node
// `npx edu-mock [options]`: the mock from the package (compiled to JavaScript; no TypeScript at run time).
import { readFileSync } from 'node:fs';

if (process.argv.includes('--version')) {
  // The package's own package.json: beside mock/ in the package, as in a clone.
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { name: string; version: string };
  console.log(`${pkg.name} ${pkg.version}`);
  process.exit(0);
}
process.env.EDU_MOCK_COMMAND ??= 'edu-mock';
// Before loading the server: it stops when this parent goes (mock/cli/exitWithParent.ts), even during loading.
process.env.EDU_MOCK_PARENT_PID = String(process.ppid);
// `npx edu-mock proxy --upstream URL`: the validating proxy instead of the mock.
if (process.argv[2] === 'proxy') await import('../proxy/proxyServer.ts');
else await import('../server.ts');

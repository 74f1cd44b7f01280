/**
 * `edu-mock mcp` (`npm run mcp` in a clone): the mock inside a Model Context Protocol server on stdio. The mock
 * listens on --port as `edu-mock` does, for the app being built; the MCP tools (mock/mcp/) drive its sessions
 * in this process. stdout carries the protocol alone: every line of the mock's own goes to stderr.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ServerUsageError } from './cli/parseServerArgs.ts';
import { closeAndExit, stopWhenAsked } from './cli/stopWhenAsked.ts';
import { subcommandLine } from './cli/subcommands.ts';
import { clockFromOptions } from './mockStartOptions.ts';
import { createDeps } from './createDeps.ts';
import { faultCatalog } from './faults/catalog.ts';
import { createMockServer } from './http/createMockServer.ts';
import { isLoopbackHost } from './http/hostAllowList.ts';
import { createMcpServer } from './mcp/createMcpServer.ts';
import { mcpUsage, parseMcpArgs } from './mcp/parseMcpArgs.ts';
import { createMockListener } from './node/createMockListener.ts';

const say = (line: string): void => console.error(`mcp: ${line}`);
let config;
try {
  config = parseMcpArgs(
    process.argv.slice(2).filter((a, i) => !(i === 0 && a === 'mcp')),
    process.env,
    faultCatalog.map((f) => f.name),
  );
} catch (error) {
  if (!(error instanceof ServerUsageError)) throw error;
  say(`${error.message}\nRun with --help for the options.`);
  process.exit(2);
}
const { server: options, conformTargets } = config;
if (options.help) {
  console.log(mcpUsage(subcommandLine('mcp', process.env.EDU_MOCK_COMMAND)));
  process.exit(0);
}
// Bound beyond loopback, the controls need a key, as `edu-mock` itself: given, or made here and printed.
const network = !isLoopbackHost(options.host);
const adminToken = options.adminToken ?? (network ? randomBytes(18).toString('base64url') : undefined);
const deps = createDeps({
  seed: options.seed,
  size: options.size,
  ...(options.groups ? { groups: options.groups } : {}),
  clock: clockFromOptions(options.clock === undefined ? undefined : { now: options.clock, frozen: options.frozen }),
  faults: options.faults,
  maxSessions: options.maxSessions,
  sessionIdleMinutes: options.sessionIdleMinutes,
  journalBudgetBytes: options.journalBudgetMb * 1024 * 1024,
  compile: 'lazy',
});
const listener = createMockListener(deps, {
  faultCatalog,
  boundHost: options.host,
  ...(adminToken ? { adminToken } : {}),
  ...(options.quiet ? {} : { log: (line: string) => console.error(line) }),
});
const http = createMockServer(listener);
let baseUrl: string | undefined;

// The protocol starts at once: a client's first messages wait in stdin until the transport reads them.
const mcp = createMcpServer({ sessions: deps.sessions, faultCatalog, baseUrl: () => baseUrl, conformTargets, ...(adminToken ? { adminToken } : {}) });
await mcp.connect(new StdioServerTransport());

http.on('error', (error: NodeJS.ErrnoException) => {
  const hint = error.code === 'EADDRINUSE' ? ' (in use: pass --port 0 for any free port, or another port)' : '';
  say(`cannot listen on ${options.host}:${options.port}: ${error.message}${hint}`);
  process.exit(2);
});
http.listen(options.port, options.host, () => {
  const address = http.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  baseUrl = `http://${host}:${address.port}`;
  say(`the mock listens on ${baseUrl} (seed ${options.seed}); MCP on stdio${adminToken ? `; the controls need Authorization: Bearer ${adminToken}` : ''}`);
  setTimeout(() => void deps.contract.warmUp(), 200);
});

// The client closing stdin ends the session: the mock goes with it, as do Ctrl-C, `kill` and a parent gone.
const stop = (): void => closeAndExit(http);
process.stdin.once('end', stop);
process.stdin.once('close', stop);
stopWhenAsked('mcp', stop);

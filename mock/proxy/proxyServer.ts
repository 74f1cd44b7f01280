import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { loadContract } from '../../spec/contract.ts';
import { isLoopbackHost } from '../http/hostAllowList.ts';
import { createProxyServer } from './createProxyServer.ts';
import { createHarRecorder, type HarRecorder, type RecordedExchange } from './harRecorder.ts';
import { closeAndExit, stopWhenAsked } from '../cli/stopWhenAsked.ts';
import { subcommandLine } from '../cli/subcommands.ts';
import { parseProxyArgs, proxyUsage, ProxyUsageError } from './parseProxyArgs.ts';

// `npm run proxy -- --upstream URL` and `npx edu-mock proxy --upstream URL` (which strips the word `proxy`).
let args;
try {
  args = parseProxyArgs(
    process.argv.slice(2).filter((a, i) => !(i === 0 && a === 'proxy')),
    process.env,
  );
} catch (error) {
  if (!(error instanceof ProxyUsageError)) throw error;
  console.error(`proxy: ${error.message}\nRun with --help for the options.`);
  process.exit(2);
}
if (args.help) {
  console.log(proxyUsage(subcommandLine('proxy', process.env.EDU_MOCK_COMMAND)));
  process.exit(0);
}
// Bound beyond loopback, anyone on the network could read the journal (all staging traffic): as the mock, a key.
const network = !isLoopbackHost(args.host);
const adminToken = args.adminToken ?? (network ? randomBytes(18).toString('base64url') : undefined);
// --record FILE: written empty now, so a path that cannot be written stops the proxy before it serves.
let recorder: HarRecorder | undefined;
try {
  recorder = args.record !== undefined ? createHarRecorder(args.record, args.upstream.origin, (line) => console.error(line)) : undefined;
} catch (error) {
  console.error(`proxy: cannot write the recording ${args.record}: ${(error as Error).message}`);
  process.exit(2);
}
const { server } = createProxyServer({
  upstream: args.upstream,
  contract: loadContract(),
  timeoutMs: args.timeoutMs,
  maxBodyBytes: args.maxBodyBytes,
  hostPolicy: { boundHost: args.host, allowedHosts: args.allowedHosts },
  allowedOrigins: args.allowedOrigins,
  journalBudgetBytes: args.journalBudgetBytes,
  ...(adminToken !== undefined ? { adminToken } : {}),
  log: (line) => console.error(line),
  ...(recorder ? { record: (exchange: RecordedExchange) => recorder.record(exchange) } : {}),
});
server.listen(args.port, args.host, () => {
  const { port } = server.address() as AddressInfo;
  const origin = `http://${args.host.includes(':') ? `[${args.host}]` : args.host}:${port}`;
  console.log(`Validating proxy on ${origin} → ${args.upstream.origin}${args.upstream.pathname.replace(/\/$/, '')}`);
  console.log(`  dashboard ${origin}/__mock/ui · journal ${origin}/__mock/journal · HAR ${origin}/__mock/journal/har`);
  if (network)
    console.log(
      `  bound to ${args.host}: REACHABLE FROM THE NETWORK. The journal needs Authorization: Bearer ${adminToken as string}${args.adminToken ? ' (the admin token you gave)' : ' (generated now; set your own with --admin-token or MOCK_ADMIN_TOKEN)'}`,
    );
  else if (adminToken) console.log('  the journal needs the admin token you gave (Authorization: Bearer …)');
  if (args.record) console.log(`  recording every exchange to ${args.record} (serve it back offline: edu-mock --stubs ${args.record})`);
});
// Ctrl-C, `kill <pid>`, or the command that started it gone (`npx edu-mock proxy`, `npm run proxy` killed): the port is freed.
stopWhenAsked('proxy', () => closeAndExit(server));

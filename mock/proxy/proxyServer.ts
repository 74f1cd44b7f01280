import type { AddressInfo } from 'node:net';
import { loadContract } from '../../spec/contract.ts';
import { createProxyServer } from './createProxyServer.ts';
import { closeAndExit, stopWhenAsked } from '../cli/stopWhenAsked.ts';
import { subcommandLine } from '../cli/subcommands.ts';
import { parseProxyArgs, proxyUsage, ProxyUsageError } from './parseProxyArgs.ts';

// `npm run proxy -- --upstream URL` and `npx edu-mock proxy --upstream URL` (which strips the word `proxy`).
let args;
try {
  args = parseProxyArgs(process.argv.slice(2).filter((a, i) => !(i === 0 && a === 'proxy')));
} catch (error) {
  if (!(error instanceof ProxyUsageError)) throw error;
  console.error(`proxy: ${error.message}\nRun with --help for the options.`);
  process.exit(2);
}
if (args.help) {
  console.log(proxyUsage(subcommandLine('proxy', process.env.EDU_MOCK_COMMAND)));
  process.exit(0);
}
const { server } = createProxyServer({
  upstream: args.upstream,
  contract: loadContract(),
  timeoutMs: args.timeoutMs,
  maxBodyBytes: args.maxBodyBytes,
  hostPolicy: { boundHost: args.host },
  log: (line) => console.error(line),
});
server.listen(args.port, args.host, () => {
  const { port } = server.address() as AddressInfo;
  const origin = `http://${args.host.includes(':') ? `[${args.host}]` : args.host}:${port}`;
  console.log(`Validating proxy on ${origin} → ${args.upstream.origin}${args.upstream.pathname.replace(/\/$/, '')}`);
  console.log(`  dashboard ${origin}/__mock/ui · journal ${origin}/__mock/journal · HAR ${origin}/__mock/journal/har`);
});
// Ctrl-C, `kill <pid>`, or the command that started it gone (`npx edu-mock proxy`, `npm run proxy` killed): the port is freed.
stopWhenAsked('proxy', () => closeAndExit(server));

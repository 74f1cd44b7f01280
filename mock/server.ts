/**
 * npm start: the mock on http://localhost:4010 (PORT or --port to change). The only file that listens.
 *   --port N  --host H  --seed N  --size default|large  --state-file FILE  --faults a,b  --quiet
 *   --clock ISO (start the clock at this instant; it runs from there)  --frozen (with --clock: it stands still)
 *   --public-url URL  --allowed-hosts a,b  --cors-origins a,b  --admin-token T (or MOCK_ADMIN_TOKEN)
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createApp } from './app.ts';
import { createFrozenClock, createRunningClock } from './clock.ts';
import { createDeps, DEFAULT_SEED } from './createDeps.ts';
import { faultCatalog } from './faults/catalog.ts';
import { createMockServer } from './http/createMockServer.ts';
import { isLoopbackHost } from './http/hostAllowList.ts';
import { checkPublicUrl } from './http/publicOrigin.ts';
import type { Durability } from './persist/Durability.ts';
import { type DurableStart, openDurableStore, readStateFile } from './persist/openDurableStore.ts';

// A closed stdout (`npm start | head`) must not take the mock down: the log is a convenience, not the service.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
});

function fail(message: string): never {
  console.error(`mock: ${message}`);
  process.exit(2);
}

let args;
try {
  args = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string', default: '127.0.0.1' },
      seed: { type: 'string' },
      size: { type: 'string', default: 'default' },
      'state-file': { type: 'string' },
      faults: { type: 'string' },
      quiet: { type: 'boolean', default: false },
      clock: { type: 'string' },
      frozen: { type: 'boolean', default: false },
      'public-url': { type: 'string' },
      'allowed-hosts': { type: 'string' },
      'cors-origins': { type: 'string' },
      'admin-token': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  }).values;
} catch (error) {
  fail(`${(error as Error).message}. Run with --help for the options.`);
}
if (args.help) {
  console.log('usage: npm start -- [--port 4010] [--host 127.0.0.1] [--seed 1] [--size default|large] [--state-file FILE] [--faults a,b] [--clock ISO [--frozen]] [--quiet]\n       [--public-url URL] [--allowed-hosts a,b] [--cors-origins a,b] [--admin-token T (or MOCK_ADMIN_TOKEN)]');
  process.exit(0);
}

const port = Number(args.port ?? process.env.PORT ?? 4010);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be a port number (0-65535), got "${args.port ?? process.env.PORT}"`);
const seed = args.seed === undefined ? DEFAULT_SEED : Number(args.seed);
if (!Number.isSafeInteger(seed) || seed < 0) fail(`--seed must be a non-negative integer, got "${args.seed}"`);
if (args.size !== 'default' && args.size !== 'large') fail(`--size must be "default" or "large", got "${args.size}"`);
if (args.clock !== undefined && Number.isNaN(Date.parse(args.clock))) fail(`--clock must be an ISO 8601 date-time, got "${args.clock}"`);
const known = new Set(faultCatalog.map((f) => f.name));
const faults = (args.faults ?? '').split(',').filter(Boolean);
for (const name of faults) if (!known.has(name)) fail(`unknown fault "${name}"; known: ${[...known].join(', ')}`);

const publicUrl = args['public-url'];
if (publicUrl !== undefined) {
  const problem = checkPublicUrl(publicUrl);
  if (problem) fail(problem);
}
const list = (value: string | undefined): string[] => (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const allowedHosts = list(args['allowed-hosts']);
const corsOrigins = list(args['cors-origins']);
const host = args.host as string;
// Bound beyond loopback, anyone on the network can reach the controls: they need a key (given, or generated here).
const network = !isLoopbackHost(host);
const givenToken = args['admin-token'] ?? (process.env.MOCK_ADMIN_TOKEN || undefined);
const adminToken = givenToken ?? (network ? randomBytes(18).toString('base64url') : undefined);

const stateFile = args['state-file'];
let start: DurableStart | undefined;
try {
  start = stateFile ? readStateFile(stateFile) : undefined;
} catch (error) {
  fail((error as Error).message);
}
const dataset = start?.dataset;
const clock = args.clock && args.frozen ? createFrozenClock(args.clock) : createRunningClock();
if (args.clock && !args.frozen) clock.set(new Date(args.clock));

const deps = createDeps({ seed, size: args.size, dataset, clock, faults });
let durability: Durability | undefined;
if (stateFile && start) {
  try {
    ({ store: deps.store, durability } = openDurableStore(stateFile, start, deps.store, { log: (line) => console.error(line) }));
  } catch (error) {
    fail((error as Error).message);
  }
}
const log = args.quiet ? undefined : (line: string) => console.log(line);
const { app } = createApp(deps, { log, faultCatalog, publicUrl, allowedHosts, corsOrigins, adminToken, boundHost: host, durability });

const server = createMockServer(app);
server.listen(port, host, () => {
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  const base = publicUrl?.replace(/\/+$/, '') ?? `http://${network ? shownHost : 'localhost'}:${actualPort}`;
  const tokens = deps.store.tokens().filter((t) => t.kind === 'development');
  console.log(`mock: listening on ${base}  seed=${deps.store.seed} size=${args.size}${stateFile ? ` state-file=${stateFile}` : ''}${faults.length ? ` faults=${faults.join(',')}` : ''}`);
  if (network) {
    console.log(`mock: bound to ${shownHost}:${actualPort}: REACHABLE FROM THE NETWORK, not only from this machine. Anyone who can reach it can call the API with the development tokens.`);
    console.log(`mock: the controls under /__mock need Authorization: Bearer ${adminToken}${givenToken ? ' (the admin token you gave)' : ' (generated now; set your own with --admin-token or MOCK_ADMIN_TOKEN)'}`);
  } else if (adminToken) {
    console.log('mock: the controls under /__mock need the admin token you gave (Authorization: Bearer …)');
  }
  console.log(`mock: ${tokens.length} development tokens (GET ${base}/__mock/tokens), e.g. Authorization: Bearer ${tokens[0]?.token ?? '(none)'}`);
  console.log(`mock: controls at ${base}/__mock, OAuth metadata at ${base}/.well-known/oauth-authorization-server`);
});
server.on('error', (error) => fail(`cannot listen on ${args.host}:${port}: ${error.message}`));

function shutdown(): void {
  // A clean stop folds the log into the snapshot; a crash would lose nothing either (every answer waited for its fsync).
  try {
    durability?.compact();
  } catch (error) {
    console.error((error as Error).message);
  }
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

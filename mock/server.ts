/**
 * npm start (and `edu-mock` from the package): the mock on http://localhost:4010. The process that listens (mock/node/startMock.ts starts the same listener inside a caller's process).
 * Its options live in mock/cli/serverOptions.ts (`--help` lists them, with defaults and environment variables).
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { AppOptions } from './AppOptions.ts';
import { bannerBase } from './cli/bannerBase.ts';
import { tightenStateFiles } from './cli/tightenStateFiles.ts';
import { parseServerArgs, ServerUsageError } from './cli/parseServerArgs.ts';
import { serverHelp } from './cli/serverOptions.ts';
import { closeAndExit, stopWhenAsked } from './cli/stopWhenAsked.ts';
import { createFrozenClock, createRunningClock } from './clock.ts';
import { createDeps } from './createDeps.ts';
import { createMockListener } from './node/createMockListener.ts';
import { faultCatalog } from './faults/catalog.ts';
import { devSpecFile } from './dev/devSpec.ts';
import { restoreDevState, saveDevState } from './dev/devState.ts';
import { loadStubsFile } from './cli/loadStubsFile.ts';
import { stubsInStateFile } from './persist/stubsInStateFile.ts';
import { createMockServer } from './http/createMockServer.ts';
import { isLoopbackHost } from './http/hostAllowList.ts';
import { checkPublicUrl } from './http/publicOrigin.ts';
import type { Durability } from './persist/Durability.ts';
import { openDurableSessions } from './persist/openDurableSessions.ts';
import { type DurableStart, readStateFile } from './persist/readStateFile.ts';
import type { ReplicaGate } from './replicas/ReplicaGate.ts';
import { DEFAULT_SESSION } from './sessions/SessionRegistry.ts';
import { loadPreviousContract } from './versions/loadPreviousContract.ts';

// A closed stdout (`npm start | head`) must not take the mock down: the log is a convenience, not the service.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
});

/** How long after listening the validators compile, in the background. */
const WARM_UP_AFTER_MS = 200;

function fail(message: string): never {
  console.error(`mock: ${message}`);
  process.exit(2);
}

let config;
try {
  config = parseServerArgs(
    process.argv.slice(2),
    process.env,
    faultCatalog.map((f) => f.name),
  );
} catch (error) {
  if (error instanceof ServerUsageError) fail(error.message);
  throw error;
}
if (config.help) {
  console.log(serverHelp(process.env.EDU_MOCK_COMMAND ?? 'npm start --', faultCatalog));
  process.exit(0);
}

if (config.publicUrl !== undefined) {
  const problem = checkPublicUrl(config.publicUrl);
  if (problem) fail(problem);
}
// Bound beyond loopback, anyone on the network can reach the controls: they need a key (given, or generated here).
const network = !isLoopbackHost(config.host);
const adminToken = config.adminToken ?? (network ? randomBytes(18).toString('base64url') : undefined);

// The state files hold every session's data and the access tokens: owner-only, even when an older version
// made them readable by others (new ones are created 0600, mock/persist/Durability.ts).
if (config.stateFile) tightenStateFiles(config.stateFile);
let start: DurableStart | undefined;
try {
  start = config.stateFile ? readStateFile(config.stateFile) : undefined;
} catch (error) {
  fail((error as Error).message);
}
const dataset = start?.dataset;
// A state file made from generated data says how it was generated: that wins over --seed, --size and --groups.
const generate = start?.generate ?? { seed: config.seed, size: config.size, ...(config.groups ? { groups: config.groups } : {}) };
if (start?.generate && (generate.seed !== config.seed || generate.size !== config.size || (generate.groups ?? 0) !== (config.groups ?? 0))) {
  console.log(
    `mock: ${config.stateFile} was made with --seed ${generate.seed} --size ${generate.size}${generate.groups ? ` --groups ${generate.groups}` : ''}; its data is used (move the file away to start anew)`,
  );
}
const clock = config.clock && config.frozen ? createFrozenClock(config.clock) : createRunningClock();
if (config.clock && !config.frozen) clock.set(new Date(config.clock));

// The large dataset takes seconds to build: say what is happening, step by step, with the time it took.
const started = performance.now();
const large = (generate.size === 'large' || (generate.groups ?? 0) >= 100_000) && !dataset;
const progress = large ? (step: string) => console.log(`mock: ${((performance.now() - started) / 1000).toFixed(1)}s ${step}…`) : undefined;
// npm run dev: a spec saved with an error keeps the last good one serving (mock/dev/devSpec.ts).
let specFile: string | undefined;
try {
  specFile = config.devState ? devSpecFile(`${config.devState}.openapi.yaml`, (line) => console.error(line)) : undefined;
} catch (error) {
  fail((error as Error).message);
}
const deps = createDeps({
  specFile,
  seed: generate.seed,
  size: generate.size,
  dataset,
  clock,
  faults: config.faults,
  maxSessions: config.maxSessions,
  sessionIdleMinutes: config.sessionIdleMinutes,
  journalBudgetBytes: config.journalBudgetMb * 1024 * 1024,
  ...(generate.groups ? { groups: generate.groups } : {}),
  ...(progress ? { onProgress: progress } : {}),
  // The validators compile once the server listens (warmUp below): about 200 ms sooner to the first answer.
  compile: 'lazy',
});
if (progress) console.log(`mock: data ready in ${((performance.now() - started) / 1000).toFixed(1)}s`);
let durability: Durability | undefined;
if (config.stateFile && start) {
  try {
    durability = openDurableSessions(config.stateFile, start, deps.sessions, {
      seed: dataset ? { dataset } : { generate },
      log: (line) => console.error(line),
      extras: stubsInStateFile(deps.sessions),
    });
  } catch (error) {
    fail((error as Error).message);
  }
}
// The one read of the wall clock here: how long a dev restart took, so a running mock clock goes on from it.
// eslint-disable-next-line no-restricted-properties
const wallNow = (): number => Date.now();
const devState = config.devState;
if (devState) {
  const restored = restoreDevState(
    devState,
    deps.sessions,
    wallNow(),
    faultCatalog.map((f) => f.name),
  );
  if (restored) console.log(`mock: ${restored}`);
}
// --stubs FILE after the controls kept by --dev-state: the file given at start is what the default session serves.
if (config.stubs) {
  try {
    console.log(`mock: ${loadStubsFile(config.stubs, deps.sessions.use(DEFAULT_SESSION))}`);
  } catch (error) {
    fail((error as Error).message);
  }
}
// With --database-url this process is one replica of a mock shared through PostgreSQL (docs/scale-out.md); the
// client is loaded only then.
let replicas: ReplicaGate | undefined;
if (config.databaseUrl) {
  try {
    const { openReplicas } = await import('./replicas/openReplicas.ts');
    replicas = await openReplicas({
      databaseUrl: config.databaseUrl,
      sessions: deps.sessions,
      seed: generate.seed,
      maxSessions: config.maxSessions,
      idleMs: config.sessionIdleMinutes * 60_000,
      timeoutMs: config.databaseTimeoutMs,
      log: (line) => console.error(line),
    });
  } catch (error) {
    fail((error as Error).message);
  }
}
// --previous-spec: the earlier contract, served beside the current one to X-Contract-Version: previous (mock/versions).
let previous: ReturnType<typeof loadPreviousContract> | undefined;
try {
  previous = config.previousSpec !== undefined ? loadPreviousContract(config.previousSpec) : undefined;
} catch (error) {
  fail((error as Error).message);
}
const log = config.quiet ? undefined : (line: string) => console.log(line);
const appOptions: AppOptions = {
  ...(previous ? { previousContract: previous.contract } : {}),
  log,
  faultCatalog,
  publicUrl: config.publicUrl,
  allowedHosts: config.allowedHosts,
  corsOrigins: config.corsOrigins,
  adminToken,
  boundHost: config.host,
  trustProxy: config.trustProxy,
  durability,
};
// Every request straight to the one lifecycle (API operations, controls, OAuth, docs).
const handle = createMockListener(deps, appOptions);

// The banner waits for the socket: a busy port fails before anything claims the mock is up.
// A replica brings the request's session up to date (and holds a write's answer until it commits) first.
const server = createMockServer(replicas ? replicas.listener(handle) : handle);
server.on('error', (error: NodeJS.ErrnoException) => {
  const hint = error.code === 'EADDRINUSE' ? ' (in use: stop the other process or pass --port)' : '';
  fail(`cannot listen on ${config.host}:${config.port}: ${error.message}${hint}`);
});
server.listen(config.port, config.host, () => {
  const address = server.address() as AddressInfo;
  const hostPart = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const bound = `http://${hostPart}:${address.port}`;
  const everywhere = address.address === '0.0.0.0' || address.address === '::';
  const base = bannerBase(address, config.publicUrl);
  // The banner speaks of the default session, by name: the one a client naming none works in.
  const { store } = deps.sessions.use(DEFAULT_SESSION);
  const tokens = store.tokens().filter((t) => t.kind === 'development');
  console.log(
    `mock: listening on ${bound}${everywhere ? ' (every interface)' : ''}  seed=${store.seed} size=${generate.size}${generate.groups ? ` groups=+${generate.groups}` : ''}${config.stateFile ? ` state-file=${config.stateFile}` : ''}${replicas ? ' replica' : ''}${config.faults.length ? ` faults=${config.faults.join(',')}` : ''}`,
  );
  if (network) {
    console.log(
      `mock: bound to ${hostPart}:${address.port}: REACHABLE FROM THE NETWORK, not only from this machine. Anyone who can reach it can call the API with the development tokens.`,
    );
    console.log(
      `mock: the controls under /__mock need Authorization: Bearer ${adminToken}${config.adminToken ? ' (the admin token you gave)' : ' (generated now; set your own with --admin-token or MOCK_ADMIN_TOKEN)'}`,
    );
  } else if (adminToken) {
    console.log('mock: the controls under /__mock need the admin token you gave (Authorization: Bearer …)');
  }
  if (base !== bound) console.log(`mock: reach it at ${base}`);
  if (previous) console.log(`mock: also serving the previous contract ${previous.label} to requests with X-Contract-Version: previous`);
  console.log(`mock: docs ${base}/docs · dashboard ${base}/__mock/ui · spec ${base}/openapi.json`);
  console.log(`mock: ${tokens.length} development tokens (GET ${base}/__mock/tokens), e.g. Authorization: Bearer ${tokens[0]?.token ?? '(none)'}`);
  console.log(`mock: controls at ${base}/__mock, OAuth metadata at ${base}/.well-known/oauth-authorization-server`);
  // The start-up check that every schema compiles, one operation at a time between requests, after a pause
  // that leaves the CPU to a client that was waiting for the banner (a request compiles what it needs itself).
  // A spec that does not compile still stops the mock.
  setTimeout(() => {
    deps.contract.warmUp().catch((error: Error) => fail(error.message));
  }, WARM_UP_AFTER_MS);
});

function shutdown(): void {
  // A clean stop folds the log into the snapshot; a crash would lose nothing either (every answer waited for its fsync).
  try {
    durability?.compact();
  } catch (error) {
    console.error((error as Error).message);
  }
  try {
    if (devState) saveDevState(devState, deps.sessions, wallNow());
  } catch (error) {
    console.error(`mock: the controls could not be kept in ${devState}: ${(error as Error).message}`);
  }
  void replicas?.stop();
  // Idle keep-alive connections (a browser tab, npm run dev's restart) would hold the port: they are closed too.
  closeAndExit(server);
}
stopWhenAsked('mock', shutdown);

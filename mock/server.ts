/**
 * npm start: the mock on http://localhost:4010 (PORT or --port to change). The only file that listens.
 *   --port N  --host H  --seed N  --size default|large  --state-file FILE  --faults a,b  --quiet
 *   --clock ISO (start the clock at this instant; it runs from there)  --frozen (with --clock: it stands still)
 *   --groups N (N more generated groups in the first community)
 *   --max-sessions N  --session-idle-minutes M (sessions named by X-Mock-Session; docs/sessions.md)
 */
import { parseArgs } from 'node:util';
import { createApp } from './app.ts';
import { createFrozenClock, createRunningClock } from './clock.ts';
import { createDeps, DEFAULT_SEED } from './createDeps.ts';
import { faultCatalog } from './faults/catalog.ts';
import { DEFAULT_IDLE_MINUTES, DEFAULT_MAX_SESSIONS } from './sessions/SessionRegistry.ts';
import { persistState, readStateFile } from './stateFile.ts';

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
      groups: { type: 'string' },
      'max-sessions': { type: 'string' },
      'session-idle-minutes': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  }).values;
} catch (error) {
  fail(`${(error as Error).message}. Run with --help for the options.`);
}
if (args.help) {
  console.log('usage: npm start -- [--port 4010] [--host 127.0.0.1] [--seed 1] [--size default|large] [--state-file FILE] [--faults a,b] [--clock ISO [--frozen]] [--groups N] [--max-sessions 1000] [--session-idle-minutes 60] [--quiet]');
  process.exit(0);
}

const port = Number(args.port ?? process.env.PORT ?? 4010);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be a port number (0-65535), got "${args.port ?? process.env.PORT}"`);
const seed = args.seed === undefined ? DEFAULT_SEED : Number(args.seed);
if (!Number.isSafeInteger(seed) || seed < 0) fail(`--seed must be a non-negative integer, got "${args.seed}"`);
if (args.size !== 'default' && args.size !== 'large') fail(`--size must be "default" or "large", got "${args.size}"`);
if (args.clock !== undefined && Number.isNaN(Date.parse(args.clock))) fail(`--clock must be an ISO 8601 date-time, got "${args.clock}"`);
const groups = args.groups === undefined ? undefined : Number(args.groups);
if (groups !== undefined && (!Number.isSafeInteger(groups) || groups < 0 || groups > 5_000_000)) fail(`--groups must be an integer from 0 to 5000000, got "${args.groups}"`);
const maxSessions = args['max-sessions'] === undefined ? DEFAULT_MAX_SESSIONS : Number(args['max-sessions']);
if (!Number.isSafeInteger(maxSessions) || maxSessions < 0) fail(`--max-sessions must be a non-negative integer, got "${args['max-sessions']}"`);
const idleMinutes = args['session-idle-minutes'] === undefined ? DEFAULT_IDLE_MINUTES : Number(args['session-idle-minutes']);
if (!Number.isFinite(idleMinutes) || idleMinutes <= 0) fail(`--session-idle-minutes must be a positive number, got "${args['session-idle-minutes']}"`);
const known = new Set(faultCatalog.map((f) => f.name));
const faults = (args.faults ?? '').split(',').filter(Boolean);
for (const name of faults) if (!known.has(name)) fail(`unknown fault "${name}"; known: ${[...known].join(', ')}`);

const stateFile = args['state-file'];
let dataset;
try {
  dataset = stateFile ? readStateFile(stateFile) : undefined;
} catch (error) {
  fail((error as Error).message);
}
const clock = args.clock && args.frozen ? createFrozenClock(args.clock) : createRunningClock();
if (args.clock && !args.frozen) clock.set(new Date(args.clock));

// Large datasets take seconds to build: say how far it got, on stderr (stdout stays the log).
const progress = (groups ?? 0) >= 100_000 || args.size === 'large' ? showProgress : undefined;
const deps = createDeps({ seed, size: args.size, dataset, clock, faults, maxSessions, sessionIdleMinutes: idleMinutes, ...(groups ? { groups } : {}), ...(progress ? { onProgress: progress } : {}) });
if (progress) process.stderr.write(process.stderr.isTTY ? '\n' : '');
function showProgress(stage: string, done: number): void {
  const line = `mock: ${stage} groups: ${done.toLocaleString('en-US')}`;
  process.stderr.write(process.stderr.isTTY ? `\r${line}` : `${line}\n`);
}

const log = args.quiet ? undefined : (line: string) => console.log(line);
const { app } = createApp(deps, { log, faultCatalog });
const persistence = stateFile ? persistState(deps.store, stateFile) : undefined;

const server = app.listen(port, args.host, () => {
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const base = `http://${['0.0.0.0', '127.0.0.1', '::'].includes(args.host as string) ? 'localhost' : args.host}:${actualPort}`;
  const tokens = deps.store.tokens().filter((t) => t.kind === 'development');
  console.log(`mock: listening on ${base}  seed=${deps.store.seed} size=${args.size}${groups ? ` groups=+${groups}` : ''}${stateFile ? ` state-file=${stateFile}` : ''}${faults.length ? ` faults=${faults.join(',')}` : ''}`);
  console.log(`mock: ${tokens.length} development tokens (GET ${base}/__mock/tokens), e.g. Authorization: Bearer ${tokens[0]?.token ?? '(none)'}`);
  console.log(`mock: controls at ${base}/__mock, OAuth metadata at ${base}/.well-known/oauth-authorization-server`);
});
server.on('error', (error) => fail(`cannot listen on ${args.host}:${port}: ${error.message}`));

function shutdown(): void {
  persistence?.stop();
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

import { subcommandHelp } from './subcommands.ts';

/**
 * Every option of the mock's command line, in one table: parseArgs' configuration, the environment
 * variables and `--help` are all built from it, so none of them can forget an option.
 */
export interface ServerOption {
  name: string;
  type: 'string' | 'boolean';
  /** The value's placeholder in --help (string options). */
  value?: string;
  /** The default, as a user would type it; absent when there is none. */
  default?: string;
  /** Read when the flag is absent. */
  env?: string;
  short?: string;
  description: string;
}

export const SERVER_OPTIONS: readonly ServerOption[] = [
  { name: 'port', type: 'string', value: 'N', default: '4010', env: 'PORT', description: 'port to listen on (0: any free port, printed once bound)' },
  { name: 'host', type: 'string', value: 'H', default: '127.0.0.1', env: 'MOCK_HOST', description: 'interface to bind (0.0.0.0 or :: to serve a network)' },
  {
    name: 'public-url',
    type: 'string',
    value: 'URL',
    env: 'MOCK_PUBLIC_URL',
    description: "the URL clients reach the mock at, for every absolute URL it serves (default: the request's Host)",
  },
  {
    name: 'seed',
    type: 'string',
    value: 'N',
    default: '1',
    env: 'MOCK_SEED',
    description: 'seed of the generated data; the same seed always gives the same data',
  },
  {
    name: 'size',
    type: 'string',
    value: 'default|large',
    default: 'default',
    env: 'MOCK_SIZE',
    description: 'large adds 100,000 groups (for load tests; shows progress while generated)',
  },
  {
    name: 'groups',
    type: 'string',
    value: 'N',
    env: 'MOCK_GROUPS',
    description: 'add N generated groups to the first community (deterministic from the seed; up to 5,000,000)',
  },
  {
    name: 'max-sessions',
    type: 'string',
    value: 'N',
    default: '1000',
    env: 'MOCK_MAX_SESSIONS',
    description: 'named sessions (X-Mock-Session) at most; one more is a 429',
  },
  {
    name: 'journal-budget-mb',
    type: 'string',
    value: 'MB',
    default: '64',
    env: 'MOCK_JOURNAL_BUDGET_MB',
    description: "bytes all sessions' journals hold together at most; the oldest entries of the largest journals go first",
  },
  {
    name: 'session-idle-minutes',
    type: 'string',
    value: 'M',
    default: '60',
    env: 'MOCK_SESSION_IDLE_MINUTES',
    description: 'a named session unused this long is dropped',
  },
  {
    name: 'allowed-hosts',
    type: 'string',
    value: 'a,b',
    env: 'MOCK_ALLOWED_HOSTS',
    description: 'Host names accepted besides localhost, IP literals and the bound address (.example.com: a domain and its subdomains; all: any)',
  },
  {
    name: 'cors-origins',
    type: 'string',
    value: 'a,b',
    env: 'MOCK_CORS_ORIGINS',
    description: 'origins allowed to call the API with credentials (default: any origin, without credentials)',
  },
  {
    name: 'admin-token',
    type: 'string',
    value: 'T',
    env: 'MOCK_ADMIN_TOKEN',
    description: 'key the /__mock controls require (generated and printed when bound beyond loopback)',
  },
  {
    name: 'state-file',
    type: 'string',
    value: 'FILE',
    env: 'MOCK_STATE_FILE',
    description: 'keep the state in FILE and FILE.log: every answered write is fsynced first, restored at start',
  },
  {
    name: 'dev-state',
    type: 'string',
    value: 'FILE',
    env: 'MOCK_DEV_STATE',
    description:
      'keep faults, clock, latency and journal in FILE across the restarts of a watch mode, and serve the last good spec while spec/openapi.yaml has an error',
  },
  {
    name: 'stubs',
    type: 'string',
    value: 'FILE',
    env: 'MOCK_STUBS',
    description:
      'start the default session with the stubs in FILE: a HAR recorded by `edu-mock proxy --record` (its answers served back exactly) or {"stubs": [...]} (docs/stubs.md)',
  },
  {
    name: 'database-url',
    type: 'string',
    value: 'URL',
    env: 'DATABASE_URL',
    description: 'postgres://… : run as one replica of a mock shared through PostgreSQL (docs/scale-out.md); not with --state-file',
  },
  {
    name: 'database-timeout-ms',
    type: 'string',
    value: 'MS',
    default: '5000',
    env: 'MOCK_DATABASE_TIMEOUT_MS',
    description: 'with --database-url: the longest a request waits for the database; then 503 with Retry-After',
  },
  {
    name: 'previous-spec',
    type: 'string',
    value: 'FILE|REF',
    env: 'MOCK_PREVIOUS_SPEC',
    description:
      'serve this earlier contract beside the current one on the same data, to requests with X-Contract-Version: previous (a file, REF:PATH, or a git ref whose spec/openapi.yaml is read)',
  },
  { name: 'clock', type: 'string', value: 'ISO', env: 'MOCK_CLOCK', description: 'start the mock clock at this instant (default: the real time)' },
  { name: 'frozen', type: 'boolean', default: 'false', env: 'MOCK_FROZEN', description: 'with --clock: the clock stands still until told to move' },
  { name: 'faults', type: 'string', value: 'a,b', env: 'MOCK_FAULTS', description: 'switch these faults on from the start (GET /__mock/faults lists them)' },
  {
    name: 'trust-proxy',
    type: 'boolean',
    default: 'false',
    env: 'MOCK_TRUST_PROXY',
    description: 'behind a reverse proxy: take the scheme and host of served URLs from X-Forwarded-Proto/-Host (ignored otherwise)',
  },
  { name: 'quiet', type: 'boolean', default: 'false', env: 'MOCK_QUIET', description: 'no request log' },
  { name: 'help', type: 'boolean', short: 'h', description: 'show this help and exit' },
];

/** parseArgs' `options` from the table (defaults are applied after the environment, see parseServerArgs). */
export function parseArgsOptions(): Record<string, { type: 'string' | 'boolean'; short?: string }> {
  return Object.fromEntries(SERVER_OPTIONS.map((o) => [o.name, { type: o.type, ...(o.short ? { short: o.short } : {}) }]));
}

/** The --help text: one line per option, with its default and environment variable, then the other commands. */
export function serverHelp(command = 'npm start --', faults: readonly { name: string; description: string }[] = []): string {
  const flags = SERVER_OPTIONS.map((o) => `${o.short ? `-${o.short}, ` : '    '}--${o.name}${o.value ? ` ${o.value}` : ''}`);
  const width = Math.max(...flags.map((f) => f.length)) + 2;
  const lines = SERVER_OPTIONS.map((o, i) => {
    const extra = [
      o.default === undefined ? undefined : o.type === 'boolean' ? (o.default === 'true' ? 'default on' : 'default off') : `default ${o.default}`,
      o.env ? `env ${o.env}` : undefined,
    ]
      .filter(Boolean)
      .join(', ');
    return `  ${(flags[i] as string).padEnd(width)}${o.description}${extra ? ` [${extra}]` : ''}`;
  });
  return [
    `usage: ${command} [options]`,
    '',
    'The stateful contract mock of the education-platform API: the API, its OAuth login, /docs, /__mock/ui.',
    'A flag wins over its environment variable; booleans take 1/true/yes in the environment.',
    '',
    'options:',
    ...lines,
    '',
    ...subcommandHelp(command),
    ...(faults.length ? ['', 'faults (--faults a,b; also switched at run time on /__mock/faults and the dashboard):', ...faultLines(faults)] : []),
  ].join('\n');
}

/** One line per fault: its name and what it breaks, cut to fit a terminal. */
function faultLines(faults: readonly { name: string; description: string }[]): string[] {
  const width = Math.max(...faults.map((f) => f.name.length)) + 2;
  return faults.map((f) => {
    const line = `  ${f.name.padEnd(width)}${f.description.replaceAll('`', '')}`;
    return line.length > 120 ? `${line.slice(0, 119)}…` : line;
  });
}

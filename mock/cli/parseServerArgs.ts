import { parseArgs } from 'node:util';
import { checkPublicUrl } from '../http/publicOrigin.ts';
import { checkCorsOrigin } from './checkCorsOrigin.ts';
import { didYouMean } from './didYouMean.ts';
import { parseArgsOptions, SERVER_OPTIONS } from './serverOptions.ts';

export interface ServerConfig {
  port: number;
  host: string;
  publicUrl?: string;
  allowedHosts: string[];
  corsOrigins: string[];
  adminToken?: string;
  /** Generated groups added to the first community (--groups). */
  groups?: number;
  maxSessions: number;
  /** MiB all sessions' journals hold together at most (JournalBudget). */
  journalBudgetMb: number;
  sessionIdleMinutes: number;
  seed: number;
  size: 'default' | 'large';
  stateFile?: string;
  /** npm run dev: the controls kept across restarts, and the last good spec beside it (`FILE.openapi.yaml`). */
  devState?: string;
  /** --stubs FILE: the default session starts with these stubs (a HAR recording, or {"stubs": [...]}). */
  stubs?: string;
  /** --previous-spec: an earlier contract served beside the current one (mock/versions), as given. */
  previousSpec?: string;
  /** PostgreSQL URL: this process is one replica of a mock shared through that database (docs/scale-out.md). */
  databaseUrl?: string;
  /** With databaseUrl: the bound on each wait for the database (a stalled one answers 503 within it). */
  databaseTimeoutMs: number;
  clock?: string;
  frozen: boolean;
  faults: string[];
  quiet: boolean;
  /** Honour X-Forwarded-Proto/-Host from a reverse proxy (`--trust-proxy`); off, they are ignored. */
  trustProxy: boolean;
  help: boolean;
}

/** A command line the mock cannot start from; the message says what to change. */
export class ServerUsageError extends Error {}

/**
 * argv and the environment into a checked configuration: a flag, else its environment variable, else the
 * table's default. Every bad value is a ServerUsageError naming the option and what it got.
 */
export function parseServerArgs(argv: string[], env: Record<string, string | undefined>, knownFaults: readonly string[]): ServerConfig {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({ args: joinNegativeValues(argv), options: parseArgsOptions(), strict: true, allowPositionals: false }).values as Record<
      string,
      string | boolean | undefined
    >;
  } catch (error) {
    throw new ServerUsageError(`${(error as Error).message}${suggestion(error as Error)}. Run with --help for the options.`);
  }
  const raw = (name: string): string | boolean | undefined => {
    const option = SERVER_OPTIONS.find((o) => o.name === name);
    if (!option) throw new Error(`no option ${name}`);
    if (values[name] !== undefined) return values[name];
    const fromEnv = option.env ? env[option.env] : undefined;
    if (fromEnv !== undefined && fromEnv !== '') {
      if (option.type === 'string') return fromEnv;
      if (/^(1|true|yes)$/i.test(fromEnv)) return true;
      if (/^(0|false|no)$/i.test(fromEnv)) return false;
      throw new ServerUsageError(`${option.env} must be 1/true/yes or 0/false/no, got "${fromEnv}"`);
    }
    return option.type === 'boolean' ? option.default === 'true' : option.default;
  };
  const str = (name: string) => raw(name) as string | undefined;
  const bool = (name: string) => raw(name) === true;

  const port = Number(str('port'));
  if (!/^\d+$/.test(str('port') ?? '') || port > 65535) throw new ServerUsageError(`--port must be a port number (0-65535), got "${str('port')}"`);
  const seed = Number(str('seed'));
  if (!/^\d+$/.test(str('seed') ?? '') || !Number.isSafeInteger(seed))
    throw new ServerUsageError(`--seed must be a non-negative integer, got "${str('seed')}"`);
  const size = str('size');
  if (size !== 'default' && size !== 'large') throw new ServerUsageError(`--size must be "default" or "large", got "${size}"`);
  const clock = str('clock');
  if (clock !== undefined && Number.isNaN(Date.parse(clock))) throw new ServerUsageError(`--clock must be an ISO 8601 date-time, got "${clock}"`);
  const frozen = bool('frozen');
  if (frozen && clock === undefined) throw new ServerUsageError('--frozen needs --clock ISO (the instant the clock stands at)');
  const faults = (str('faults') ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  for (const name of faults) if (!knownFaults.includes(name)) throw new ServerUsageError(`unknown fault "${name}"; known: ${knownFaults.join(', ')}`);
  const publicUrl = str('public-url');
  if (publicUrl !== undefined) {
    const problem = checkPublicUrl(publicUrl);
    if (problem) throw new ServerUsageError(problem);
  }
  const host = str('host') as string;
  const list = (name: string): string[] =>
    (str(name) ?? '')
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
  for (const origin of list('cors-origins')) {
    const problem = checkCorsOrigin(origin);
    if (problem) throw new ServerUsageError(problem);
  }
  const adminToken = str('admin-token');
  const groupsText = str('groups');
  const groups = groupsText === undefined ? undefined : Number(groupsText);
  if (groups !== undefined && (!/^\d+$/.test(groupsText ?? '') || groups > 5_000_000))
    throw new ServerUsageError(`--groups must be a whole number from 0 to 5000000, got "${groupsText}"`);
  const databaseUrl = str('database-url');
  if (databaseUrl !== undefined && !/^postgres(?:ql)?:\/\//.test(databaseUrl))
    throw new ServerUsageError('--database-url must be a postgres:// or postgresql:// URL');
  if (databaseUrl !== undefined && str('state-file') !== undefined)
    throw new ServerUsageError('--database-url and --state-file exclude each other: with a database, the database keeps the state');
  const databaseTimeoutMs = Number(str('database-timeout-ms'));
  if (!/^\d+$/.test(str('database-timeout-ms') ?? '') || databaseTimeoutMs < 100 || databaseTimeoutMs > 600_000)
    throw new ServerUsageError(`--database-timeout-ms must be a whole number of milliseconds from 100 to 600000, got "${str('database-timeout-ms')}"`);
  const maxSessions = Number(str('max-sessions'));
  if (!/^\d+$/.test(str('max-sessions') ?? '')) throw new ServerUsageError(`--max-sessions must be a whole number, got "${str('max-sessions')}"`);
  const journalBudgetMb = Number(str('journal-budget-mb'));
  if (!(journalBudgetMb >= 1 && journalBudgetMb <= 65_536))
    throw new ServerUsageError(`--journal-budget-mb must be a number from 1 to 65536, got "${str('journal-budget-mb')}"`);
  const sessionIdleMinutes = Number(str('session-idle-minutes'));
  if (!(sessionIdleMinutes > 0) || !Number.isFinite(sessionIdleMinutes))
    throw new ServerUsageError(`--session-idle-minutes must be a positive number, got "${str('session-idle-minutes')}"`);
  return {
    port,
    host,
    ...(publicUrl !== undefined ? { publicUrl: publicUrl.replace(/\/+$/, '') } : {}),
    allowedHosts: list('allowed-hosts'),
    corsOrigins: list('cors-origins').map((o) => new URL(o).origin),
    ...(adminToken !== undefined ? { adminToken } : {}),
    ...(groups !== undefined ? { groups } : {}),
    maxSessions,
    journalBudgetMb,
    sessionIdleMinutes,
    seed,
    size,
    ...(str('state-file') !== undefined ? { stateFile: str('state-file') } : {}),
    ...(str('dev-state') !== undefined ? { devState: str('dev-state') } : {}),
    ...(str('stubs') !== undefined ? { stubs: str('stubs') } : {}),
    ...(databaseUrl !== undefined ? { databaseUrl } : {}),
    ...(str('previous-spec') !== undefined ? { previousSpec: str('previous-spec') } : {}),
    databaseTimeoutMs,
    ...(clock !== undefined ? { clock } : {}),
    frozen,
    faults,
    quiet: bool('quiet'),
    trustProxy: bool('trust-proxy'),
    help: bool('help'),
  };
}

/**
 * `--groups -5` as `--groups=-5`: parseArgs reads a value starting with a dash as a missing value and says so
 * in words about dashes; joined, the value reaches the option's own check, which says what the option takes.
 */
function joinNegativeValues(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const next = argv[i + 1];
    const option = SERVER_OPTIONS.find((o) => `--${o.name}` === arg);
    if (option?.type === 'string' && next !== undefined && /^-\d/.test(next)) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

/** ", did you mean --x?" for parseArgs' unknown-option error, when a known option is close. */
function suggestion(error: Error): string {
  const unknown = /Unknown option '--?([^']+)'/.exec(error.message)?.[1];
  if (unknown === undefined) return '';
  const near = didYouMean(
    unknown,
    SERVER_OPTIONS.map((o) => o.name),
  );
  return near ? ` (did you mean --${near}?)` : '';
}

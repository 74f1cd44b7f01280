import { parseArgs } from 'node:util';
import { checkPublicUrl } from '../http/publicOrigin.ts';
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
  sessionIdleMinutes: number;
  seed: number;
  size: 'default' | 'large';
  stateFile?: string;
  /** PostgreSQL URL: this process is one replica of a mock shared through that database (docs/scale-out.md). */
  databaseUrl?: string;
  clock?: string;
  frozen: boolean;
  faults: string[];
  quiet: boolean;
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
    values = parseArgs({ args: argv, options: parseArgsOptions(), strict: true, allowPositionals: false }).values as Record<string, string | boolean | undefined>;
  } catch (error) {
    throw new ServerUsageError(`${(error as Error).message}. Run with --help for the options.`);
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
  if (!/^\d+$/.test(str('seed') ?? '') || !Number.isSafeInteger(seed)) throw new ServerUsageError(`--seed must be a non-negative integer, got "${str('seed')}"`);
  const size = str('size');
  if (size !== 'default' && size !== 'large') throw new ServerUsageError(`--size must be "default" or "large", got "${size}"`);
  const clock = str('clock');
  if (clock !== undefined && Number.isNaN(Date.parse(clock))) throw new ServerUsageError(`--clock must be an ISO 8601 date-time, got "${clock}"`);
  const frozen = bool('frozen');
  if (frozen && clock === undefined) throw new ServerUsageError('--frozen needs --clock ISO (the instant the clock stands at)');
  const faults = (str('faults') ?? '').split(',').map((f) => f.trim()).filter(Boolean);
  for (const name of faults) if (!knownFaults.includes(name)) throw new ServerUsageError(`unknown fault "${name}"; known: ${knownFaults.join(', ')}`);
  const publicUrl = str('public-url');
  if (publicUrl !== undefined) {
    const problem = checkPublicUrl(publicUrl);
    if (problem) throw new ServerUsageError(problem);
  }
  const host = str('host') as string;
  const list = (name: string): string[] => (str(name) ?? '').split(',').map((v) => v.trim()).filter(Boolean);
  const adminToken = str('admin-token');
  const groupsText = str('groups');
  const groups = groupsText === undefined ? undefined : Number(groupsText);
  if (groups !== undefined && (!/^\d+$/.test(groupsText ?? '') || groups > 5_000_000)) throw new ServerUsageError(`--groups must be a whole number from 0 to 5000000, got "${groupsText}"`);
  const databaseUrl = str('database-url');
  if (databaseUrl !== undefined && !/^postgres(?:ql)?:\/\//.test(databaseUrl)) throw new ServerUsageError('--database-url must be a postgres:// or postgresql:// URL');
  if (databaseUrl !== undefined && str('state-file') !== undefined) throw new ServerUsageError('--database-url and --state-file exclude each other: with a database, the database keeps the state');
  const maxSessions = Number(str('max-sessions'));
  if (!/^\d+$/.test(str('max-sessions') ?? '')) throw new ServerUsageError(`--max-sessions must be a whole number, got "${str('max-sessions')}"`);
  const sessionIdleMinutes = Number(str('session-idle-minutes'));
  if (!(sessionIdleMinutes > 0) || !Number.isFinite(sessionIdleMinutes)) throw new ServerUsageError(`--session-idle-minutes must be a positive number, got "${str('session-idle-minutes')}"`);
  return {
    port,
    host,
    ...(publicUrl !== undefined ? { publicUrl: publicUrl.replace(/\/+$/, '') } : {}),
    allowedHosts: list('allowed-hosts'),
    corsOrigins: list('cors-origins'),
    ...(adminToken !== undefined ? { adminToken } : {}),
    ...(groups !== undefined ? { groups } : {}),
    maxSessions,
    sessionIdleMinutes,
    seed,
    size,
    ...(str('state-file') !== undefined ? { stateFile: str('state-file') } : {}),
    ...(databaseUrl !== undefined ? { databaseUrl } : {}),
    ...(clock !== undefined ? { clock } : {}),
    frozen,
    faults,
    quiet: bool('quiet'),
    help: bool('help'),
  };
}

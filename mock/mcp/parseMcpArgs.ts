import { parseServerArgs, type ServerConfig, ServerUsageError } from '../cli/parseServerArgs.ts';
import { parseConformTarget } from './conformTarget.ts';

export interface McpConfig {
  server: ServerConfig;
  /** --conform-target URL (repeatable): origins besides loopback run_conformance may test. */
  conformTargets: string[];
}

/** The options of `npm start` that mean something for a mock driven over MCP, and what they set. */
const KEPT = [
  'port',
  'host',
  'seed',
  'size',
  'groups',
  'clock',
  'frozen',
  'faults',
  'max-sessions',
  'journal-budget-mb',
  'session-idle-minutes',
  'admin-token',
];
/** Those of `npm start` refused here: each keeps state a stdio session does not own. */
const REFUSED: ReadonlyArray<[keyof ServerConfig, string]> = [
  ['stateFile', '--state-file'],
  ['devState', '--dev-state'],
  ['databaseUrl', '--database-url'],
  ['previousSpec', '--previous-spec'],
];

/**
 * `edu-mock mcp [options]`: `--conform-target URL` (any number), then the server's own options, checked by the
 * server's parser (the same words for the same mistakes); the ones that keep state elsewhere are refused.
 */
export function parseMcpArgs(argv: readonly string[], env: Record<string, string | undefined>, knownFaults: readonly string[]): McpConfig {
  const conformTargets: string[] = [];
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const inline = /^--conform-target=(.*)$/.exec(arg);
    if (arg !== '--conform-target' && !inline) {
      rest.push(arg);
      continue;
    }
    const value = inline ? (inline[1] as string) : argv[++i];
    if (value === undefined || value === '') throw new ServerUsageError('--conform-target takes a URL');
    try {
      conformTargets.push(parseConformTarget(value));
    } catch (error) {
      throw new ServerUsageError((error as Error).message);
    }
  }
  const server = parseServerArgs(rest, env, knownFaults);
  // The server's other options (--public-url, --cors-origins, …) shape a mock served to browsers on a network:
  // refused by name rather than accepted and ignored.
  for (const arg of rest) {
    const name = /^--([a-z-]+)/.exec(arg)?.[1];
    if (name !== undefined && !KEPT.includes(name) && !['quiet', 'help'].includes(name) && !REFUSED.some(([, flag]) => flag === `--${name}`))
      throw new ServerUsageError(`--${name} is not an option of the MCP server (its options: --conform-target, --${[...KEPT, 'quiet'].join(', --')})`);
  }
  for (const [key, flag] of REFUSED) {
    if (server[key] !== undefined)
      throw new ServerUsageError(`${flag} is not an option of the MCP server (start the mock with it, and drive it over /__mock/mcp)`);
  }
  return { server, conformTargets };
}

/** `edu-mock mcp --help`. */
export function mcpUsage(command: string): string {
  return [
    `Usage: ${command} [--port N] [--seed N] [--conform-target URL]... [options]`,
    '',
    'A Model Context Protocol server over stdio, for coding agents: the mock runs inside it, listening on',
    '--port for the app being built, and its tools drive it (sessions, clock, latency, faults, stubs, journal, HAR,',
    'operations and decisions, seeded data, requests, the conformance suite). Logs go to stderr: stdout is the protocol.',
    '',
    'options:',
    '  --conform-target URL   run_conformance may also test this implementation (any number; loopback is always allowed)',
    `  --${KEPT.join(', --')}`,
    '                         as for the mock itself (see its --help); --quiet silences the request log (on stderr)',
    '',
    'Register it with an agent: {"mcpServers": {"edu-mock": {"command": "npx", "args": ["edu-mock", "mcp"]}}} (docs/mcp.md).',
  ].join('\n');
}

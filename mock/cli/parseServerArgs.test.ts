import { describe, expect, it } from 'vitest';
import { faultCatalog } from '../faults/catalog.ts';
import { parseServerArgs, ServerUsageError } from './parseServerArgs.ts';
import { SERVER_OPTIONS, serverHelp } from './serverOptions.ts';
import { subcommandLine, SUBCOMMANDS } from './subcommands.ts';

const FAULTS = ['drop-total-count', 'ignore-active-filter'];
const parse = (argv: string[], env: Record<string, string> = {}) => parseServerArgs(argv, env, FAULTS);

describe('parseServerArgs', () => {
  it('gives the table defaults', () => {
    expect(parse([])).toEqual({
      port: 4010,
      host: '127.0.0.1',
      allowedHosts: [],
      corsOrigins: [],
      maxSessions: 1000,
      journalBudgetMb: 64,
      sessionIdleMinutes: 60,
      databaseTimeoutMs: 5000,
      seed: 1,
      size: 'default',
      frozen: false,
      faults: [],
      quiet: false,
      trustProxy: false,
      help: false,
    });
  });

  it.each([
    [
      'flags',
      [
        '--port',
        '0',
        '--host',
        '0.0.0.0',
        '--seed',
        '7',
        '--size',
        'large',
        '--state-file',
        's.json',
        '--clock',
        '2030-01-01T00:00:00Z',
        '--frozen',
        '--faults',
        'drop-total-count',
        '--quiet',
        '--public-url',
        'https://mock.example.com/',
        '--allowed-hosts',
        'a.example, .b.example',
        '--cors-origins',
        'http://app.example',
        '--admin-token',
        'secret-1',
        '--database-timeout-ms',
        '2000',
      ],
      {},
    ],
    [
      'environment variables',
      [],
      {
        PORT: '0',
        MOCK_HOST: '0.0.0.0',
        MOCK_SEED: '7',
        MOCK_SIZE: 'large',
        MOCK_STATE_FILE: 's.json',
        MOCK_CLOCK: '2030-01-01T00:00:00Z',
        MOCK_FROZEN: 'true',
        MOCK_FAULTS: 'drop-total-count',
        MOCK_QUIET: '1',
        MOCK_PUBLIC_URL: 'https://mock.example.com/',
        MOCK_ALLOWED_HOSTS: 'a.example, .b.example',
        MOCK_CORS_ORIGINS: 'http://app.example',
        MOCK_ADMIN_TOKEN: 'secret-1',
        MOCK_DATABASE_TIMEOUT_MS: '2000',
      },
    ],
  ])('reads every option from %s', (_name, argv, env) => {
    expect(parse(argv, env)).toEqual({
      port: 0,
      host: '0.0.0.0',
      publicUrl: 'https://mock.example.com',
      allowedHosts: ['a.example', '.b.example'],
      corsOrigins: ['http://app.example'],
      adminToken: 'secret-1',
      maxSessions: 1000,
      journalBudgetMb: 64,
      sessionIdleMinutes: 60,
      databaseTimeoutMs: 2000,
      seed: 7,
      size: 'large',
      stateFile: 's.json',
      clock: '2030-01-01T00:00:00Z',
      frozen: true,
      faults: ['drop-total-count'],
      quiet: true,
      trustProxy: false,
      help: false,
    });
  });

  it('a flag wins over its environment variable', () => {
    expect(parse(['--port', '5000'], { PORT: '6000' }).port).toBe(5000);
  });

  it.each([
    [['--seed', 'abc'], /--seed must be a non-negative integer/],
    [['--seed=-1'], /--seed must be a non-negative integer/],
    [['--port', '70000'], /--port must be a port number/],
    [['--port', '1e3'], /--port must be a port number/],
    [['--size', 'huge'], /--size must be "default" or "large"/],
    [['--faults', 'nope'], /unknown fault "nope"/],
    [['--clock', 'yesterday'], /--clock must be an ISO 8601 date-time/],
    [['--frozen'], /--frozen needs --clock/],
    [['--public-url', 'mock.example.com'], /--public-url must be an absolute URL/],
    [['--colour'], /Unknown option '--colour'/],
    [['--seeed', '3'], /did you mean --seed\?/],
    [['--cors', 'http://localhost:5173'], /did you mean --cors-origins\?/],
    [['--public_url', 'http://x.example'], /did you mean --public-url\?/],
    [['--groups', '-5'], /--groups must be a whole number from 0 to 5000000, got "-5"/],
    [['--port', '-1'], /--port must be a port number \(0-65535\), got "-1"/],
    [
      ['--cors-origins', 'localhost:5173'],
      /--cors-origins takes an origin such as http:\/\/localhost:5173.*got "localhost:5173" \(did you mean http:\/\/localhost:5173\?\)/,
    ],
    [['--cors-origins', 'http://localhost:5173/app'], /without path.*did you mean http:\/\/localhost:5173\?/],
    [['--cors-origins', 'http://ok.example,ftp://x.example'], /http or https, got "ftp:\/\/x.example"/],
    [['--cors-origins', '*'], /--cors-origins takes an origin/],
    [['--database-url', 'mysql://x/y'], /--database-url must be a postgres:\/\//],
    [['--database-url', 'postgres://h/db', '--state-file', 's.json'], /exclude each other/],
    [['--database-timeout-ms', '0'], /--database-timeout-ms must be a whole number of milliseconds from 100 to 600000, got "0"/],
    [['--database-timeout-ms', '5s'], /--database-timeout-ms must be/],
    [['extra'], /positional/i],
  ])('%j is a usage error naming the problem', (argv, message) => {
    expect(() => parse(argv)).toThrow(ServerUsageError);
    expect(() => parse(argv)).toThrow(message);
  });

  it('keeps valid --cors-origins as origins (a trailing slash forgiven); --trust-proxy is off unless given', () => {
    expect(parse(['--cors-origins', 'http://localhost:5173/, https://app.example.com:8443']).corsOrigins).toEqual([
      'http://localhost:5173',
      'https://app.example.com:8443',
    ]);
    expect(parse([]).trustProxy).toBe(false);
    expect(parse(['--trust-proxy']).trustProxy).toBe(true);
    expect(parse([], { MOCK_TRUST_PROXY: '1' }).trustProxy).toBe(true);
  });

  it('reads the database URL from --database-url, else DATABASE_URL', () => {
    expect(parse(['--database-url', 'postgres://a@h/db']).databaseUrl).toBe('postgres://a@h/db');
    expect(parse([], { DATABASE_URL: 'postgresql://b@h/db' }).databaseUrl).toBe('postgresql://b@h/db');
  });

  it('refuses a boolean environment variable it cannot read', () => {
    expect(() => parse([], { MOCK_QUIET: 'maybe' })).toThrow(/MOCK_QUIET must be/);
  });
});

describe('serverHelp', () => {
  const help = serverHelp();
  it.each(SERVER_OPTIONS.map((o) => [o.name, o] as const))('lists --%s on one line with its description, default and environment variable', (_name, option) => {
    const line = help.split('\n').find((l) => l.includes(`--${option.name}`));
    expect(line).toBeDefined();
    expect(line).toContain(option.description);
    if (option.env) expect(line).toContain(`env ${option.env}`);
    if (option.default !== undefined) expect(line).toMatch(/default (on|off|\S+)/);
  });

  it.each([
    ['edu-mock', 'edu-mock proxy'],
    ['npm start --', 'npm run proxy --'],
  ])('as %s, lists every other command as it is typed there, and how to get its help', (command, line) => {
    const text = serverHelp(command);
    for (const sub of SUBCOMMANDS) expect(text).toContain(`  ${subcommandLine(sub.name, command)} ${sub.args}`);
    expect(text).toContain(`${line} --upstream URL`);
    expect(text).toContain(`(${line} --help)`);
  });

  it('as the package prints it, names no npm script (the package has none)', () => {
    expect(serverHelp('edu-mock', faultCatalog)).not.toMatch(/\bnpm (run|start|test)\b/);
  });

  it('lists every fault by name', () => {
    const withFaults = serverHelp('edu-mock', faultCatalog);
    for (const fault of faultCatalog) expect(withFaults).toMatch(new RegExp(`^  ${fault.name} `, 'm'));
  });
});

describe('docs/mock-controls.md', () => {
  it('documents every option with its environment variable', async () => {
    const { readFileSync } = await import('node:fs');
    const doc = readFileSync(new URL('../../docs/mock-controls.md', import.meta.url), 'utf8');
    for (const option of SERVER_OPTIONS) {
      const row = doc.split('\n').find((l) => l.startsWith(`| \`--${option.name}`) || l.startsWith(`| \`-${option.short}, --${option.name}`));
      expect(row, option.name).toBeDefined();
      if (option.env) expect(row).toContain(`\`${option.env}\``);
    }
  });
});

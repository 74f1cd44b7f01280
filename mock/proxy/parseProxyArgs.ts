import { parseArgs } from 'node:util';

export interface ProxyArgs {
  upstream: URL;
  port: number;
  host: string;
  timeoutMs: number;
  maxBodyBytes: number;
  /** Host names answered besides loopback names, IP literals and the bound address (as the mock's). */
  allowedHosts: string[];
  /** Browser origins besides the proxy's own whose requests are forwarded. */
  allowedOrigins: string[];
  /** The journal's key (`--admin-token` or MOCK_ADMIN_TOKEN); proxyServer makes one when bound beyond loopback. */
  adminToken?: string;
  journalBudgetBytes: number;
  /** `--record FILE`: every exchange, whole and secrets masked, to a HAR the mock serves back (docs/stubs.md). */
  record?: string;
  help: boolean;
}

export class ProxyUsageError extends Error {}

/** The --help text, naming the command as the user typed it (`edu-mock proxy` from the package, `npm run proxy --` in a clone). */
export function proxyUsage(command = 'npm run proxy --'): string {
  return `Usage: ${command} --upstream URL [options]

A validating proxy: forwards every request to the upstream implementation unchanged and returns its answer
unchanged, plus an X-Contract-Violations header when the exchange breaks the spec or one of the suite's
per-exchange checks. Its journal: /__mock/journal (filters as the mock's), /__mock/journal/har; its
dashboard: /__mock/ui.

It forwards only to the upstream: a request naming another host (absolute-form, a path starting with //)
is refused, as are a Host it does not know (DNS rebinding) and a browser request from another origin.

Options
  --upstream URL          the implementation (http or https), e.g. https://staging.example.org
  --port N                where to listen (default 4020; 0 picks a free port)
  --host H                interface to bind (default 127.0.0.1); beyond loopback the journal needs the admin token
  --timeout-ms N          how long the upstream may take to answer in full (default 30000): then 504
  --max-body N            the largest answer passed on, in bytes (default 16777216): beyond, 502
  --allowed-hosts a,b     Host names accepted besides localhost, IP literals and the bound address
                          (.example.com: a domain and its subdomains; all: any)
  --allowed-origins a,b   browser origins allowed to call through the proxy besides its own
                          (a frontend's dev server, e.g. http://localhost:5173); others get 403
  --admin-token T         key the journal, its HAR and the dashboard's data require (env MOCK_ADMIN_TOKEN;
                          generated and printed when bound beyond loopback)
  --journal-budget-mb MB  bytes the journal holds at most (default 64); the oldest exchanges go first
  --record FILE           write every exchange, whole and with secrets masked, to FILE (HAR 1.2, mode 0600,
                          rewritten after each one); serve it back offline: edu-mock --stubs FILE
  -h, --help              this text`;
}

/** Parses the proxy's command line (and MOCK_ADMIN_TOKEN from `env`); a bad value is a ProxyUsageError naming it. */
export function parseProxyArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>> = {}): ProxyArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        upstream: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        'timeout-ms': { type: 'string' },
        'max-body': { type: 'string' },
        'allowed-hosts': { type: 'string' },
        'allowed-origins': { type: 'string' },
        'admin-token': { type: 'string' },
        'journal-budget-mb': { type: 'string' },
        record: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new ProxyUsageError((error as Error).message);
  }
  const int = (name: string, text: string | undefined, fallback: number, min: number, max: number): number => {
    if (text === undefined) return fallback;
    const n = Number(text);
    if (!/^\d+$/.test(text) || n < min || n > max) throw new ProxyUsageError(`--${name} takes a whole number from ${min} to ${max}, got "${text}"`);
    return n;
  };
  const help = values.help === true;
  if (!values.upstream && !help) throw new ProxyUsageError('--upstream URL is required (the implementation to forward to)');
  let upstream = new URL('http://127.0.0.1/');
  if (values.upstream) {
    try {
      upstream = new URL(values.upstream);
    } catch {
      throw new ProxyUsageError(`--upstream is not a URL: "${values.upstream}"`);
    }
    if (upstream.protocol !== 'http:' && upstream.protocol !== 'https:')
      throw new ProxyUsageError(`--upstream must be http or https, got "${values.upstream}"`);
    if (upstream.search || upstream.hash || upstream.username || upstream.password)
      throw new ProxyUsageError(`--upstream must have no query, fragment or credentials, got "${values.upstream}"`);
  }
  const list = (text: string | undefined): string[] =>
    (text ?? '')
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v !== '');
  const allowedOrigins = list(values['allowed-origins']);
  for (const origin of allowedOrigins) {
    let url: URL | undefined;
    try {
      url = new URL(origin);
    } catch {
      url = undefined;
    }
    const bare = url && url.pathname === '/' && !url.search && !url.hash && !url.username && !/^[a-z]+:\/\/[^/]*\/./i.test(origin);
    if (!url || !bare || (url.protocol !== 'http:' && url.protocol !== 'https:'))
      throw new ProxyUsageError(`--allowed-origins takes origins (scheme://host[:port], no path), got "${origin}"`);
  }
  const adminToken = values['admin-token'] ?? env.MOCK_ADMIN_TOKEN;
  if (adminToken !== undefined && !/^[\x21-\x7e]{8,200}$/.test(adminToken))
    throw new ProxyUsageError('--admin-token takes 8 to 200 visible ASCII characters (it is sent as a Bearer token)');
  return {
    upstream,
    port: int('port', values.port, 4020, 0, 65535),
    host: values.host ?? '127.0.0.1',
    timeoutMs: int('timeout-ms', values['timeout-ms'], 30_000, 1, 600_000),
    maxBodyBytes: int('max-body', values['max-body'], 16 * 1024 * 1024, 1, 1024 * 1024 * 1024),
    allowedHosts: list(values['allowed-hosts']),
    allowedOrigins,
    ...(adminToken !== undefined ? { adminToken } : {}),
    journalBudgetBytes: int('journal-budget-mb', values['journal-budget-mb'], 64, 1, 64 * 1024) * 1024 * 1024,
    ...(values.record !== undefined ? { record: values.record } : {}),
    help,
  };
}

import { parseArgs } from 'node:util';

export interface ProxyArgs {
  upstream: URL;
  port: number;
  host: string;
  timeoutMs: number;
  maxBodyBytes: number;
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

Options
  --upstream URL     the implementation (http or https), e.g. https://staging.example.org
  --port N           where to listen (default 4020; 0 picks a free port)
  --host H           interface to bind (default 127.0.0.1)
  --timeout-ms N     how long the upstream may take to answer in full (default 30000): then 504
  --max-body N       the largest answer passed on, in bytes (default 16777216): beyond, 502
  -h, --help         this text`;
}

/** Parses the proxy's command line; a bad value is a ProxyUsageError naming it. */
export function parseProxyArgs(argv: readonly string[]): ProxyArgs {
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
  return {
    upstream,
    port: int('port', values.port, 4020, 0, 65535),
    host: values.host ?? '127.0.0.1',
    timeoutMs: int('timeout-ms', values['timeout-ms'], 30_000, 1, 600_000),
    maxBodyBytes: int('max-body', values['max-body'], 16 * 1024 * 1024, 1, 1024 * 1024 * 1024),
    help,
  };
}

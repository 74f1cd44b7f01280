import { parseArgs } from 'node:util';
import { CLI_OPTIONS, keyOf, optionLines, parseArgsOptions } from './cliOptions.ts';
import { AREAS, type Area } from './ConformConfig.ts';
import { UsageError } from './UsageError.ts';

export interface CliArgs {
  baseUrl?: string;
  configFile?: string;
  token?: string;
  community?: string;
  appId?: string;
  appSecret?: string;
  userToken?: string;
  season?: string;
  otherCommunity?: string;
  otherGroupId?: string;
  otherAppId?: string;
  otherAppSecret?: string;
  only?: Area[];
  readOnly: boolean;
  strict: boolean;
  junit?: string;
  json?: string;
  seed?: number;
  html?: string;
  /** --markdown FILE: the summary for a CI job summary or a pull-request comment. */
  markdown?: string;
  /** --profile NAME, or a profile FILE.json. */
  profile?: string;
  /** --operations LIST: the operationIds the target claims to implement. */
  operations?: string[];
  waivers?: string;
  minCoverage?: number;
  /** The whole run's deadline in seconds (--timeout). */
  timeoutSeconds?: number;
  /** Each request's own deadline in seconds (--request-timeout). */
  requestTimeoutSeconds?: number;
  help: boolean;
  /** --version: print the suite's name and version. */
  version?: boolean;
  /** --header 'Name: value', repeatable: extra headers on every request. */
  headers?: Record<string, string>;
  /** Reports show secret values instead of $VARIABLES. */
  showSecrets?: boolean;
  /** Where to write the user token the suite's own OAuth login obtained. */
  saveToken?: string;
  /** A HAR file to replay against the target (the area `replay`), and the config it was recorded with. */
  replay?: string;
  recordedConfig?: string;
  /** --generate N: random cases per operation in the generative phase; --no-generate: no phase (false). */
  generate?: number | false;
  /** --replay-case ID: only that generated case, with the run's --seed. */
  replayCase?: string;
}

/** The help text, naming the command the user typed (`edu-conform` from the package). */
export function usage(command = 'npm run conform --'): string {
  return USAGE.replace('npm run conform --', command);
}

export const USAGE = `Usage: npm run conform -- --base-url URL [options]

Runs the conformance suite against an implementation of the education-platform API.

Options
${optionLines()}

Environment: CONFORM_BASE_URL, CONFORM_COMMUNITY, CONFORM_TOKEN, CONFORM_APP_ID, CONFORM_APP_SECRET,
CONFORM_USER_TOKEN, CONFORM_SEASON, CONFORM_CLIENT_SECRET (the OAuth client's secret). Secrets never appear in reports:
curl lines name the variable instead.

Exit codes: 0 conformant, 1 a rule is broken, 2 bad usage, unreachable target, nothing to test or a report not written,
3 incomplete (the deadline stopped the run before every step finished, and nothing failed).`;

/** Parses the command line (node:util parseArgs, strict: an unknown flag is a usage error). */
export function parseCliArgs(argv: string[]): CliArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: parseArgsOptions(),
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const values = parsed.values as Record<string, string | boolean | string[] | undefined>;
  // The custom options' values, typed as the table declares them (a string, --header a list, the rest booleans).
  const v = values as Record<string, string | undefined> & { header?: string[] };
  const on = (flag: string): boolean => values[flag] === true;
  const out: CliArgs = { readOnly: on('read-only'), strict: on('strict'), help: on('help') };
  // Each plain option from the table: a string kept as given, a boolean set when given.
  for (const option of CLI_OPTIONS.filter((o) => !o.custom)) {
    const value = values[option.flag];
    if (typeof value === 'string' || value === true) (out as unknown as Record<string, unknown>)[keyOf(option)] = value;
  }
  if (out.recordedConfig !== undefined && out.replay === undefined) throw new UsageError('--recorded-config goes with --replay FILE.har');
  if (v.only !== undefined) out.only = parseAreas(v.only);
  if (v.operations !== undefined) out.operations = parseOperations(v.operations);
  if (v.header !== undefined) out.headers = parseHeaders(v.header);
  if (v.seed !== undefined) {
    if (!/^\d{1,10}$/.test(v.seed) || Number(v.seed) > 0xffffffff)
      throw new UsageError(`--seed must be a whole number from 0 to ${0xffffffff}, got "${v.seed}"`);
    out.seed = Number(v.seed);
  }
  if (v.generate !== undefined) {
    if (!/^\d{1,4}$/.test(v.generate) || Number(v.generate) > 1000)
      throw new UsageError(`--generate takes a number of cases from 0 to 1000, got "${v.generate}"`);
    out.generate = Number(v.generate);
  }
  if (on('no-generate')) {
    if (v.generate !== undefined || v['replay-case'] !== undefined) throw new UsageError('--no-generate cannot go with --generate or --replay-case');
    out.generate = false;
  }
  if (v['replay-case'] !== undefined) {
    if (!/^[A-Za-z]+\/[cr]\d{1,6}$/.test(v['replay-case']))
      throw new UsageError(`--replay-case takes a case id such as listGroups/c12 or getUpdatedUsers/r3, got "${v['replay-case']}"`);
    if (v.seed === undefined) throw new UsageError('--replay-case needs the --seed of the run that found the case');
    out.replayCase = v['replay-case'];
  }
  if (v['min-coverage'] !== undefined) {
    const text = v['min-coverage'];
    const percent = Number(text.replace(/%$/, ''));
    if (!/^\d{1,3}(\.\d+)?%?$/.test(text) || percent > 100) throw new UsageError(`--min-coverage takes a percent from 0 to 100, got "${text}"`);
    out.minCoverage = percent;
  }
  if (v.timeout !== undefined) {
    if (!/^\d{1,6}$/.test(v.timeout) || Number(v.timeout) === 0) throw new UsageError(`--timeout takes a whole number of seconds above 0, got "${v.timeout}"`);
    out.timeoutSeconds = Number(v.timeout);
  }
  const requestTimeout = v['request-timeout'];
  if (requestTimeout !== undefined) {
    if (!/^\d{1,4}(\.\d{1,3})?$/.test(requestTimeout) || Number(requestTimeout) === 0)
      throw new UsageError(`--request-timeout takes a number of seconds above 0 (at most 9999), got "${requestTimeout}"`);
    out.requestTimeoutSeconds = Number(requestTimeout);
  }
  return out;
}

function parseAreas(text: string): Area[] {
  const names = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !(AREAS as readonly string[]).includes(n));
  if (unknown.length > 0 || names.length === 0) throw new UsageError(`--only takes ${AREAS.join(', ')} (comma-separated); got "${text}"`);
  return names as Area[];
}

/** --operations' list: operationIds (whether the profile holds them is the plan's to say, naming the known ones). */
export function parseOperations(text: string): string[] {
  const names = [
    ...new Set(
      text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (names.length === 0 || names.length > 100 || !names.every((n) => /^[A-Za-z][A-Za-z0-9_]{0,99}$/.test(n)))
    throw new UsageError(`--operations takes comma-separated operationIds such as listGroups,getGroup; got "${text.slice(0, 200)}"`);
  return names;
}

/** RFC 9110 §5.1: a header name is a token; the value must not break the line. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Parses repeated --header 'Name: value' flags; names are kept as given, a repeated name keeps the last. */
export function parseHeaders(values: readonly string[], what = '--header'): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of values) {
    const colon = raw.indexOf(':');
    const name = colon > 0 ? raw.slice(0, colon).trim() : '';
    const value = colon > 0 ? raw.slice(colon + 1).trim() : '';
    if (!TOKEN.test(name)) throw new UsageError(`${what} takes 'Name: value' with a valid header name; got "${raw}"`);
    if (/[\r\n\0]/.test(value)) throw new UsageError(`${what} ${name}: the value must not contain a line break`);
    for (const key of Object.keys(out)) if (key.toLowerCase() === name.toLowerCase()) delete out[key];
    out[name] = value;
  }
  return out;
}

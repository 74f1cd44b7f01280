import { parseArgs } from 'node:util';
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
  profile?: string;
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
  --base-url URL        the implementation (or CONFORM_BASE_URL)
  --config FILE         JSON config: community, token, appId, appSecret, pendingApproval, oauth, headers
                        (see fixtures/conform.mock.json); flags and environment override it
  --token T             bearer token for operations 2-8 (or CONFORM_TOKEN)
  --community ID        community of operations 2-8 (or CONFORM_COMMUNITY)
  --app-id ID           an app installed in the community (or CONFORM_APP_ID)
  --app-secret S        its data-action secret (or CONFORM_APP_SECRET)
  --user-token T        a user-info access token; skips the OAuth flow (or CONFORM_USER_TOKEN)
  --season S            season sent in data.season of every data-action call (or CONFORM_SEASON);
                        for a provider that answers per season only
  --other-community ID  a community the token is not for (config otherCommunity.community, or CONFORM_OTHER_COMMUNITY)
  --other-group-id ID   one of its groups (config otherCommunity.groupId, or CONFORM_OTHER_GROUP_ID)
  --other-app-id ID     an app not installed in the community (config otherApp.appId, or CONFORM_OTHER_APP_ID)
  --other-app-secret S  its own data-action secret (config otherApp.appSecret, or CONFORM_OTHER_APP_SECRET)
  --only AREAS          comma-separated: ${AREAS.join(', ')}
  --read-only           send no request that writes (no sync upload, installation update, approve)
  --strict              SHOULD rules (our own decisions) fail the run instead of warning
  --junit FILE          write a JUnit XML report
  --json FILE           write a JSON report
  --seed N              seed of the run's choices and generated names (printed at start)
  --html FILE           write a self-contained HTML report (verdict, certificate, coverage, each failure)
  --markdown FILE       write a markdown summary (verdict, failures with reproducers, coverage) for a CI job
                        summary or a pull-request comment
  --profile NAME        the test plan: platform (default, everything), data-action-provider (the two data
                        actions), read-only (no writes); --only narrows it further
  --waivers FILE        JSON list of {check, operation?, reason, expires: "YYYY-MM-DD"}: matching failures
                        are reported as waived and do not fail the run; an expired waiver fails it
  --min-coverage P      fail the run when under P percent of the profile's operations were covered
  --timeout SECONDS     the whole run's deadline (default 900): steps not started by then are skipped and named
                        (a run so stopped is incomplete, exit 3, unless something failed)
  --request-timeout SECONDS  each request's own deadline, headers and whole body (default 30): an answer not
                        complete by then fails response-received, and the run goes on
  --header 'Name: value'  an extra header on every request (repeatable; also "headers" in the config
                        file), e.g. a gateway's key or X-Mock-Session; the reproducers carry it
  --show-secrets        reproducers and reports show secret values instead of $CONFORM_* variables
  --save-token FILE     write the user token of the suite's own OAuth login to FILE (mode 600), so the
                        user-info reproducers can be replayed: export CONFORM_USER_TOKEN="$(cat FILE)"
  --replay FILE.har     replay a recorded frontend session (a HAR from GET /__mock/journal/har, DevTools or
                        Playwright's recordHar) against the target, judging each answer and the relations
                        the recording shows (the area "replay"; the certificate names the HAR's sha256);
                        an Arazzo 1.0.1 workflow (FILE.arazzo.yaml) is replayed the same way
  --recorded-config FILE  the config the recording was made with (format of --config; default
                        fixtures/conform.mock.json, the mock's seeded data): its values map to the target's
  --generate N          the generative phase (on by default, bounded): N random cases per operation
                        besides its coverage pass
  --no-generate         skip the generative phase
  --replay-case ID      re-run one generated case (e.g. listGroups/c12) with the run's --seed; the
                        failing case's report line names both
  -h, --help            this text
  --version             the suite's name and version

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
      options: {
        'base-url': { type: 'string' },
        config: { type: 'string' },
        token: { type: 'string' },
        community: { type: 'string' },
        'app-id': { type: 'string' },
        'app-secret': { type: 'string' },
        'user-token': { type: 'string' },
        season: { type: 'string' },
        'other-community': { type: 'string' },
        'other-group-id': { type: 'string' },
        'other-app-id': { type: 'string' },
        'other-app-secret': { type: 'string' },
        only: { type: 'string' },
        'read-only': { type: 'boolean', default: false },
        strict: { type: 'boolean', default: false },
        junit: { type: 'string' },
        json: { type: 'string' },
        seed: { type: 'string' },
        html: { type: 'string' },
        markdown: { type: 'string' },
        profile: { type: 'string' },
        waivers: { type: 'string' },
        'min-coverage': { type: 'string' },
        timeout: { type: 'string' },
        'request-timeout': { type: 'string' },
        header: { type: 'string', multiple: true },
        'show-secrets': { type: 'boolean', default: false },
        'save-token': { type: 'string' },
        replay: { type: 'string' },
        'recorded-config': { type: 'string' },
        generate: { type: 'string' },
        'no-generate': { type: 'boolean', default: false },
        'replay-case': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
        version: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const v = parsed.values;
  const out: CliArgs = { readOnly: v['read-only'] === true, strict: v.strict === true, help: v.help === true };
  const strings: Array<[keyof CliArgs, string | undefined]> = [
    ['baseUrl', v['base-url']],
    ['configFile', v.config],
    ['token', v.token],
    ['community', v.community],
    ['appId', v['app-id']],
    ['appSecret', v['app-secret']],
    ['userToken', v['user-token']],
    ['season', v.season],
    ['otherCommunity', v['other-community']],
    ['otherGroupId', v['other-group-id']],
    ['otherAppId', v['other-app-id']],
    ['otherAppSecret', v['other-app-secret']],
    ['junit', v.junit],
    ['json', v.json],
    ['html', v.html],
    ['markdown', v.markdown],
    ['profile', v.profile],
    ['waivers', v.waivers],
    ['replay', v.replay],
    ['recordedConfig', v['recorded-config']],
  ];
  for (const [key, value] of strings) if (value !== undefined) (out as unknown as Record<string, unknown>)[key] = value;
  if (out.recordedConfig !== undefined && out.replay === undefined) throw new UsageError('--recorded-config goes with --replay FILE.har');
  if (v.only !== undefined) out.only = parseAreas(v.only);
  if (v.header !== undefined) out.headers = parseHeaders(v.header);
  if (v['show-secrets'] === true) out.showSecrets = true;
  if (v.version === true) out.version = true;
  if (v['save-token'] !== undefined) out.saveToken = v['save-token'];
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
  if (v['no-generate'] === true) {
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

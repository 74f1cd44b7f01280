import { AREAS } from './ConformConfig.ts';
import { ENV } from './env.ts';

/**
 * One option of the suite, declared once: the parser (parseCliArgs), --help (usage) and the options' list in
 * conformance/README.md (checked by conformance/config/cliOptions.test.ts) are made from this table, and each
 * `api` name is a key of the programmatic API's ConformanceOptions (checked by its type, api/ConformanceOptions.ts).
 */
export interface CliOption {
  /** The flag without its dashes. */
  flag: string;
  type: 'string' | 'boolean';
  /** The value's placeholder in --help (`URL`, `FILE`, `N`). */
  value?: string;
  short?: string;
  multiple?: true;
  /** The environment variable read when the flag is absent. */
  env?: string;
  /** The default, as --help says it. */
  default?: string;
  /** The name in runConformance's options, when it has one there. */
  api?: string;
  /** Its key in CliArgs, when not the flag in camelCase. */
  key?: string;
  /** Its value needs more than a string (a number, a list, a check): parseCliArgs reads it itself. */
  custom?: true;
  /** --help's lines for it (the first beside the flag, the rest below). */
  help: readonly string[];
}

export const CLI_OPTIONS: readonly CliOption[] = [
  { flag: 'base-url', type: 'string', value: 'URL', env: ENV.baseUrl, api: 'baseUrl', help: ['the implementation (or CONFORM_BASE_URL)'] },
  {
    flag: 'config',
    type: 'string',
    value: 'FILE',
    api: 'configFile',
    key: 'configFile',
    help: [
      'JSON config: community, token, appId, appSecret, pendingApproval, oauth, headers',
      '(see fixtures/conform.mock.json); flags and environment override it',
    ],
  },
  { flag: 'token', type: 'string', value: 'T', env: ENV.token, help: ['bearer token for operations 2-8 (or CONFORM_TOKEN)'] },
  { flag: 'community', type: 'string', value: 'ID', env: ENV.community, help: ['community of operations 2-8 (or CONFORM_COMMUNITY)'] },
  { flag: 'app-id', type: 'string', value: 'ID', env: ENV.appId, help: ['an app installed in the community (or CONFORM_APP_ID)'] },
  { flag: 'app-secret', type: 'string', value: 'S', env: ENV.appSecret, help: ['its data-action secret (or CONFORM_APP_SECRET)'] },
  { flag: 'user-token', type: 'string', value: 'T', env: ENV.userToken, help: ['a user-info access token; skips the OAuth flow (or CONFORM_USER_TOKEN)'] },
  {
    flag: 'season',
    type: 'string',
    value: 'S',
    env: ENV.season,
    help: ['season sent in data.season of every data-action call (or CONFORM_SEASON);', 'for a provider that answers per season only'],
  },
  {
    flag: 'other-community',
    type: 'string',
    value: 'ID',
    env: ENV.otherCommunity,
    help: ['a community the token is not for (config otherCommunity.community, or CONFORM_OTHER_COMMUNITY)'],
  },
  {
    flag: 'other-group-id',
    type: 'string',
    value: 'ID',
    env: ENV.otherGroupId,
    help: ['one of its groups (config otherCommunity.groupId, or CONFORM_OTHER_GROUP_ID)'],
  },
  {
    flag: 'other-app-id',
    type: 'string',
    value: 'ID',
    env: ENV.otherAppId,
    help: ['an app not installed in the community (config otherApp.appId, or CONFORM_OTHER_APP_ID)'],
  },
  {
    flag: 'other-app-secret',
    type: 'string',
    value: 'S',
    env: ENV.otherAppSecret,
    help: ['its own data-action secret (config otherApp.appSecret, or CONFORM_OTHER_APP_SECRET)'],
  },
  { flag: 'only', type: 'string', custom: true, value: 'AREAS', api: 'areas', help: [`comma-separated: ${AREAS.join(', ')}`] },
  { flag: 'read-only', type: 'boolean', api: 'readOnly', help: ['send no request that writes (no sync upload, installation update, approve)'] },
  { flag: 'strict', type: 'boolean', api: 'strict', help: ['SHOULD rules (our own decisions) fail the run instead of warning'] },
  { flag: 'junit', type: 'string', value: 'FILE', help: ['write a JUnit XML report'] },
  { flag: 'json', type: 'string', value: 'FILE', help: ['write a JSON report'] },
  { flag: 'seed', type: 'string', custom: true, value: 'N', api: 'seed', help: ["seed of the run's choices and generated names (printed at start)"] },
  { flag: 'html', type: 'string', value: 'FILE', help: ['write a self-contained HTML report (verdict, certificate, coverage, each failure)'] },
  {
    flag: 'markdown',
    type: 'string',
    value: 'FILE',
    help: ['write a markdown summary (verdict, failures with reproducers, coverage) for a CI job', 'summary or a pull-request comment'],
  },
  {
    flag: 'profile',
    type: 'string',
    value: 'NAME|FILE.json',
    default: 'platform',
    api: 'profile',
    help: [
      'the test plan: platform (default, everything), data-action-provider (the two data',
      'actions), read-only (no writes); --only narrows it further. A FILE.json',
      '{"name", "operations": [...], "areas"?: [...]} narrows the platform to what it claims',
    ],
  },
  {
    flag: 'operations',
    type: 'string',
    custom: true,
    value: 'LIST',
    api: 'operations',
    help: [
      'comma-separated operationIds the target implements (e.g. listGroups,getGroup): only',
      'their areas run, coverage and --min-coverage count them, and a failure on another',
      'operation is reported apart without failing the run',
    ],
  },
  {
    flag: 'waivers',
    type: 'string',
    value: 'FILE',
    api: 'waivers',
    help: [
      'JSON list of {check, operation?, reason, expires: "YYYY-MM-DD"}: matching failures',
      'are reported as waived and do not fail the run; an expired waiver fails it',
    ],
  },
  {
    flag: 'min-coverage',
    type: 'string',
    custom: true,
    value: 'P',
    api: 'minCoverage',
    help: ["fail the run when under P percent of the profile's operations were covered"],
  },
  {
    flag: 'timeout',
    type: 'string',
    custom: true,
    value: 'SECONDS',
    default: '900',
    api: 'timeout',
    help: [
      "the whole run's deadline (default 900): steps not started by then are skipped and named",
      '(a run so stopped is incomplete, exit 3, unless something failed)',
    ],
  },
  {
    flag: 'request-timeout',
    type: 'string',
    custom: true,
    value: 'SECONDS',
    default: '30',
    api: 'requestTimeout',
    help: ["each request's own deadline, headers and whole body (default 30): an answer not", 'complete by then fails response-received, and the run goes on'],
  },
  {
    flag: 'header',
    type: 'string',
    custom: true,
    value: "'Name: value'",
    multiple: true,
    api: 'headers',
    help: [
      'an extra header on every request (repeatable; also "headers" in the config',
      "file), e.g. a gateway's key or X-Mock-Session; the reproducers carry it",
    ],
  },
  { flag: 'show-secrets', type: 'boolean', api: 'showSecrets', help: ['reproducers and reports show secret values instead of $CONFORM_* variables'] },
  {
    flag: 'save-token',
    type: 'string',
    value: 'FILE',
    help: [
      "write the user token of the suite's own OAuth login to FILE (mode 600), so the",
      'user-info reproducers can be replayed: export CONFORM_USER_TOKEN="$(cat FILE)"',
    ],
  },
  {
    flag: 'replay',
    type: 'string',
    value: 'FILE.har',
    api: 'replay',
    help: [
      'replay a recorded frontend session (a HAR from GET /__mock/journal/har, DevTools or',
      "Playwright's recordHar) against the target, judging each answer and the relations",
      'the recording shows (the area "replay"; the certificate names the HAR\'s sha256);',
      'an Arazzo 1.0.1 workflow (FILE.arazzo.yaml) is replayed the same way',
    ],
  },
  {
    flag: 'recorded-config',
    type: 'string',
    value: 'FILE',
    api: 'replay',
    help: [
      'the config the recording was made with (format of --config; default',
      "fixtures/conform.mock.json, the mock's seeded data): its values map to the target's",
    ],
  },
  {
    flag: 'generate',
    type: 'string',
    custom: true,
    value: 'N',
    default: '25',
    api: 'generate',
    help: ['the generative phase (on by default, bounded): N random cases per operation', 'besides its coverage pass'],
  },
  { flag: 'no-generate', type: 'boolean', custom: true, api: 'generate', help: ['skip the generative phase'] },
  {
    flag: 'replay-case',
    type: 'string',
    custom: true,
    value: 'ID',
    api: 'replayCase',
    help: ["re-run one generated case (e.g. listGroups/c12) with the run's --seed; the", "failing case's report line names both"],
  },
  { flag: 'help', type: 'boolean', short: 'h', help: ['this text'] },
  { flag: 'version', type: 'boolean', help: ["the suite's name and version"] },
];

/** The column --help's descriptions start at. */
const COLUMN = 24;

/** --help's option lines, from the table. */
export function optionLines(): string {
  return CLI_OPTIONS.map((o) => {
    const name = `${o.short ? `-${o.short}, ` : ''}--${o.flag}${o.value ? ` ${o.value}` : ''}`;
    const [first, ...rest] = o.help;
    const head = `  ${name}`;
    return [`${head.length < COLUMN - 1 ? head.padEnd(COLUMN - 1) : `${head} `} ${first}`, ...rest.map((line) => `${' '.repeat(COLUMN)}${line}`)].join('\n');
  }).join('\n');
}

/** An option's key in CliArgs. */
export function keyOf(option: CliOption): string {
  return option.key ?? option.flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** node:util parseArgs' options, from the table. */
export function parseArgsOptions(): Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean; default?: boolean }> {
  return Object.fromEntries(
    CLI_OPTIONS.map((o) => [
      o.flag,
      { type: o.type, ...(o.short ? { short: o.short } : {}), ...(o.multiple ? { multiple: true } : {}), ...(o.type === 'boolean' ? { default: false } : {}) },
    ]),
  );
}

/** The options' table of conformance/README.md (between its `options:start` and `options:end` markers), from this one. */
export function optionsMarkdown(): string {
  const cell = (text: string): string => text.replace(/\|/g, '\\|');
  const code = (text: string | undefined): string => (text ? `\`${text}\`` : '');
  return [
    '| flag | API option | environment | default | what it does |',
    '|---|---|---|---|---|',
    ...CLI_OPTIONS.map(
      (o) =>
        `| ${code(`${o.short ? `-${o.short}, ` : ''}--${o.flag}${o.value ? ` ${o.value}` : ''}`)} | ${code(o.api)} | ${code(o.env)} | ${o.default ?? ''} | ${cell(o.help.join(' '))} |`,
    ),
  ].join('\n');
}

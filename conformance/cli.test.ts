import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, type CliIo } from './cli.ts';
import { startMockTarget, type MockTarget } from './testing/startMockTarget.ts';
import { startServer } from './testing/startServer.ts';
import { type HealthyAndBroken, startHealthyAndBroken } from './testing/startHealthyAndBroken.ts';

interface Run {
  code: number;
  out: string[];
  err: string[];
  files: Map<string, string>;
  secrets: Map<string, string>;
}

async function run(argv: string[], env: Record<string, string> = {}): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const files = new Map<string, string>();
  const secrets = new Map<string, string>();
  const io: CliIo = {
    writeSecret: (path, text) => secrets.set(path, text),
    env,
    stdout: (line) => out.push(...line.split('\n')),
    stderr: (line) => err.push(line),
    writeFile: (path, text) => files.set(path, text),
    now: () => new Date('2026-03-02T09:00:00.000Z'),
    defaultSeed: () => 4242,
  };
  return { code: await main(argv, io), out, err, files, secrets };
}

describe('conform CLI', () => {
  let healthy: MockTarget;
  let broken: MockTarget;
  let configFile: string;
  let targets: HealthyAndBroken;
  beforeAll(async () => {
    targets = await startHealthyAndBroken('conform-cli-');
    ({ healthy, broken, configFile } = targets);
  });
  afterAll(() => targets.close());

  it('exits 0 against the mock, prints the seed first and the summary line last', async () => {
    const { code, out } = await run(['--base-url', healthy.url, '--config', configFile, '--strict', '--seed', '7']);
    expect(code).toBe(0);
    expect(out).toContain('Seed: 7 (reproduce with --seed 7)');
    expect(out.filter((l) => l.startsWith('▶ '))).toHaveLength(8);
    expect(out.at(-1)).toMatch(/^\d+ passed, 0 failed$/);
  });

  it('prints a seed of its own when none is given', async () => {
    const { out } = await run(['--base-url', healthy.url, '--config', configFile, '--only', 'auth']);
    expect(out).toContain('Seed: 4242 (reproduce with --seed 4242)');
  });

  it('exits 1 on a broken rule and reports it by operation with path, expected, actual and curl, secrets masked', async () => {
    const { code, out } = await run(['--base-url', broken.url, '--config', configFile, '--only', 'groups', '--seed', '7']);
    const text = out.join('\n');
    expect(code).toBe(1);
    expect(text).toMatch(/^listGroups {2}GET \/v1\/groups$/m);
    expect(text).toMatch(/✗ \[MUST\] filter-matches: \d+ of \d+ items, e.g. item \d+ \(.*\) does not match name=/);
    expect(text).toMatch(/at: +response\[\d+\]/);
    expect(text).toMatch(/expected: +"name=/);
    expect(text).toMatch(/reproduce: curl -sS -i '.*\/v1\/groups\?name=.*' .*-H 'authorization: Bearer '"\$CONFORM_TOKEN"/);
    expect(text).not.toContain(healthy.config.token as string);
    expect(out.at(-1)).toMatch(/^\d+ passed, [1-9]\d* failed, \d+ warnings?$/);
  });

  it('reports SHOULD failures as warnings (exit 0) and fails them under --strict', async () => {
    // The direction of the default order is our decision, not the description's: newest first is a SHOULD failure.
    const reversed = await startMockTarget({ faults: ['list-newest-first'] });
    try {
      const args = [
        '--base-url',
        reversed.url,
        '--token',
        healthy.config.token as string,
        '--community',
        healthy.config.community as string,
        '--only',
        'groups',
        '--seed',
        '7',
      ];
      const lenient = await run(args);
      expect(lenient.code).toBe(0);
      expect(lenient.out.join('\n')).toMatch(
        /Warnings \(SHOULD[^\n]*\n\nlistGroups {2}GET \/v1\/groups\n {2}✗ \[SHOULD\] default-order: groups come newest first/,
      );
      // Without otherCommunity in the config, the cross-community step is skipped (with its reason).
      expect(lenient.out.at(-1)).toMatch(/^\d+ passed, 0 failed, (1 skipped, )?\d+ warnings?$/);
      const strict = await run([...args, '--strict']);
      expect(strict.code).toBe(1);
      expect(strict.out.join('\n')).not.toContain('Warnings (SHOULD');
      expect(strict.out.at(-1)).toMatch(/^\d+ passed, [1-9]\d* failed(, 1 skipped)?$/);
    } finally {
      await reversed.close();
    }
  });

  it('writes JUnit and JSON reports with secrets masked', async () => {
    const { files } = await run([
      '--base-url',
      broken.url,
      '--config',
      configFile,
      '--only',
      'groups,data-actions',
      '--seed',
      '7',
      '--junit',
      'out/junit.xml',
      '--json',
      'out/report.json',
    ]);
    const junit = files.get('out/junit.xml') as string;
    const json = JSON.parse(files.get('out/report.json') as string);
    expect(junit).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="conformance" tests="\d+" failures="[1-9]\d*"/);
    expect(junit).toContain('<testsuite name="groups"');
    expect(junit).toContain('<failure type="filter-matches"');
    expect(json).toMatchObject({ seed: 7, conformant: false, areas: ['groups', 'data-actions'] });
    expect(
      json.cases.some((c: { failures: Array<{ check: string; exchange: { curl: string } }> }) =>
        c.failures.some((f) => f.check === 'filter-matches' && f.exchange.curl.includes('$CONFORM_TOKEN')),
      ),
    ).toBe(true);
    for (const secret of [healthy.config.token, healthy.config.appSecret] as string[]) {
      expect(junit).not.toContain(secret);
      expect(files.get('out/report.json')).not.toContain(secret);
    }
  });

  it('runs --only data-actions with no bearer token, secrets from the environment', async () => {
    const { code, out } = await run(['--base-url', healthy.url, '--only', 'data-actions', '--community', healthy.config.community as string], {
      CONFORM_APP_SECRET: healthy.config.appSecret as string,
    });
    expect(code).toBe(0);
    // Without another community to ask for, the two probes of a foreign community say why they did not run, and
    // without another app the two probes of its secret.
    expect(out.join('\n').match(/no otherCommunity in the config/g)).toHaveLength(2);
    expect(out.join('\n').match(/no otherApp in the config/g)).toHaveLength(2);
    expect(out.at(-1)).toMatch(/^\d+ passed, 0 failed, 4 skipped$/);
  });

  it("sends --header on every request; the reproducers carry it after a setup line that names each variable's origin", async () => {
    const { code, out } = await run(['--base-url', broken.url, '--config', configFile, '--only', 'groups', '--seed', '7', '--header', 'X-Conform-Run: r7']);
    const text = out.join('\n');
    expect(code).toBe(1);
    const reproducers = out.filter((l) => l.trim().startsWith('reproduce:'));
    expect(reproducers.length).toBeGreaterThan(0);
    for (const line of reproducers) expect(line).toContain(`-H 'x-conform-run: r7'`);
    expect(text).toContain(
      `export CONFORM_TOKEN="$(node -p 'require(process.argv[1]).token' '${configFile}')"  # CONFORM_TOKEN: config key "token" of ${configFile}`,
    );
  });

  it('--show-secrets inlines the values; no setup line is needed', async () => {
    const { out } = await run(['--base-url', broken.url, '--config', configFile, '--only', 'groups', '--seed', '7', '--show-secrets']);
    const text = out.join('\n');
    expect(text).toContain(`-H 'authorization: Bearer ${healthy.config.token as string}'`);
    expect(text).not.toContain('$CONFORM_TOKEN');
    expect(text).not.toContain('export CONFORM_TOKEN');
  });

  it("--save-token writes the user token of the suite's own login, which then replays user-info", async () => {
    const { code, out, secrets } = await run([
      '--base-url',
      healthy.url,
      '--config',
      configFile,
      '--only',
      'user-info',
      '--seed',
      '7',
      '--save-token',
      'out/user-token.txt',
    ]);
    expect(code).toBe(0);
    const token = (secrets.get('out/user-token.txt') ?? '').trim();
    expect(token.length).toBeGreaterThan(10);
    expect(out.join('\n')).toContain('export CONFORM_USER_TOKEN="$(cat out/user-token.txt)"');
    const replay = await fetch(`${healthy.url}/v1/oauth/user/info`, { headers: { authorization: `Bearer ${token}` } });
    expect(replay.status).toBe(200);
  });

  it('says "is the base URL right?" when most requests were 404', async () => {
    const { out } = await run(['--base-url', `${healthy.url}/wrong/prefix`, '--config', configFile, '--only', 'auth,groups', '--seed', '7']);
    expect(out.join('\n')).toMatch(/requests were answered 404: is the base URL right\?/);
  });

  it.each([
    ['no base URL', [], /no base URL/],
    ['an unknown flag', ['--base-url', 'http://127.0.0.1:9', '--verbose'], /verbose/],
    ['an unknown area', ['--base-url', 'http://127.0.0.1:9', '--only', 'widgets'], /--only takes/],
    ['a missing config file', ['--base-url', 'http://127.0.0.1:9', '--config', '/nonexistent/conform.json'], /cannot read the config file/],
  ])('exits 2 on bad usage: %s', async (_name, argv, message) => {
    const { code, err } = await run(argv);
    expect(code).toBe(2);
    expect(err.join('\n')).toMatch(message);
  });

  it('exits 2 when the target is unreachable, saying so', async () => {
    const gone = await startServer((_req, res) => res.end());
    await gone.close();
    const { code, err } = await run(['--base-url', gone.url]);
    expect(code).toBe(2);
    expect(err.join('\n')).toMatch(/unreachable: .*ECONNREFUSED/);
  });

  it('exits 2 when every selected area lacks its configuration', async () => {
    const { code, out, err } = await run(['--base-url', healthy.url, '--only', 'groups,sync']);
    expect(code).toBe(2);
    expect(err.join('\n')).toMatch(/nothing was tested/);
    expect(out.at(-1)).toBe('0 passed, 0 failed, 2 skipped');
  });

  it('prints the usage with --help', async () => {
    const { code, out } = await run(['--help']);
    expect(code).toBe(0);
    expect(out.join('\n')).toContain('CONFORM_APP_SECRET');
  });
});

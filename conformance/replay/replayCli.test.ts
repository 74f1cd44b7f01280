import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../cli.ts';
import { startTestTarget, type TestTarget } from '../testing/target/startTestTarget.ts';
import { recordMockSession } from './testing/recordMockSession.ts';

describe('npm run conform -- --replay', () => {
  let dir: string;
  let target: TestTarget;
  let har: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'conform-replay-'));
    const session = await recordMockSession();
    har = session.har;
    writeFileSync(join(dir, 'session.har'), har);
    writeFileSync(join(dir, 'recorded.json'), JSON.stringify(session.config));
    target = await startTestTarget();
    writeFileSync(join(dir, 'target.json'), JSON.stringify(target.config));
  }, 60_000);
  afterAll(async () => {
    await target.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const run = async (argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const files = new Map<string, string>();
    const code = await main(argv, {
      env: {},
      stdout: (l) => out.push(l),
      stderr: (l) => err.push(l),
      writeFile: (p, t) => files.set(p, t),
      now: () => new Date('2026-03-02T09:00:00.000Z'),
      defaultSeed: () => 7,
    });
    return { code, out: out.join('\n'), err: err.join('\n'), files };
  };

  /** The replay of the recorded session against the target, as the README's command line gives it. */
  const replayOf = () => [
    '--base-url',
    target.url,
    '--config',
    join(dir, 'target.json'),
    '--replay',
    join(dir, 'session.har'),
    '--recorded-config',
    join(dir, 'recorded.json'),
  ];

  it('replays the HAR in the area replay, and the certificate names the HAR by its sha256', { timeout: 60_000 }, async () => {
    const { code, out, files } = await run([...replayOf(), '--json', 'r.json', '--junit', 'r.xml']);
    expect(code, out).toBe(0);
    expect(out).toContain('replay: Replay of session.har (16 API calls; left out: 2 OAuth page or token request)');
    expect(out).toMatch(/replay-keys-kept: .* is missing: the frontend received this key from the mock/);
    const report = JSON.parse(files.get('r.json') as string) as {
      certificate: { profile: string; areas: string[]; replay: { har: string; sha256: string; calls: number } };
    };
    expect(report.certificate).toMatchObject({
      profile: 'replay',
      areas: ['replay'],
      replay: { har: 'session.har', sha256: createHash('sha256').update(har).digest('hex'), calls: 16 },
    });
    expect(files.get('r.xml')).toContain('replay');
    expect(out).toContain(`Replayed session.har (sha256 ${report.certificate.replay.sha256}): 16 API calls; left out: 2 OAuth page or token request`);
    const { files: html } = await run([...replayOf(), '--html', 'r.html']);
    expect(html.get('r.html')).toContain(report.certificate.replay.sha256);
  });

  it('takes a waiver of a replay check: the keys the mock answered, accepted for a while', { timeout: 60_000 }, async () => {
    const waivers = join(dir, 'waivers.json');
    writeFileSync(waivers, JSON.stringify([{ check: 'replay-keys-kept', reason: 'the target sends no syncedAt yet', expires: '2099-01-01' }]));
    const { code, out, files } = await run([...replayOf(), '--waivers', waivers, '--json', 'w.json']);
    expect(code, out).toBe(0);
    const report = JSON.parse(files.get('w.json') as string) as { cases: Array<{ warnings?: Array<{ check: string }>; waived?: Array<{ check: string }> }> };
    const checks = (key: 'warnings' | 'waived') => report.cases.flatMap((c) => (c[key] ?? []).map((f) => f.check));
    expect(checks('waived')).toContain('replay-keys-kept');
    expect(checks('warnings')).not.toContain('replay-keys-kept');
  });

  it.each([
    ['a HAR that cannot be read', ['--replay', 'nowhere.har'], /--replay: cannot read nowhere.har/],
    ['--recorded-config without --replay', ['--recorded-config', 'x.json'], /--recorded-config goes with --replay/],
  ])('is a usage error: %s', async (_name, flags, message) => {
    const { code, err } = await run(['--base-url', target.url, ...flags]);
    expect(code).toBe(2);
    expect(err).toMatch(message);
  });
});

/**
 * What a target cannot do to the run itself: a 200 MB answer is a failure in a written report (not a crash
 * with exit 2 and no report), and one report that cannot be written leaves the others written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, type CliIo } from './cli.ts';
import { startServer, type RunningServer } from './testing/startServer.ts';
import { suiteBudget } from './testing/suiteBudget.ts';

const MB = 1024 * 1024;

function io(files: Map<string, string>, err: string[], failing?: string): CliIo {
  return {
    env: {},
    stdout: () => undefined,
    stderr: (line) => err.push(line),
    writeFile: (path, text) => {
      if (path === failing) throw new Error(`EACCES: permission denied, open '${path}'`);
      files.set(path, text);
    },
    now: () => new Date('2026-03-02T09:00:00.000Z'),
    defaultSeed: () => 7,
  };
}

describe('a run a target cannot break', { timeout: suiteBudget(1) }, () => {
  let huge: RunningServer;
  beforeAll(async () => {
    // Every answer is 200 MB of JSON text, streamed; the stream ends when the suite stops reading.
    huge = await startServer((req, res) => {
      const chunk = Buffer.alloc(MB, 'a');
      res.writeHead(200, { 'content-type': 'application/json' });
      let left = 200;
      res.on('close', () => (left = 0));
      const pump = (): void => {
        while (left-- > 0) if (!res.write(chunk)) return void res.once('drain', pump);
        res.end();
      };
      pump();
    });
  });
  afterAll(() => huge.close());

  const argv = (): string[] => ['--base-url', huge.url, '--token', 'tok-abcdef', '--community', 'c1', '--only', 'groups', '--seed', '7'];

  it('a 200 MB answer fails its step and every report is written', async () => {
    const files = new Map<string, string>();
    const err: string[] = [];
    const code = await main([...argv(), '--json', 'r.json', '--junit', 'r.xml', '--html', 'r.html'], io(files, err));
    expect(err).toEqual([]);
    expect(code).toBe(1);
    expect([...files.keys()].sort()).toEqual(['r.html', 'r.json', 'r.xml']);
    expect(files.get('r.json')).toMatch(/over the suite's body cap of 10485760 bytes/);
    for (const text of files.values()) expect(text.length).toBeLessThan(2 * MB);
  });

  it('a report that cannot be written leaves the others written, and the exit code says so', async () => {
    const files = new Map<string, string>();
    const err: string[] = [];
    const code = await main([...argv(), '--json', 'r.json', '--junit', '/ro/r.xml', '--html', 'r.html'], io(files, err, '/ro/r.xml'));
    expect(code).toBe(2);
    expect(err.join('\n')).toMatch(/--junit \/ro\/r\.xml not written: EACCES/);
    expect([...files.keys()].sort()).toEqual(['r.html', 'r.json']);
  });

  it('a target that drips its answers costs each request its own deadline (--request-timeout), not the run', async () => {
    // Every answer: headers at once, then a byte every 50 ms, forever.
    const drip = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const timer = setInterval(() => res.write(' '), 50);
      res.on('close', () => clearInterval(timer));
    });
    try {
      const files = new Map<string, string>();
      const err: string[] = [];
      const code = await main(
        [
          '--base-url',
          drip.url,
          '--token',
          'tok-abcdef',
          '--community',
          'c1',
          '--only',
          'groups',
          '--seed',
          '7',
          '--request-timeout',
          '0.2',
          '--json',
          'r.json',
        ],
        io(files, err),
      );
      expect(err).toEqual([]);
      expect(code).toBe(1);
      const report = JSON.parse(files.get('r.json') as string) as {
        cases: Array<{ status: string; skipReason?: string; failures: Array<{ check: string; message: string }> }>;
      };
      const failures = report.cases.flatMap((c) => c.failures);
      // No step was cut by the run's deadline (--timeout, 900 s): each request ended on its own deadline.
      expect(report.cases.filter((c) => /--timeout/.test(c.skipReason ?? ''))).toEqual([]);
      expect(report.cases.filter((c) => c.status === 'failed').length).toBeGreaterThan(0);
      expect(failures.find((f) => f.check === 'response-received')?.message).toBe(
        "no HTTP response: timed out: no complete answer within the request's deadline of 0.2 s (--request-timeout)",
      );
    } finally {
      await drip.close();
    }
  });
});

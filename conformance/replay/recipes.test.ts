/**
 * docs/replay-and-proxy.md, executed: each ```sh recipe=NAME block is run here, its hosts, ports and files
 * replaced by this test's own (the mock, an independent implementation, a temporary folder).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProxyServer } from '../../mock/proxy/createProxyServer.ts';
import { parseProxyArgs } from '../../mock/proxy/parseProxyArgs.ts';
import { loadContract } from '../../spec/contract.ts';
import { main } from '../cli.ts';
import { startMockTarget, type MockTarget } from '../testing/startMockTarget.ts';
import { startTestTarget, type TestTarget } from '../testing/target/startTestTarget.ts';

const doc = readFileSync(new URL('../../docs/replay-and-proxy.md', import.meta.url), 'utf8');
const recipe = (name: string): string => {
  const block = new RegExp('```sh recipe=' + name + '\\n([\\s\\S]*?)```').exec(doc)?.[1];
  if (!block) throw new Error(`docs/replay-and-proxy.md has no recipe ${name}`);
  return block.trim();
};
/** Words of a one-line command, '…' quoting as the shell's. */
const words = (line: string): string[] => [...line.matchAll(/'([^']*)'|(\S+)/g)].map((m) => (m[1] ?? m[2]) as string);

describe('docs/replay-and-proxy.md', () => {
  let dir: string;
  let mock: MockTarget;
  let broken: MockTarget;
  let impl: TestTarget;
  const servers: Server[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'recipes-'));
    mock = await startMockTarget();
    broken = await startMockTarget({ faults: ['group-active-as-string'] });
    impl = await startTestTarget();
  }, 60_000);
  afterAll(async () => {
    for (const s of servers) s.close();
    await Promise.all([mock.close(), broken.close(), impl.close()]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('records a session on the mock and replays it against the implementation', { timeout: 60_000 }, async () => {
    // The frontend, in the session "alice".
    const headers = { authorization: `Bearer ${mock.config.token}`, 'community-id': mock.config.community as string, 'x-mock-session': 'alice' };
    const groups = (await (await fetch(`${mock.url}/v1/groups?limit=3`, { headers })).json()) as Array<{ _id: string }>;
    await fetch(`${mock.url}/v1/groups/${groups[1]!._id}`, { headers });
    await fetch(`${mock.url}/v1/groups/search?q=Ano`, { headers });

    const record = words(recipe('record'));
    expect(record.slice(0, 3)).toEqual(['curl', '-s', '-o']);
    const har = await (await fetch((record[4] as string).replace('http://localhost:4010', mock.url))).text();
    writeFileSync(join(dir, record[3] as string), har);
    expect((JSON.parse(har) as { log: { entries: unknown[] } }).log.entries).toHaveLength(3);

    const replay = words(recipe('replay'));
    expect(replay.slice(0, 4)).toEqual(['npm', 'run', 'conform', '--']);
    writeFileSync(join(dir, 'impl.json'), JSON.stringify(impl.config));
    const argv = replay.slice(4).map((w) => (w === 'https://impl.example.org' ? impl.url : /\.(json|har)$/.test(w) ? join(dir, w) : w));
    const files = new Map<string, string>();
    const out: string[] = [];
    const code = await main(argv, {
      env: {},
      stdout: (l) => out.push(l),
      stderr: (l) => out.push(l),
      writeFile: (p, t) => files.set(p, t),
      now: () => new Date('2026-03-02T09:00:00.000Z'),
      defaultSeed: () => 7,
    });
    expect(code, out.join('\n')).toBe(0);
    expect(files.get('replay.xml')).toContain('<testsuite');
    expect(JSON.parse(files.get(join(dir, 'replay.json')) as string)).toMatchObject({
      certificate: { areas: ['replay'], replay: { har: 'session.har', calls: 3 } },
    });
  });

  it('puts the proxy in front of a deployment: silent for a correct one, flagging a broken one', { timeout: 30_000 }, async () => {
    const proxyWords = words(recipe('proxy'));
    expect(proxyWords.slice(0, 4)).toEqual(['npm', 'run', 'proxy', '--']);
    const check = words(recipe('proxy-check'));
    const violationsVia = async (upstream: string): Promise<string | null> => {
      const args = parseProxyArgs(proxyWords.slice(4).map((w) => (w === 'https://staging.example.org' ? upstream : w === '4020' ? '0' : w)));
      const { server } = createProxyServer({ upstream: args.upstream, contract: loadContract(), timeoutMs: args.timeoutMs, maxBodyBytes: args.maxBodyBytes });
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(args.port, args.host, resolve));
      const proxy = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const headers: Record<string, string> = {};
      check.forEach((w, i) => {
        if (check[i - 1] !== '-H') return;
        const [name, value] = w.split(': ') as [string, string];
        headers[name] = value.replace('TOKEN', mock.config.token as string).replace('COMMUNITY', mock.config.community as string);
      });
      const answer = await fetch((check.at(-1) as string).replace('http://localhost:4020', proxy), { headers });
      expect(answer.status).toBe(200);
      return answer.headers.get('x-contract-violations');
    };
    expect(await violationsVia(mock.url)).toBeNull();
    expect(await violationsVia(broken.url)).toMatch(/response-schema/);
  });
});

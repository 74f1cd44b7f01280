/**
 * The recipes of README.md and docs/*.md, run as written:
 * - every ```sh block that calls curl, against a mock this test starts on a free port (the documented
 *   http://localhost:4010 and the sandbox URL rewritten to it), in document order, in a folder where the
 *   repository's fixtures/ is at hand: every curl must exit 0 on an answer below 400 (curl --fail-with-body),
 *   and every exchange the block made must be journaled 2xx (or the authorize endpoint's 302 redirect);
 * - the Vite proxy recipe of docs/sessions.md: its vite.config.ts, target rewritten, served by a real Vite dev
 *   server, forwards /api/… to the mock in the developer's session;
 * - the Cypress recipe: its support file, loaded with stand-ins for Cypress' globals (Cypress itself needs a
 *   binary download), resets the spec's session and adds the header to every request to the mock.
 * Blocks that are not curl calls (npm install, npm run conform, bench) are covered by the package, CLI and
 * bench tests; the Playwright recipe by its own browser test.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { userInfo, tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type MockHarness } from '../mock/testing/startMock.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const DOCUMENTED = ['http://localhost:4010', 'https://sandbox.example.com'];

interface Block {
  file: string;
  line: number;
  lang: string;
  text: string;
}

function blocksOf(file: string): Block[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const out: Block[] = [];
  const re = /^```(\w*)[^\n]*\n([\s\S]*?)^```/gm;
  for (const m of text.matchAll(re)) out.push({ file, line: text.slice(0, m.index).split('\n').length, lang: m[1] ?? '', text: m[2] ?? '' });
  return out;
}

/** A block's commands, continuation lines joined; commands that are not curl calls or assignments are left out. */
function curlCommands(block: Block): string[] {
  const joined = block.text.replace(/\\\n\s*/g, ' ').split('\n');
  return joined.filter((line) => /^\s*(curl\s|[A-Z_]+=)/.test(line));
}

const sh = (script: string, cwd: string): Promise<{ code: number; stdout: string; stderr: string }> =>
  new Promise((resolve) => {
    execFile('bash', ['-c', script], { cwd, timeout: 60_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });

let mock: MockHarness;
let dir: string;
const rewrite = (text: string): string => DOCUMENTED.reduce((t, url) => t.split(url).join(mock.baseUrl), text);

beforeAll(async () => {
  mock = await startMock();
  dir = mkdtempSync(join(tmpdir(), 'recipes-'));
  symlinkSync(join(ROOT, 'fixtures'), join(dir, 'fixtures'));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
}, 60_000);
afterAll(async () => {
  await mock?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the curl recipes of README.md, docs/mock.md, docs/oauth.md and docs/sessions.md, as written', () => {
  const blocks = ['README.md', 'docs/mock.md', 'docs/oauth.md', 'docs/sessions.md']
    .flatMap(blocksOf)
    .filter((b) => b.lang === 'sh' && /^\s*curl\s/m.test(b.text));
  // Variables a later block uses (T, C, BASE, USER_ID) come from the blocks before it, as a reader's shell keeps them.
  const assignments: string[] = [];

  it('finds the blocks', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(8);
  });

  for (const block of blocks) {
    it(`${block.file}:${block.line}`, async () => {
      const commands = curlCommands(block).map(rewrite);
      const since = Math.max(
        0,
        ...mock.sessions.names().flatMap(
          (n) =>
            mock.sessions
              .find(n)
              ?.journal.list()
              .map((e) => e.seq) ?? [],
        ),
      );
      const script = ['set -eo pipefail', 'curl() { command curl --fail-with-body --max-time 20 "$@"; }', ...assignments, ...commands].join('\n');
      const result = await sh(script, dir);
      expect(result.code, `${result.stderr}\n${result.stdout.slice(0, 2000)}`).toBe(0);
      for (const name of mock.sessions.names()) {
        for (const entry of mock.sessions.find(name)?.journal.list({ since: name === 'default' ? since : 0 }) ?? []) {
          const redirect = entry.status === 302 && entry.path === '/oauth/authorize';
          expect(redirect || (entry.status >= 200 && entry.status < 300), `${entry.method} ${entry.url} → ${entry.status}`).toBe(true);
        }
      }
      assignments.push(...commands.filter((c) => /^[A-Z_]+=/.test(c) && !c.includes('$(')));
    }, 60_000);
  }
});

describe('docs/sessions.md: the Vite proxy recipe', () => {
  it("forwards /api/… to the mock in the developer's own session", async () => {
    const block = blocksOf('docs/sessions.md').find((b) => b.text.includes('vite.config.ts'));
    expect(block).toBeDefined();
    const root = join(dir, 'vite-app');
    mkdirSync(root, { recursive: true });
    writeFileSync(join(root, 'vite.config.ts'), rewrite((block as Block).text));
    symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'));
    const { createServer } = await import('vite');
    const server = await createServer({
      root,
      configFile: join(root, 'vite.config.ts'),
      logLevel: 'silent',
      server: { port: 0, host: '127.0.0.1', strictPort: false },
    });
    await server.listen();
    try {
      const address = server.httpServer?.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const community = mock.deps.store.communities()[0]!.id;
      const res = await fetch(`http://127.0.0.1:${port}/api/v1/groups?limit=1`, {
        headers: { authorization: 'Bearer dev-colegio-horizonte-coordenator', 'community-id': community },
      });
      expect(res.status).toBe(200);
      const session = `dev-${userInfo().username}`;
      expect(mock.sessions.find(session)?.journal.list({ path: '/v1/groups' })).toHaveLength(1);
    } finally {
      await server.close();
    }
  }, 60_000);
});

describe('docs/sessions.md: the Cypress recipe', () => {
  it("resets the spec's session before each test and sends its header on every request to the mock", async () => {
    const block = blocksOf('docs/sessions.md').find((b) => b.text.includes('cypress/support/e2e.js'));
    expect(block).toBeDefined();
    const hooks: Array<() => void> = [];
    const requests: Array<{ method: string; url: string; headers: Record<string, string> }> = [];
    const intercepts: Array<{ pattern: string; handler: (req: { headers: Record<string, string> }) => void }> = [];
    runInNewContext(rewrite((block as Block).text), {
      Cypress: { spec: { name: 'groups.cy.ts' } },
      beforeEach: (fn: () => void) => hooks.push(fn),
      cy: {
        request: (options: { method: string; url: string; headers: Record<string, string> }) => requests.push(options),
        intercept: (pattern: string, handler: (req: { headers: Record<string, string> }) => void) => intercepts.push({ pattern, handler }),
      },
    });
    expect(hooks).toHaveLength(1);
    (hooks[0] as () => void)();
    const session = 'cy-groups.cy.ts';
    expect(requests).toEqual([{ method: 'POST', url: `${mock.baseUrl}/__mock/reset`, headers: { 'X-Mock-Session': session } }]);
    // What cy.request would send, sent to the mock: the session is reset (and so created).
    const [reset] = requests;
    const res = await fetch(reset!.url, { method: reset!.method, headers: reset!.headers });
    expect(res.status).toBe(204);
    expect(mock.sessions.names()).toContain(session);
    expect(intercepts.map((i) => i.pattern)).toEqual([`${mock.baseUrl}/**`]);
    const req = { headers: {} as Record<string, string> };
    intercepts[0]!.handler(req);
    expect(req.headers).toEqual({ 'X-Mock-Session': session });
  });
});

/**
 * npm run bench:inprocess: the CPU per request of the mock in the user's own process, beside the stateless
 * MSW handlers a frontend team would otherwise generate, for the same requests in the same run:
 *   - `mock.fetch(new Request(…))` (createMock: the whole lifecycle, validation, sessions and journal);
 *   - the MSW mount: `setupServer(...mockHandlers(mock, { baseUrl }))`, the code under test calling `fetch`;
 *   - `@mswjs/source`'s `fromOpenApi(spec)` handlers under `setupServer` (answers from the spec's examples,
 *     no state, no validation), the same `fetch` calls;
 *   - one static MSW handler answering a fixed JSON (MSW's own cost, the floor of anything behind MSW).
 * Requests are sent one after another in this process; CPU is process.cpuUsage() (user + system) over a
 * fixed count of requests per case, after a warm-up, the least of --rounds rounds (noise only ever adds CPU).
 *   npm run bench:inprocess -- [--requests 500] [--rounds 3] [--out reports]
 * Prints a markdown table (µs of CPU per request, and ratios to @mswjs/source) and writes
 * <out>/bench-inprocess.json.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fromOpenApi } from '@mswjs/source/open-api';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import type { OpenAPIV3_1 } from 'openapi-types';
import { createMock } from '../mock/inprocess/createMock.ts';
import { mockHandlers } from '../mock/inprocess/mockHandlers.ts';
import { loadYaml } from '../spec/loadYaml.ts';
import { type BenchCase, readCases, readMockConfig } from './bench/benchCases.ts';

const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');
const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '500' },
    rounds: { type: 'string', default: '3' },
    out: { type: 'string', default: 'reports' },
  },
});
const requests = Number(values.requests);
const rounds = Number(values.rounds);
if (!Number.isInteger(requests) || requests < 1 || !Number.isInteger(rounds) || rounds < 1) {
  console.error('bench:inprocess: --requests and --rounds must be positive whole numbers');
  process.exit(2);
}
const warmup = Math.min(200, requests);
const BASE = 'http://api.bench.test';
const CLOCK = { now: '2026-03-01T12:00:00.000Z', frozen: true };

type Send = (c: BenchCase) => Promise<number>;
const init = (c: BenchCase): RequestInit => ({ method: c.request.method, headers: c.request.headers, ...(c.request.body ? { body: c.request.body } : {}) });
const viaFetch: Send = async (c) => {
  const res = await fetch(BASE + c.request.path, init(c));
  await res.arrayBuffer();
  return res.status;
};

/** µs of this process's CPU per request for one case: the least of `rounds` rounds of `requests` requests. */
async function cpuPerRequest(send: Send, c: BenchCase): Promise<{ us: number; status: number }> {
  let status = 0;
  for (let i = 0; i < warmup; i++) status = await send(c);
  let best = Infinity;
  for (let round = 0; round < rounds; round++) {
    const before = process.cpuUsage();
    for (let i = 0; i < requests; i++) await send(c);
    const used = process.cpuUsage(before);
    best = Math.min(best, (used.user + used.system) / requests);
  }
  return { us: best, status };
}

interface Target {
  name: string;
  /** Whether it can answer the case at all (a case it cannot is shown as —, not measured). */
  serves?(c: BenchCase): boolean;
  /** Starts the target (MSW's interception, when it has one) and returns how to send a request; stop undoes it. */
  start(): Promise<{ send: Send; stop(): void }>;
}

const withMsw = (handlers: () => Promise<RequestHandler[]> | RequestHandler[]) => async () => {
  const server = setupServer(...(await handlers()));
  server.listen({ onUnhandledRequest: 'error' });
  return { send: viaFetch, stop: () => server.close() };
};

const spec = loadYaml().parse(readFileSync(join(root, 'spec/openapi.yaml'), 'utf8')) as OpenAPIV3_1.Document;
const TARGETS: Target[] = [
  {
    name: 'mock.fetch',
    start: async () => {
      const mock = createMock({ clock: CLOCK });
      return {
        send: async (c) => {
          const res = await mock.fetch(new Request(BASE + c.request.path, init(c)));
          await res.arrayBuffer();
          return res.status;
        },
        stop: () => undefined,
      };
    },
  },
  { name: 'MSW mount (mockHandlers)', start: withMsw(() => mockHandlers(createMock({ clock: CLOCK }), { baseUrl: BASE })) },
  // The spec's own server replaced by the bench's origin, so the generated handlers match the same URLs.
  {
    name: '@mswjs/source fromOpenApi',
    // Its handlers take the spec's paths as MSW paths, where ':' starts a parameter: the data actions'
    // literal paths (/v1/@platform:data:Users:getUpdatedAfter) throw in MSW's matcher on every request.
    serves: (c) => !c.request.path.includes(':'),
    start: withMsw(() => fromOpenApi({ ...spec, servers: [{ url: BASE }] } as never)),
  },
  { name: 'MSW, one static handler', start: withMsw(() => [http.all(`${BASE}/*`, () => HttpResponse.json([{ _id: '0'.repeat(24), name: 'Turma' }]))]) },
];

// The cases come from the mock's own data (a group's id, a word of its name), read through mock.fetch.
const config = readMockConfig(root);
const probe = createMock({ clock: CLOCK });
const realFetch = globalThis.fetch;
globalThis.fetch = ((input: string, options?: RequestInit) => probe.fetch(new Request(input, options))) as typeof fetch;
const cases = (await readCases(BASE, config)).filter((c) => c.kind === 'read');
globalThis.fetch = realFetch;

const results: Record<string, Record<string, { us: number; status: number }>> = {};
for (const target of TARGETS) {
  const running = await target.start();
  try {
    for (const c of cases) if (target.serves?.(c) ?? true) (results[c.name] ??= {})[target.name] = await cpuPerRequest(running.send, c);
  } finally {
    running.stop();
  }
  process.stderr.write(`bench:inprocess: ${target.name} done\n`);
}

const SOURCE = '@mswjs/source fromOpenApi';
const fmt = (us: number) => (us >= 100 ? us.toFixed(0) : us.toFixed(1));
const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}×`;
const header = ['request', ...TARGETS.map((t) => `${t.name} µs`), 'mock.fetch / source', 'MSW mount / source'];
const rows = cases.map((c) => {
  const r = results[c.name] ?? {};
  const cell = (name: string) => (r[name] ? `${fmt(r[name].us)}${r[name].status === 200 ? '' : ` (${r[name].status})`}` : '—');
  const to = (name: string) => (r[name] && r[SOURCE] ? ratio(r[name].us, r[SOURCE].us) : '—');
  return [c.name, ...TARGETS.map((t) => cell(t.name)), to('mock.fetch'), to('MSW mount (mockHandlers)')];
});
const load = loadavg()[0]!;
console.log(
  `CPU per request in one process (µs, user + system; least of ${rounds} rounds of ${requests}), Node ${process.version}, ${cpus().length} cores, load ${load.toFixed(2)}`,
);
console.log(`| ${header.join(' | ')} |`);
console.log(`| ${header.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`);
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
console.log("A status other than 200 is in brackets (@mswjs/source answers from examples and checks nothing); — where it cannot answer (a path with ':').");
const out = resolve(values.out);
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'bench-inprocess.json'), JSON.stringify({ node: process.version, cores: cpus().length, load, requests, rounds, results }, null, 2));

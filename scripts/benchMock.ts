/**
 * npm run bench — throughput of the mock's hot routes, as ratios to a baseline measured in the same run:
 * a bare node:http server answering a fixed 2 KB JSON body on the same machine. A ratio (mock / baseline)
 * survives a change of machine; an absolute figure does not.
 *   tsx scripts/benchMock.ts [--size default|large] [--seconds 3] [--connections 10] [--no-validate]
 * Everything binds to 127.0.0.1 on port 0 and stops by itself.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { createApp } from '../mock/app.ts';
import { createFrozenClock } from '../mock/clock.ts';
import { createDeps } from '../mock/createDeps.ts';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: 'default' },
    seconds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    // Response self-validation is on in normal runs; this measures what it costs.
    'no-validate': { type: 'boolean', default: false },
  },
});
const size = values.size === 'large' ? 'large' : 'default';
const duration = Number(values.seconds);
const connections = Number(values.connections);

async function listen(server: Server): Promise<string> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function measure(url: string, options: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {}): Promise<{ rps: number; p99: number; errors: number }> {
  const result = await autocannon({ url, duration, connections, method: options.method ?? 'GET', headers: options.headers, body: options.body });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.non2xx + result.errors };
}

const fixed = JSON.stringify(Array.from({ length: 10 }, (_, i) => ({ _id: String(i).padStart(24, '0'), name: `Turma ${i}`, alias: `A-${i}`, season: '2026', active: true, tags: [], admins: [] })));
const baselineServer = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(fixed);
});

const started = performance.now();
const deps = createDeps({ seed: 1, size, clock: createFrozenClock() });
const setupMs = Math.round(performance.now() - started);
const { app } = createApp(deps, { validateResponses: !values['no-validate'] });
const mockServer = createServer(app);
const [baseUrl, mockUrl] = [await listen(baselineServer), await listen(mockServer)];

const community = deps.store.communities()[0]!.id;
const token = deps.store.tokens().find((t) => t.kind === 'development' && t.communities.includes(community))!.token;
const headers = { authorization: `Bearer ${token}`, 'community-id': community };
const someGroup = deps.store.queryGroups({ community, page: 1, limit: 1 }).items[0]!;
const installation = deps.store.installationsInCommunity(community).find((i) => i.active)!;
const secret = deps.store.app(installation.appId)!.dataActionSecret;
const season = deps.store.communities()[0]!.seasons.at(-1)!;

const cases: Array<[string, string, Parameters<typeof measure>[1]]> = [
  ['GET /v1/groups?limit=10', `${mockUrl}/v1/groups?limit=10`, { headers }],
  ['GET /v1/groups?page=50&limit=10', `${mockUrl}/v1/groups?page=50&limit=10`, { headers }],
  ['GET /v1/groups?season&active&limit=10', `${mockUrl}/v1/groups?season=${season}&active=true&limit=10`, { headers }],
  ['GET /v1/groups/search?q=ano&limit=10', `${mockUrl}/v1/groups/search?q=ano&limit=10`, { headers }],
  ['GET /v1/groups/{groupId}', `${mockUrl}/v1/groups/${someGroup._id}`, { headers }],
  ['POST Users:getUpdatedAfter limit=10', `${mockUrl}/v1/@platform:data:Users:getUpdatedAfter`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ context: { community }, secret, data: { season, limit: 10 } }),
  }],
];

const baseline = await measure(baseUrl);
console.log(`mock benchmark: size=${size} groups=${deps.store.communities().reduce((n, c) => n + deps.store.queryGroups({ community: c.id, page: 1, limit: 1 }).total, 0)} setup=${setupMs}ms duration=${duration}s connections=${connections}`);
console.log(`baseline (bare node:http, fixed 2 KB JSON): ${Math.round(baseline.rps)} req/s, p99 ${baseline.p99} ms`);
console.log('route | req/s | ratio to baseline | p99 ms | non-2xx');
for (const [name, url, options] of cases) {
  const r = await measure(url, options);
  console.log(`${name} | ${Math.round(r.rps)} | ${(r.rps / baseline.rps).toFixed(3)} | ${r.p99} | ${r.errors}`);
}
baselineServer.close();
mockServer.close();

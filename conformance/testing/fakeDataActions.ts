import { readBody, sendJson, startServer, type RunningServer } from './startServer.ts';

export interface FakePartnerOptions {
  secret: string;
  /** Bugs to switch on. */
  ignoreAfter?: boolean;
  ignoreSecret?: boolean;
  /** A provider that answers one season only, and refuses a call without it. */
  requireSeason?: string;
}

const ACTIONS: Record<string, 'users' | 'components'> = {
  '/v1/@platform:data:Users:getUpdatedAfter': 'users',
  '/v1/@platform:data:Components:getUpdatedAfter': 'components',
};

/**
 * A partner that implements only the two data actions, with its own records (nothing like the mock's),
 * written from the API description alone; tests only.
 */
export function startFakeDataActions(options: FakePartnerOptions): Promise<RunningServer> {
  const day = (n: number): string => new Date(Date.UTC(2025, 6, 1 + n, 10, 0, 0, 0)).toISOString();
  const records = {
    users: Array.from({ length: 9 }, (_, i) => ({
      active: i !== 4,
      alias: `parceiro-u${i}`,
      name: `Pessoa ${i}`,
      email: `p${i}@parceiro.example`,
      rolesSet: { student: i % 2 === 0, guardian: i % 2 === 1, professor: false, coordenator: false },
      fields: { matricula: String(1000 + i) },
      updatedAt: day(i * 3),
    })),
    components: Array.from({ length: 5 }, (_, i) => ({
      active: true,
      alias: `parceiro-c${i}`,
      name: `Disciplina ${i}`,
      fields: { inep: String(35000000 + i) },
      updatedAt: day(i),
    })),
  };
  return startServer(async (req, res) => {
    const kind = ACTIONS[decodeURIComponent(req.url ?? '')];
    if (req.method !== 'POST' || !kind) return sendJson(res, 404, { title: 'Not found', status: 404 }, { 'content-type': 'application/problem+json' });
    // As a JSON body parser behind a framework does: another media type is not read as JSON.
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? ''))
      return sendJson(res, 415, { title: 'Unsupported media type', status: 415 }, { 'content-type': 'application/problem+json' });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readBody(req)) as Record<string, unknown>;
    } catch {
      return sendJson(res, 400, { title: 'Bad JSON', status: 400 }, { 'content-type': 'application/problem+json' });
    }
    const data = (body.data ?? {}) as Record<string, unknown>;
    const bad =
      typeof body.context !== 'object' ||
      body.context === null ||
      typeof body.secret !== 'string' ||
      (data.after !== undefined && (typeof data.after !== 'string' || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(data.after))) ||
      (data.limit !== undefined && !Number.isInteger(data.limit));
    if (bad) return sendJson(res, 400, { title: 'Invalid request', status: 400 }, { 'content-type': 'application/problem+json' });
    if (body.secret !== options.secret && !options.ignoreSecret)
      return sendJson(res, 401, { title: 'Invalid secret', status: 401 }, { 'content-type': 'application/problem+json' });
    if (options.requireSeason !== undefined && data.season !== options.requireSeason)
      return sendJson(res, 400, { title: `Only season ${options.requireSeason}`, status: 400 }, { 'content-type': 'application/problem+json' });
    const after = typeof data.after === 'string' && !options.ignoreAfter ? Date.parse(data.after) : -Infinity;
    const limit = typeof data.limit === 'number' ? data.limit : 100;
    const out = records[kind].filter((r) => Date.parse(r.updatedAt) >= after).slice(0, limit);
    sendJson(res, 200, { data: out });
  });
}

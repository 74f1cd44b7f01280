import express, { type Request, type Response, type Router } from 'express';
import type { Fault } from '../faults/Fault.ts';
import { HttpProblem } from '../http/HttpProblem.ts';
import type { AppDeps } from '../http/OperationHandler.ts';
import type { Dataset } from '../store/records.ts';
import type { Journal } from './Journal.ts';
import { journalRoutes } from './journalRoutes.ts';
import { summaryRoute } from './summaryRoute.ts';
import type { Latency } from './Latency.ts';

export interface ControlsOptions {
  journal: Journal;
  latency: Latency;
  faultCatalog: readonly Fault[];
}

const DATASET_KEYS: Array<keyof Dataset> = ['communities', 'users', 'members', 'groups', 'enrollments', 'components', 'apps', 'installations', 'syncRuns', 'tokens'];

/**
 * The mock's own controls under /__mock (documented in docs/mock-controls.md): reset, export/import,
 * clock, journal, latency, faults, tokens. They are not part of the contract; errors are problem+json too.
 */
export function createControlsRouter(deps: AppDeps, options: ControlsOptions): Router {
  const router = express.Router();
  const json = express.json({ limit: '512mb' });
  const { store, clock } = deps;

  router.get('/', (_req, res) => {
    res.json({
      seed: store.seed,
      controls: {
        'POST /__mock/reset': 'back to the seeded data (clock, latency and faults stay)',
        'GET /__mock/state': 'export the whole state as JSON',
        'PUT /__mock/state': 'import a state exported before',
        'GET /__mock/clock': 'the mock clock',
        'PUT /__mock/clock': 'set it: {"now": "2026-05-01T08:00:00.000Z"}',
        'POST /__mock/clock/advance': 'move it: {"ms": 3600000} or {"seconds": 3600}',
        'GET /__mock/journal': 'requests received, with headers and bodies (?operationId=, ?method=, ?path=, ?status=, ?session=, ?since=seq, ?limit=)',
        'GET /__mock/journal/{seq}': 'one journal entry',
        'POST /__mock/journal/count': 'how many requests matched: {"operationId": "approveAppInstallation", "status": 200}',
        'DELETE /__mock/journal': 'clear the journal (of the session)',
        'GET /__mock/summary': 'counts per community',
        'GET /__mock/ui': 'the dashboard (a page for people)',
        'GET /__mock/latency': 'current latency',
        'PUT /__mock/latency': 'set it: {"ms": 300, "jitterMs": 200}',
        'GET /__mock/faults': 'available and active faults',
        'PUT /__mock/faults': 'switch faults on: {"active": ["ignore-active-filter"]}',
        'GET /__mock/tokens': 'development bearer tokens',
      },
    });
  });

  router.post('/reset', (_req, res) => {
    store.reset();
    res.status(204).end();
  });

  router.get('/state', (_req, res) => {
    res.type('application/json').send(JSON.stringify(store.snapshot()));
  });

  router.put('/state', json, (req, res) => {
    const body = req.body as Partial<Dataset> | undefined;
    const missing = DATASET_KEYS.filter((k) => !Array.isArray(body?.[k]));
    if (!body || typeof body.seed !== 'number' || missing.length > 0) {
      throw new HttpProblem('invalid_request', `Not a state exported by GET /__mock/state: ${typeof body?.seed !== 'number' ? 'seed must be a number; ' : ''}${missing.map((k) => `${k} must be an array`).join(', ')}.`);
    }
    store.load(body as Dataset);
    res.status(204).end();
  });

  router.get('/clock', (_req, res) => {
    res.json({ now: clock.iso(), frozen: clock.frozen });
  });

  router.put('/clock', json, (req: Request, res: Response) => {
    const now = (req.body as { now?: unknown } | undefined)?.now;
    if (typeof now !== 'string' || Number.isNaN(Date.parse(now))) {
      throw new HttpProblem('invalid_request', 'Send {"now": "<ISO 8601 date-time>"}.');
    }
    clock.set(new Date(now));
    res.json({ now: clock.iso(), frozen: clock.frozen });
  });

  router.post('/clock/advance', json, (req, res) => {
    const body = (req.body ?? {}) as { ms?: unknown; seconds?: unknown };
    const ms = typeof body.ms === 'number' ? body.ms : typeof body.seconds === 'number' ? body.seconds * 1000 : NaN;
    if (!Number.isFinite(ms) || ms < 0) throw new HttpProblem('invalid_request', 'Send {"ms": <non-negative number>} or {"seconds": <non-negative number>}; the clock only moves forward.');
    clock.advance(ms);
    res.json({ now: clock.iso(), frozen: clock.frozen });
  });

  router.use(journalRoutes(options.journal));
  router.get('/summary', summaryRoute(deps));

  router.get('/latency', (_req, res) => {
    res.json({ ms: options.latency.ms, jitterMs: options.latency.jitterMs });
  });

  router.put('/latency', json, (req, res) => {
    const body = (req.body ?? {}) as { ms?: unknown; jitterMs?: unknown };
    const ms = body.ms ?? 0;
    const jitterMs = body.jitterMs ?? 0;
    if (typeof ms !== 'number' || typeof jitterMs !== 'number' || ms < 0 || jitterMs < 0 || ms + jitterMs > 60_000) {
      throw new HttpProblem('invalid_request', 'Send {"ms": 0..60000, "jitterMs": 0..60000} (non-negative numbers, 60 s at most in all).');
    }
    options.latency.ms = ms;
    options.latency.jitterMs = jitterMs;
    res.json({ ms, jitterMs });
  });

  router.get('/faults', (_req, res) => {
    res.json({
      active: [...deps.faults],
      available: options.faultCatalog.map((f) => ({ name: f.name, description: f.description, operations: f.operations ?? 'all' })),
    });
  });

  router.put('/faults', json, (req, res) => {
    const active = (req.body as { active?: unknown } | undefined)?.active;
    const known = new Set(options.faultCatalog.map((f) => f.name));
    if (!Array.isArray(active) || active.some((name) => typeof name !== 'string' || !known.has(name))) {
      throw new HttpProblem('invalid_request', `Send {"active": [names]} with names from GET /__mock/faults.`);
    }
    deps.faults.clear();
    for (const name of active as string[]) deps.faults.add(name);
    res.json({ active: [...deps.faults] });
  });

  router.get('/tokens', (_req, res) => {
    res.json(
      store
        .tokens()
        .filter((t) => t.kind === 'development')
        .map((t) => ({ token: t.token, label: t.label, subject: t.subject, communities: t.communities })),
    );
  });

  return router;
}

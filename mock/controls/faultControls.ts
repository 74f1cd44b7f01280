import type { Request, RequestHandler, Router } from 'express';
import type { Fault } from '../faults/Fault.ts';
import { HttpProblem } from '../problems/HttpProblem.ts';
import type { Session } from '../sessions/Session.ts';
import { controlBody, scopeOf } from './controlBody.ts';

const LATENCY_USAGE = '{"ms": 0..60000, "jitterMs": 0..60000} and optionally "operationId" and "times"';
const FAULTS_USAGE = '{"active": [names]} with names from GET /__mock/faults, and optionally "operationId" and "times"';

/**
 * Latency and faults (docs/mock-controls.md). Without `operationId` and `times` a PUT sets what every request
 * gets and drops the rules; with either, it adds a rule alongside: for that operation, for its next N requests.
 */
export function faultControls(router: Router, session: (req: Request) => Session, catalog: readonly Fault[], json: RequestHandler): void {
  router.get('/latency', (req, res) => {
    const { latency } = session(req);
    res.json({ ms: latency.ms, jitterMs: latency.jitterMs, rules: latency.rules.list().map(ruleView) });
  });

  router.put('/latency', json, (req, res) => {
    const deps = session(req);
    const body = controlBody(req, ['ms', 'jitterMs', 'operationId', 'times'], LATENCY_USAGE);
    const ms = body.ms ?? 0;
    const jitterMs = body.jitterMs ?? 0;
    if (typeof ms !== 'number' || typeof jitterMs !== 'number' || ms < 0 || jitterMs < 0 || ms + jitterMs > 60_000) {
      throw new HttpProblem('invalid_request', `Send ${LATENCY_USAGE} (non-negative numbers, 60 s at most in all).`);
    }
    const scope = scopeOf(body, deps.contract);
    const { latency } = deps;
    if (scope) {
      latency.rules.add({ value: { ms, jitterMs }, ...scope });
    } else {
      latency.ms = ms;
      latency.jitterMs = jitterMs;
      latency.rules.clear();
    }
    res.json({ ms: latency.ms, jitterMs: latency.jitterMs, rules: latency.rules.list().map(ruleView) });
  });

  router.get('/faults', (req, res) => {
    const deps = session(req);
    res.json({
      active: [...deps.faults],
      rules: deps.faultRules.list().map(ruleView),
      available: catalog.map((f) => ({ name: f.name, description: f.description, operations: f.operations ?? 'all' })),
    });
  });

  router.put('/faults', json, (req, res) => {
    const deps = session(req);
    const body = controlBody(req, ['active', 'operationId', 'times'], FAULTS_USAGE);
    const { active } = body;
    const byName = new Map(catalog.map((f) => [f.name, f]));
    if (!Array.isArray(active) || active.some((name) => typeof name !== 'string' || !byName.has(name))) {
      throw new HttpProblem('invalid_request', `Send ${FAULTS_USAGE}.`);
    }
    const names = active as string[];
    const scope = scopeOf(body, deps.contract);
    if (scope) {
      // A rule whose fault can never act on its operation would silently do nothing.
      const idle = names.filter((name) => scope.operationId !== undefined && !(byName.get(name)?.operations?.includes(scope.operationId) ?? true));
      if (idle.length > 0)
        throw new HttpProblem('invalid_request', `${idle.join(', ')} never act on ${scope.operationId} (see "operations" in GET /__mock/faults).`);
      deps.faultRules.add({ value: [...names], ...scope });
    } else {
      deps.faults.clear();
      for (const name of names) deps.faults.add(name);
      deps.faultRules.clear();
    }
    res.json({ active: [...deps.faults], rules: deps.faultRules.list().map(ruleView) });
  });
}

/** A rule as the controls show it: `times` is what is left. */
function ruleView<T>(rule: { value: T; operationId?: string; remaining?: number }): Record<string, unknown> {
  const value = Array.isArray(rule.value) ? { active: rule.value } : rule.value;
  return {
    ...value,
    ...(rule.operationId !== undefined ? { operationId: rule.operationId } : {}),
    ...(rule.remaining !== undefined ? { times: rule.remaining } : {}),
  };
}

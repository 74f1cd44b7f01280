/**
 * The conformance suite in --strict against the mock as a user mounts it in their own server: mockMiddleware
 * under /api inside a foreign Express app (its own routes around it), and eduMock in a real Vite dev server.
 * Each mount passes with no failure and no warning, its OAuth login included (the authorization server is
 * the mount's own, at /api/oauth/authorize). One run of the suite per mount, on a fresh mock each.
 */
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { describe, expect, it } from 'vitest';
import type { ConformConfig } from '../../conformance/config/ConformConfig.ts';
import { runEveryScenario } from '../../conformance/testing/runEveryScenario.ts';
import type { RunResult } from '../../conformance/run/RunResult.ts';
import { suiteBudget } from '../../conformance/testing/suiteBudget.ts';
import { eduMock } from './eduMock.ts';
import { mockMiddleware } from './mockMiddleware.ts';

const CLOCK = { now: '2026-03-01T12:00:00.000Z', frozen: true };
const NOW = () => new Date('2026-03-02T09:00:00.000Z');
// The suite's config for the default seed, as the README hands it to `npm run conform`.
const committed = JSON.parse(readFileSync(new URL('../../fixtures/conform.mock.json', import.meta.url), 'utf8')) as Omit<ConformConfig, 'baseUrl'>;

function problems(result: RunResult): string[] {
  return result.cases.flatMap((c) => [...c.failures, ...c.warnings].map((f) => `${c.area} › ${c.title}: [${f.severity}] ${f.check}: ${f.message}`));
}

async function conformsStrictly(baseUrl: string): Promise<void> {
  const result = await runEveryScenario({ config: { baseUrl, ...committed }, strict: true, seed: 7, now: NOW });
  expect(problems(result)).toEqual([]);
  expect(result.conformant).toBe(true);
  expect(result.counts.skipped).toBe(0);
  expect(result.counts.passed).toBeGreaterThan(30);
}

describe('the suite passes --strict against the mock mounted in a user’s server', { timeout: suiteBudget(2) }, () => {
  it('mockMiddleware under /api in a foreign Express app', async () => {
    const app = express();
    app.get('/health', (_req, res) => void res.json({ ok: true }));
    app.use('/api', mockMiddleware({ clock: CLOCK }));
    app.use((_req, res) => void res.status(418).send('the app’s own'));
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      await conformsStrictly(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api`);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('eduMock in a real Vite dev server', async () => {
    const { createServer } = await import('vite');
    const root = mkdtempSync(join(tmpdir(), 'edu-vite-conform-'));
    const vite = await createServer({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [eduMock({ base: '/api', clock: CLOCK })],
      server: { port: 0, host: '127.0.0.1', strictPort: false },
    });
    await vite.listen();
    try {
      await conformsStrictly(`http://127.0.0.1:${(vite.httpServer?.address() as AddressInfo).port}/api`);
    } finally {
      await vite.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});

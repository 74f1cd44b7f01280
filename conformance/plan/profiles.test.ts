import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../spec/contract.ts';
import { checkRegistry } from '../checks/registry.ts';
import { UsageError } from '../config/UsageError.ts';
import { runEveryScenario } from '../testing/runEveryScenario.ts';
import { startMockTarget, type MockTarget } from '../testing/startMockTarget.ts';
import { WRITE_OPERATIONS } from './areaPlan.ts';
import { findProfile, planAreas, PROFILES } from './profiles.ts';
import { suiteBudget } from '../testing/suiteBudget.ts';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('profiles', { timeout: suiteBudget(1) }, () => {
  it.each([
    ['platform', undefined, ['auth', 'groups', 'installations', 'user-info', 'data-actions', 'sync', 'generate']],
    ['platform', ['groups', 'sync'], ['groups', 'sync']],
    ['read-only', undefined, ['auth', 'groups', 'installations', 'user-info', 'data-actions', 'generate']],
    ['read-only', ['sync', 'groups'], ['groups']],
    ['data-action-provider', undefined, ['data-actions']],
  ] as const)('%s with --only %o runs %o', (name, only, areas) => {
    expect(planAreas(findProfile(name), only)).toEqual(areas);
  });

  it.each([
    ['an unknown profile', () => findProfile('partner'), /--profile takes platform, data-action-provider, read-only; got "partner"/],
    [
      '--only outside the profile',
      () => planAreas(findProfile('data-action-provider'), ['groups']),
      /--only groups selects nothing of profile data-action-provider/,
    ],
  ])('refuses %s', (_name, act, message) => {
    expect(act).toThrow(UsageError);
    expect(act).toThrow(message);
  });

  it('names only operations of the spec and checks of the registry; read-only and data-action-provider write nothing', () => {
    const operations = [...loadContract().operations.keys()];
    for (const p of PROFILES) {
      expect(p.operations.filter((op) => !operations.includes(op))).toEqual([]);
      expect(p.checks.filter((c) => !checkRegistry.has(c))).toEqual([]);
    }
    expect([...findProfile('platform').operations].sort()).toEqual([...operations].sort());
    // Every registered check but the replay's own, which only --replay runs.
    const replayOnly = ['replay-status-class', 'replay-keys-kept', 'replay-write-visible'];
    expect([...findProfile('platform').checks].sort()).toEqual([...checkRegistry.keys()].filter((c) => !replayOnly.includes(c)).sort());
    expect(findProfile('data-action-provider').operations).toEqual(['getUpdatedUsers', 'getUpdatedComponents']);
    for (const op of ['updateAppInstallation', 'approveAppInstallation', 'uploadSyncEntities']) expect(findProfile('read-only').operations).not.toContain(op);
  });

  it('are listed in conformance/README.md exactly as defined', () => {
    const section = readme.split('\n## Profiles')[1]?.split('\n## ')[0] ?? '';
    const rows = [...section.matchAll(/^\| `([a-z-]+)` \| ([^|]+) \| ([^|]+) \| ([^|]+) \|$/gm)].map((m) => ({
      name: m[1],
      areas: (m[2] ?? '').split(',').map((s) => s.trim()),
      operations: [...(m[3] ?? '').matchAll(/`([^`]+)`/g)].map((x) => x[1]),
      checks: [...(m[4] ?? '').matchAll(/`([^`]+)`/g)].map((x) => x[1]),
    }));
    expect(rows).toEqual(PROFILES.map((p) => ({ name: p.name, areas: p.areas, operations: p.operations, checks: p.checks })));
  });
});

describe('profiles against the mock: the run stays inside the plan', { timeout: suiteBudget(1) }, () => {
  let target: MockTarget;
  beforeAll(async () => {
    target = await startMockTarget();
  });
  afterAll(async () => {
    await target.close();
  });

  it.each(PROFILES.map((p) => [p.name, p] as const))('%s sends only to its operations and runs only its checks', async (_name, profile) => {
    const result = await runEveryScenario({
      config: target.config,
      areas: profile.areas,
      readOnly: profile.readOnly,
      strict: true,
      seed: 3,
      now: () => new Date('2026-03-02T09:00:00.000Z'),
    });
    const sent = new Set((result.exchangeLog ?? []).flatMap((e) => (e.operationId ? [e.operationId] : [])));
    const ran = new Set(result.cases.flatMap((c) => c.checks ?? []));
    expect([...sent].filter((op) => !profile.operations.includes(op))).toEqual([]);
    expect([...ran].filter((check) => !profile.checks.includes(check))).toEqual([]);
    expect(result.counts.failed).toBe(0);
    if (profile.readOnly) expect([...sent].filter((op) => WRITE_OPERATIONS.includes(op))).toEqual([]);
  });
});

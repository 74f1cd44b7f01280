import { afterEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../testing/startServer.ts';
import { startFakeDataActions } from '../testing/fakeDataActions.ts';
import type { Check } from '../checks/Check.ts';
import { fakeExchange } from '../testing/fakeExchange.ts';
import { runEveryScenario } from '../testing/runEveryScenario.ts';
import type { Scenario } from '../scenarios/Scenario.ts';
import { UnreachableError } from './UnreachableError.ts';
import { startServer } from '../testing/startServer.ts';

const NOW = () => new Date('2026-03-02T09:00:00.000Z');

describe('runConformance', () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('passes a partner that implements only the data actions, with no bearer token', async () => {
    server = await startFakeDataActions({ secret: 'partner-secret-1' });
    const events: string[] = [];
    const result = await runEveryScenario({
      config: { baseUrl: server.url, community: 'escola-parceira', appSecret: 'partner-secret-1' },
      areas: ['data-actions'],
      strict: true,
      seed: 1,
      now: NOW,
      onProgress: (e) => events.push(e.type),
    });
    expect(result.cases.flatMap((c) => c.failures.map((f) => `${f.check}: ${f.message}`))).toEqual([]);
    expect(result.conformant).toBe(true);
    // Only the foreign-community probes wait for a second community, and the other app's secret for another
    // app, and they say so.
    expect(result.cases.filter((c) => c.status === 'skipped').map((c) => c.skipReason)).toEqual([
      'no otherCommunity in the config',
      'no otherApp in the config',
      'no otherCommunity in the config',
      'no otherApp in the config',
    ]);
    expect(result.counts).toMatchObject({ failed: 0, skipped: 4, warnings: 0 });
    expect(result.areas).toEqual(['data-actions']);
    expect(events[0]).toBe('start');
    expect(events.at(-1)).toBe('scenario-end');
  });

  it.each([
    ['a partner that ignores after', { ignoreAfter: true }, 'updated-after'],
    ['a partner that ignores the secret', { ignoreSecret: true }, 'secret-required'],
  ])('fails %s', async (_name, bug, check) => {
    server = await startFakeDataActions({ secret: 'partner-secret-1', ...bug });
    const result = await runEveryScenario({
      config: { baseUrl: server.url, community: 'c', appSecret: 'partner-secret-1' },
      areas: ['data-actions'],
      seed: 1,
      now: NOW,
    });
    expect(result.conformant).toBe(false);
    expect(result.cases.flatMap((c) => c.failures.map((f) => f.check))).toContain(check);
  });

  it.each([
    ['without --season it cannot pass', undefined, false],
    ['with --season it passes', '2026', true],
  ])('a provider that answers one season only: %s', async (_name, season, conformant) => {
    server = await startFakeDataActions({ secret: 's', requireSeason: '2026' });
    const config = { baseUrl: server.url, community: 'c', appSecret: 's', ...(season ? { season } : {}) };
    const result = await runEveryScenario({ config, areas: ['data-actions'], strict: true, seed: 1, now: NOW });
    expect(result.conformant).toBe(conformant);
    if (!conformant) expect(result.cases.flatMap((c) => c.failures.map((f) => f.check))).toContain('valid-request-accepted');
  });

  it('skips, with a reason, every area whose configuration is missing', async () => {
    server = await startFakeDataActions({ secret: 's' });
    const result = await runEveryScenario({
      config: { baseUrl: server.url },
      areas: ['groups', 'installations', 'user-info', 'data-actions', 'sync'],
      seed: 1,
      now: NOW,
    });
    expect(result.cases.map((c) => [c.area, c.status, c.skipReason])).toEqual([
      ['groups', 'skipped', 'no bearer token (--token or CONFORM_TOKEN)'],
      ['user-info', 'skipped', 'no user token (--user-token or CONFORM_USER_TOKEN) and no oauth client in the config'],
      ['user-info', 'skipped', "no oauth client in the config: the authorization server's rules are probed through one"],
      ['data-actions', 'skipped', 'no app secret (--app-secret or CONFORM_APP_SECRET)'],
      ['installations', 'skipped', 'no bearer token (--token or CONFORM_TOKEN)'],
      ['sync', 'skipped', 'no bearer token (--token or CONFORM_TOKEN)'],
    ]);
    expect(result.conformant).toBe(true);
  });

  it('turns a step that throws into a failure of that step, not of the run', async () => {
    server = await startFakeDataActions({ secret: 's' });
    const result = await runEveryScenario({
      config: { baseUrl: server.url },
      seed: 1,
      now: NOW,
      scenarios: [
        {
          area: 'auth',
          title: 'broken',
          missing: () => undefined,
          run: async (step) =>
            void (await step({
              title: 'throws',
              run: async () => {
                throw new Error('boom');
              },
            })),
        },
      ],
    });
    expect(result.cases[0]).toMatchObject({ status: 'failed', failures: [{ check: 'step-error', message: 'the step could not complete: boom' }] });
  });

  it('gives a step the facts it declares, and skips one whose need no earlier step provided, naming why', async () => {
    server = await startFakeDataActions({ secret: 's' });
    interface Learned {
      size: number;
      name: string;
    }
    const seen: unknown[] = [];
    const scenario: Scenario<Learned> = {
      area: 'groups',
      title: 'facts',
      missing: () => undefined,
      absent: { size: 'no size was learned', name: 'no name was learned' },
      async run(step) {
        const after = await step({ title: 'learns the size', provides: ['size'], run: async (_s, _given, provide) => provide('size', 3) });
        seen.push(after);
        await step({ title: 'needs a name', needs: ['size', 'name'], run: async (_s, given) => void seen.push(given) });
        await step({ title: 'needs the size', needs: ['size'], uses: ['name'], run: async (_s, given) => void seen.push(given) });
        await step({ title: 'declares nothing', run: async (_s, given) => void seen.push(given) });
        await step({
          title: 'hands on what it did not declare',
          provides: ['size'],
          // @ts-expect-error -- `name` is not among the facts this step provides
          run: async (_s, _given, provide) => provide('name', 'x'),
        });
      },
    };
    const result = await runEveryScenario({ config: { baseUrl: server.url }, seed: 1, now: NOW, areas: ['groups'], scenarios: [scenario] });
    expect(result.cases.map((c) => [c.title, c.status, c.skipReason])).toEqual([
      ['learns the size', 'passed', undefined],
      ['needs a name', 'skipped', 'no name was learned'],
      ['needs the size', 'passed', undefined],
      ['declares nothing', 'passed', undefined],
      ['hands on what it did not declare', 'failed', undefined],
    ]);
    expect(seen).toEqual([{ size: 3 }, { size: 3 }, {}]);
    expect(result.cases[4]?.failures[0]?.message).toMatch(/hands on name, which it does not declare/);
  });

  it('shows one bug tried with several values as one finding, with its count and examples', async () => {
    server = await startFakeDataActions({ secret: 's' });
    // A check that fails once per value tried, as a filter ignored for every name sent would.
    const perValue: Check<string[]> = {
      name: 'filter-matches',
      description: 'test',
      rules: {},
      run: (values) =>
        values.map((v) => ({
          check: 'filter-matches',
          severity: 'MUST',
          message: `name=${v} kept a group not matching`,
          exchange: fakeExchange('listGroups', 200, []),
        })),
    };
    const result = await runEveryScenario({
      config: { baseUrl: server.url },
      seed: 1,
      now: NOW,
      scenarios: [
        {
          area: 'groups',
          title: 'values',
          missing: () => undefined,
          run: async (step) => void (await step({ title: 'tried', run: async (s) => void s.check(perValue, ['a', 'b', 'c', 'd', 'e', 'f', 'g']) })),
        },
      ],
    });
    const failures = result.cases[0]?.failures ?? [];
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({
      check: 'filter-matches',
      occurrences: 7,
      examples: [
        'name=a kept a group not matching',
        'name=b kept a group not matching',
        'name=c kept a group not matching',
        'name=d kept a group not matching',
        'name=e kept a group not matching',
      ],
    });
    expect(failures[0]?.message).toMatch(/^name=a kept a group not matching \(and 6 more of this kind on listGroups/);
  });

  it('throws UnreachableError when nothing answers', async () => {
    const closed = await startServer((_req, res) => res.end());
    await closed.close();
    await expect(runEveryScenario({ config: { baseUrl: closed.url }, seed: 1, now: NOW, requestTimeoutMs: 2000 })).rejects.toBeInstanceOf(UnreachableError);
  });
});

import { setTimeout as delay } from 'node:timers/promises';
import fc from 'fast-check';
import { pagesDisjoint } from '../checks/pagesDisjoint.ts';
import { syncUploadVisible } from '../checks/syncUploadVisible.ts';
import { itemsOf, type Json } from '../checks/values.ts';
import type { SharedState } from '../step/createStepContext.ts';
import type { StepContext } from '../step/StepContext.ts';
import { everySection } from '../scenarios/buildSyncUpload.ts';
import { awaitGroupByAlias } from '../scenarios/findGroupByAlias.ts';
import { obtainUserToken } from '../scenarios/obtainUserToken.ts';
import type { Scenario } from '../scenarios/Scenario.ts';
import { createBudget } from './Budget.ts';
import { coverageCases } from './coverageCases.ts';
import { DEFAULT_GENERATE, type GenerateSettings } from './GenerateSettings.ts';
import { judgeCase, type Learned } from './judgeCase.ts';
import { operationTargets, ownInstallation } from './operationTargets.ts';
import type { OperationTarget } from './OperationTarget.ts';
import { politeClient } from './politeClient.ts';
import { randomCases } from './randomCases.ts';
import type { GeneratedCase } from './RequestDraft.ts';
import { reportGenerated } from './reportGenerated.ts';
import { runOperation } from './runOperation.ts';

/** Pages of the group list the phase walks at most. */
const MAX_PAGES = 20;
/** Uploads of the stateful sequence (each followed by the read that must find it). */
const UPLOADS = 2;

export interface GenerateDeps {
  /** How a Retry-After is waited out (tests inject one that does not wait). */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * The generative phase as the run's last area: requests nobody wrote by hand, derived from the spec, judged
 * by the suite's oracles, shrunk, and named by an id that --replay-case re-runs with the same --seed.
 */
export function generateScenario(settings: GenerateSettings = DEFAULT_GENERATE, deps: GenerateDeps = {}): Scenario {
  const sleep = deps.sleep ?? ((ms: number) => delay(ms));
  return {
    area: 'generate',
    title: 'Generated requests: coverage pass, random pass, stateful sequences',
    missing: (s) =>
      !s.config.token && !s.config.appSecret && !s.config.userToken && !s.config.oauth ? 'no credentials (--token, --app-secret or --user-token)' : undefined,
    async run(step, base) {
      const budget = createBudget(settings.perOperationBudget);
      const shared = phaseState(base, sleep);
      const learned: Learned = {};
      let group: Json | undefined;
      let installation: Json | undefined;
      const replay = settings.replayCase;

      // Only what the target claims is sent (--operations): a login for getUserInfo, a read of the installation to update.
      const claims = (operationId: string): boolean => settings.operations === undefined || settings.operations.includes(operationId);
      await step('generated: the group list walked page by page to its end', async (s) => {
        if (!s.config.token || !s.config.community) return s.skip('no bearer token or community');
        if (!claims('listGroups')) return s.skip('listGroups is not among the operations claimed (--operations)');
        group = await walkPages(s, learned);
      });
      if (shared.userToken === undefined && base.config.oauth && claims('getUserInfo') && (replay === undefined || replay.startsWith('getUserInfo/'))) {
        shared.userToken = (await obtainUserToken(base, base.config.oauth))?.token;
      }
      if (!base.readOnly && claims('updateAppInstallation') && base.config.appId && base.config.community && base.config.token) {
        const listed = await base.send({ operationId: 'listAppInstallations', path: { appId: base.config.appId }, expect: { valid: true } });
        installation = ownInstallation(listed.response?.body, base.config.community);
      }
      const prefix = `conform-${base.seed}-gen`;
      const targets = operationTargets({
        shared,
        ...(group ? { group } : {}),
        ...(installation ? { installation } : {}),
        syncRunId: base.rng.fork('generate').hex(24),
        aliasPrefix: prefix,
      }).filter((t) => claims(t.operationId));

      if (replay !== undefined) {
        await step(`generated: replay of case ${replay}`, async (s) => {
          const target = targets.find((t) => casesOf(shared, t, settings).some((c) => c.id === replay));
          const found = target && casesOf(shared, target, settings).find((c) => c.id === replay);
          if (!target || !found)
            throw new Error(`no generated case "${replay}" with seed ${base.seed} and this configuration (ids look like listGroups/c3 or getUpdatedUsers/r7)`);
          const outcome = await runOperation(shared, [found], learned, budget, settings, target.pinned);
          reportGenerated(s, outcome.failures);
        });
        return;
      }

      for (const target of targets) {
        await step(`generated: ${target.operationId}`, async (s) => {
          const outcome = await runOperation(shared, casesOf(shared, target, settings), learned, budget, settings, target.pinned);
          reportGenerated(s, outcome.failures);
          // The PUT cases changed the configured installation: put it back as it was read.
          if (target.operationId === 'updateAppInstallation' && installation) await judgeCase(shared, target.base, learned);
        });
      }

      await step('generated: uploaded groups with generated names are found by alias', async (s) => {
        if (s.readOnly) return s.skip('--read-only');
        const upload = targets.find((t) => t.operationId === 'uploadSyncEntities');
        if (!upload) return s.skip('no bearer token or community');
        const names = fc.sample(
          fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).filter((n) => n.trim() !== ''),
          { seed: base.seed, numRuns: UPLOADS },
        );
        for (const [i, name] of names.entries()) {
          const alias = `${prefix}-seq-${i}`;
          const entry = { alias, name, season: '2026', active: true };
          const sent = await judgeCase(shared, { ...upload.base, body: everySection({ groups: { data: [entry] } }) }, learned);
          reportGenerated(
            s,
            sent.failures.map((f) => ({ ...f, message: `${f.message} [generated upload of group ${JSON.stringify(name)}]` })),
          );
          if ((sent.exchange.response?.status ?? 0) >= 300) continue;
          // An upload may be applied asynchronously: read it back with the bounded poll of every write.
          const { exchange, group: found } = await awaitGroupByAlias(s, alias, (g) => g !== undefined);
          s.check(syncUploadVisible, { exchange, uploaded: entry, ...(found ? { group: found } : {}) });
        }
      });
    },
  };
}

/** The coverage pass, then the random pass, of one operation. */
function casesOf(shared: SharedState, target: OperationTarget, settings: GenerateSettings): GeneratedCase[] {
  return [...coverageCases(shared.contract, target), ...randomCases(shared.contract, target, shared.seed, settings.casesPerOperation)];
}

/** The phase's view of the run: the same config, contract and seed, a client that honours 429. */
function phaseState(s: StepContext, sleep: (ms: number) => Promise<void>): SharedState {
  return {
    config: s.config,
    contract: s.contract,
    client: politeClient(s.client, sleep, s.now),
    rng: s.rng.fork('generate'),
    seed: s.seed,
    readOnly: s.readOnly,
    now: s.now,
    ...(s.userToken !== undefined ? { userToken: s.userToken } : {}),
  };
}

/**
 * Walks the group list to its end at the target's own page size (no limit: a target may cap it): the
 * unpaged request, then page 1, 2, ... until an empty page (pages may count from 0 or 1; the union covers
 * both). Consecutive pages must not overlap. The universe the generated filters are judged against is kept
 * only when the walk reached the end; the first group found is the one getGroup starts from.
 */
/** How often a phase walks the group list again before reporting a group outside it. */
const MAX_UNIVERSE_REFRESHES = 3;

async function walkPages(s: StepContext, learned: Learned): Promise<Json | undefined> {
  const universe = new Map<string, Json>();
  const add = (items: Json[]) => {
    for (const item of items) if (typeof item._id === 'string') universe.set(item._id, item);
  };
  const walk = async (filter: Record<string, string | number | boolean>): Promise<boolean> => {
    const first = await s.send({ operationId: 'listGroups', query: filter, expect: { valid: true } });
    add(itemsOf(first.response?.body));
    let previous: string[] | undefined;
    for (let page = 1; page <= MAX_PAGES; page++) {
      const exchange = await s.send({ operationId: 'listGroups', query: { ...filter, page }, expect: { valid: true, severity: 'SHOULD' } });
      const items = itemsOf(exchange.response?.body);
      const ids = items.map((g) => g._id).filter((id): id is string => typeof id === 'string');
      if (previous && ids.length > 0) s.check(pagesDisjoint, { exchange, first: previous, second: ids });
      add(items);
      if (ids.length === 0 || (previous !== undefined && ids.every((id) => previous?.includes(id)))) return ids.length === 0;
      previous = ids;
    }
    return false;
  };
  // Whether the unfiltered list shows deleted groups is a reading the description leaves open (spec/DECISIONS.md),
  // so the community's groups are the unfiltered walk plus the active=false one.
  const learn = async (): Promise<boolean> => {
    const complete = await walk({});
    await walk({ active: false });
    return complete;
  };
  if (await learn()) {
    learned.universe = universe;
    // A group the suite's own writes added since (an upload, applied at once or a moment later) is not foreign:
    // the walk is made again before a group outside it is reported, a bounded number of times.
    let refreshes = 0;
    learned.refresh = async () => {
      if (refreshes++ >= MAX_UNIVERSE_REFRESHES) return;
      await learn();
    };
  }
  const group = [...universe.values()][0];
  if (group && typeof group.community === 'string') learned.groupCommunity = group.community;
  return group;
}

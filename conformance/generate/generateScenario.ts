import { setTimeout as delay } from 'node:timers/promises';
import fc from 'fast-check';
import { pagesDisjoint } from '../checks/pagesDisjoint.ts';
import { syncUploadVisible } from '../checks/syncUploadVisible.ts';
import { itemsOf, type Json } from '../checks/values.ts';
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

/** What the phase's first step hands on to the others. */
interface GenerateFacts {
  /** What the walk of the group list taught, for the relational oracles. */
  learned: Learned;
  /** The first group the walk found: the one getGroup starts from. */
  group: Json;
}

export interface GenerateDeps {
  /** How a Retry-After is waited out (tests inject one that does not wait). */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * The generative phase as the run's last area: requests nobody wrote by hand, derived from the spec, judged
 * by the suite's oracles, shrunk, and named by an id that --replay-case re-runs with the same --seed.
 */
export function generateScenario(settings: GenerateSettings = DEFAULT_GENERATE, deps: GenerateDeps = {}): Scenario<GenerateFacts> {
  const sleep = deps.sleep ?? ((ms: number) => delay(ms));
  return {
    area: 'generate',
    title: 'Generated requests: coverage pass, random pass, stateful sequences',
    missing: (s) =>
      !s.config.token && !s.config.appSecret && !s.config.userToken && !s.config.oauth ? 'no credentials (--token, --app-secret or --user-token)' : undefined,
    absent: { learned: 'the group list was not walked', group: 'the walk of the group list found no group' },
    async run(step, base) {
      const budget = createBudget(settings.perOperationBudget);
      // The phase's requests go through the engine's contexts, aside from any step until a step reports what
      // they found (shrunk, one per kind), on a client that waits out a 429 as asked.
      const phase = base.aside({ client: (client) => politeClient(client, sleep, base.now) }).s;
      let installation: Json | undefined;
      const replay = settings.replayCase;

      // Only what the target claims is sent (--operations): a login for getUserInfo, a read of the installation to update.
      const claims = (operationId: string): boolean => settings.operations === undefined || settings.operations.includes(operationId);
      const { group } = await step({
        title: 'generated: the group list walked page by page to its end',
        provides: ['learned', 'group'],
        run: async (s, _given, provide) => {
          if (!s.config.token || !s.config.community) return s.skip('no bearer token or community');
          if (!claims('listGroups')) return s.skip('listGroups is not among the operations claimed (--operations)');
          const learned: Learned = {};
          const group = await walkPages(s, learned);
          provide('learned', learned);
          if (group) provide('group', group);
        },
      });
      // A login of the phase's own: its token serves the phase's requests, not the run's (nor --save-token).
      if (phase.userToken === undefined && base.config.oauth && claims('getUserInfo') && (replay === undefined || replay.startsWith('getUserInfo/'))) {
        phase.userToken = (await obtainUserToken(base, base.config.oauth))?.token;
      }
      if (!base.readOnly && claims('updateAppInstallation') && base.config.appId && base.config.community && base.config.token) {
        const listed = await base.send({ operationId: 'listAppInstallations', path: { appId: base.config.appId }, expect: { valid: true } });
        installation = ownInstallation(listed.response?.body, base.config.community);
      }
      const prefix = `conform-${base.seed}-gen`;
      const targets = operationTargets({
        phase,
        ...(group ? { group } : {}),
        ...(installation ? { installation } : {}),
        syncRunId: base.rng.fork('generate').hex(24),
        aliasPrefix: prefix,
      }).filter((t) => claims(t.operationId));

      if (replay !== undefined) {
        await step({
          title: `generated: replay of case ${replay}`,
          uses: ['learned'],
          run: async (s, { learned = {} }) => {
            const target = targets.find((t) => casesOf(phase, t, settings).some((c) => c.id === replay));
            const found = target && casesOf(phase, target, settings).find((c) => c.id === replay);
            if (!target || !found)
              throw new Error(
                `no generated case "${replay}" with seed ${base.seed} and this configuration (ids look like listGroups/c3 or getUpdatedUsers/r7)`,
              );
            const outcome = await runOperation(phase, [found], learned, budget, settings, target.pinned);
            reportGenerated(s, outcome.failures);
          },
        });
        return;
      }

      for (const target of targets) {
        await step({
          title: `generated: ${target.operationId}`,
          uses: ['learned'],
          run: async (s, { learned = {} }) => {
            const outcome = await runOperation(phase, casesOf(phase, target, settings), learned, budget, settings, target.pinned);
            reportGenerated(s, outcome.failures);
            // The PUT cases changed the configured installation: put it back as it was read.
            if (target.operationId === 'updateAppInstallation' && installation) await judgeCase(phase, target.base, learned);
          },
        });
      }

      await step({
        title: 'generated: uploaded groups with generated names are found by alias',
        uses: ['learned'],
        run: async (s, { learned = {} }) => {
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
            const sent = await judgeCase(phase, { ...upload.base, body: everySection({ groups: { data: [entry] } }) }, learned);
            reportGenerated(
              s,
              sent.failures.map((f) => ({ ...f, message: `${f.message} [generated upload of group ${JSON.stringify(name)}]` })),
            );
            if ((sent.exchange.response?.status ?? 0) >= 300) continue;
            // An upload may be applied asynchronously: read it back with the bounded poll of every write.
            const { exchange, group: found } = await awaitGroupByAlias(s, alias, (g) => g !== undefined);
            s.check(syncUploadVisible, { exchange, uploaded: entry, ...(found ? { group: found } : {}) });
          }
        },
      });
    },
  };
}

/** The coverage pass, then the random pass, of one operation. */
function casesOf(phase: StepContext, target: OperationTarget, settings: GenerateSettings): GeneratedCase[] {
  return [...coverageCases(phase.contract, target), ...randomCases(phase.contract, target, phase.seed, settings.casesPerOperation)];
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

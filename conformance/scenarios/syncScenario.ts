import { syncDeactivate } from '../checks/syncDeactivate.ts';
import { probeNotJson } from './probeNotJson.ts';
import { syncRecordsSupplied } from '../checks/syncRecordsSupplied.ts';
import { syncRemoveUnlisted } from '../checks/syncRemoveUnlisted.ts';
import { syncUploadVisible } from '../checks/syncUploadVisible.ts';
import { updatedAfter } from '../checks/updatedAfter.ts';
import { instant, isRecord, itemsOf, type Json } from '../checks/values.ts';
import type { StepContext } from '../step/StepContext.ts';
import { buildSyncUpload, type SyncPlan } from './buildSyncUpload.ts';
import { DATA_ACTIONS, dataActionRequest } from './dataActionRequest.ts';
import { fetchUpdatedSince } from './fetchUpdatedSince.ts';
import { awaitGroupByAlias, findGroupByAlias } from './findGroupByAlias.ts';
import type { Scenario } from './Scenario.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the sync scenario's steps hand on to later ones. */
interface SyncFacts {
  /** What the first upload sent (and the second will), once the target accepted it. */
  plan: SyncPlan;
  /** The uploaded group g1 as the target shows it (its updatedAt is where the data actions start from). */
  g1: Json;
  /** The user the target shows as g2's first admin: the second upload keeps it as g1's only admin. */
  prof1Id: string;
}

/** Upload entities, then find them through the group routes and the data actions; unlink and deactivate. */
export const syncScenario: Scenario<SyncFacts> = {
  area: 'sync',
  title: 'Sync: upload, then read back through groups and data actions',
  missing: (s) =>
    s.readOnly
      ? '--read-only (the scenario uploads entities)'
      : !s.config.token
        ? 'no bearer token (--token or CONFORM_TOKEN)'
        : !s.config.community
          ? 'no community (--community)'
          : undefined,
  absent: {
    plan: 'the first upload did not go through',
    g1: 'the uploaded group g1 was not found',
    prof1Id: 'the uploaded group g2 shows no admin',
  },
  async run(step) {
    await step({
      title: 'upload groups, members, users and components',
      provides: ['plan'],
      run: async (s, _given, provide) => {
        const plan = buildSyncUpload(s.rng, s.seed, await pickSeason(s));
        const exchange = await upload(s, plan.runId, plan.first);
        const status = exchange.response?.status ?? 0;
        if (status >= 200 && status < 300) provide('plan', plan);
      },
    });

    await step({
      title: 'uploaded groups are found with the uploaded values',
      needs: ['plan'],
      provides: ['g1', 'prof1Id'],
      run: async (s, { plan: p }, provide) => {
        for (const [key, entry] of [
          ['g1', p.groups.g1],
          ['g2', p.groups.g2],
        ] as const) {
          const { exchange, group } = await awaitGroupByAlias(s, entry.alias, (found) => found !== undefined);
          s.check(syncUploadVisible, { exchange, uploaded: { ...entry, season: p.season, active: true }, ...(group ? { group } : {}) });
          if (key === 'g1' && group) provide('g1', group);
          if (key === 'g2' && group && Array.isArray(group.admins) && isRecord(group.admins[0]) && typeof group.admins[0].user === 'string')
            provide('prof1Id', group.admins[0].user);
        }
      },
    });

    await step({
      title: 'the data actions supply the uploaded users and components',
      needs: ['plan'],
      uses: ['g1'],
      run: async (s, { plan: p, g1 }) => {
        if (!s.config.appSecret) return s.skip('no app secret (--app-secret or CONFORM_APP_SECRET)');
        const stamp = instant(g1?.updatedAt) ?? instant(g1?.syncedAt);
        if (stamp === undefined) return s.skip('the uploaded group shows no updatedAt to start from');
        // A day before the upload as the server stamped it: wide enough for a time-zone-shifted group stamp.
        const after = new Date(stamp - DAY_MS).toISOString();
        const wanted = { users: Object.values(p.users), components: [...p.components] };
        for (const action of DATA_ACTIONS) {
          // With the upload's season, as the platform calls them: every uploaded record is linked to a group of it.
          const calls = await fetchUpdatedSince(s, action, after, wanted[action.kind], 1000, { season: p.season });
          for (const call of calls) s.check(updatedAfter, { exchange: call.exchange, after: call.after, records: call.records, limit: 1000 });
          const last = calls.at(-1);
          if (last)
            s.check(syncRecordsSupplied, {
              exchange: last.exchange,
              kind: action.kind,
              aliases: wanted[action.kind],
              records: calls.flatMap((c) => c.records),
            });
        }
      },
    });

    await step({
      title: 'the data actions leave the uploaded records out of another season',
      needs: ['plan'],
      run: async (s, { plan: p }) => {
        if (!s.config.appSecret) return s.skip('no app secret (--app-secret or CONFORM_APP_SECRET)');
        // The upload linked its users and components to groups of its season only: asked for another season
        // (one the community's groups use, else one nobody uses), they are not that season's.
        const other = (await otherSeason(s, p.season)) ?? `${p.season}-conform-${s.seed}-other`;
        const wanted = { users: Object.values(p.users), components: [...p.components] };
        for (const action of DATA_ACTIONS) {
          const exchange = await s.send({
            operationId: action.operationId,
            json: dataActionRequest(s, action, { season: other, limit: 1000 }),
            expect: { valid: true },
          });
          if (exchange.response?.status !== 200) continue;
          const records = itemsOf(exchange.response.body);
          s.check(syncRecordsSupplied, {
            exchange,
            kind: action.kind,
            aliases: wanted[action.kind],
            records,
            otherSeason: { asked: other, uploaded: p.season },
          });
        }
      },
    });

    await step({
      title: 'a second upload with removeUnlisted* unlinks what it does not list',
      needs: ['plan'],
      uses: ['prof1Id'],
      run: async (s, { plan: p, prof1Id }) => {
        const exchange = await upload(s, p.secondRunId, p.second);
        if ((exchange.response?.status ?? 0) >= 300) return s.skip('the second upload was refused');
        // The same upload deactivates g2: once that shows, the upload has been applied (bounded poll).
        await awaitGroupByAlias(s, p.groups.g2.alias, (found) => found?.active === false);
        const { exchange: read, group } = await findGroupByAlias(s, p.groups.g1.alias);
        if (!group) return s.skip(`group ${p.groups.g1.alias} not found after the second upload`);
        const tags = (Array.isArray(group.tags) ? group.tags : []).filter(isRecord).map((t) => String(t.name));
        s.check(syncRemoveUnlisted, {
          exchange: read,
          flag: 'removeUnlistedTags',
          alias: p.groups.g1.alias,
          relation: 'tags',
          expected: [p.tags[0]],
          actual: tags,
        });
        if (prof1Id) {
          const admins = (Array.isArray(group.admins) ? group.admins : []).filter(isRecord).map((a) => String(a.user));
          s.check(syncRemoveUnlisted, {
            exchange: read,
            flag: 'removeUnlistedAdmins',
            alias: p.groups.g1.alias,
            relation: 'admins',
            expected: [prof1Id],
            actual: admins,
          });
        }
      },
    });

    await step({
      title: 'active: false deactivates a group',
      needs: ['plan'],
      run: async (s, { plan: p }) => {
        const alias = p.groups.g2.alias;
        const { exchange, group } = await findGroupByAlias(s, alias);
        const inactive = await findGroupByAlias(s, alias, { active: 'false' });
        const active = await findGroupByAlias(s, alias, { active: 'true' });
        s.check(syncDeactivate, {
          exchange,
          alias,
          ...(group ? { group } : {}),
          inInactiveList: inactive.group !== undefined,
          inActiveList: active.group !== undefined,
          inactiveExchange: inactive.exchange,
          activeExchange: active.exchange,
        });
      },
    });

    await step({
      title: 'refuse uploads that break the spec',
      run: async (s) => {
        const runId = s.rng.hex(24);
        const cases: Array<[string, unknown, string]> = [
          ['groups.data is a string, not an array', { groups: { data: 'none' } }, s.bodyRule('uploadSyncEntities', 'groups', 'data')],
          [
            'users.data[0].active is "yes", not a boolean',
            { users: { data: [{ active: 'yes', alias: `conform-${s.seed}-invalid` }] } },
            s.bodyRule('uploadSyncEntities', 'users', 'data'),
          ],
          [
            'groups.removeUnlistedTags is "true", not a boolean',
            { groups: { data: [], removeUnlistedTags: 'true' } },
            s.bodyRule('uploadSyncEntities', 'groups'),
          ],
        ];
        for (const [violation, json, rule] of cases)
          await s.send({ operationId: 'uploadSyncEntities', path: { syncRunId: runId }, json, expect: { invalid: violation, rule } });
        await probeNotJson(s, { operationId: 'uploadSyncEntities', path: { syncRunId: runId } }, '{"groups": {"data": [', { groups: { data: [] } });
      },
    });
  },
};

function upload(s: StepContext, runId: string, body: unknown) {
  return s.send({ operationId: 'uploadSyncEntities', path: { syncRunId: runId }, json: body, expect: { valid: true } });
}

/** Another season the community's listed groups use, the smallest in code point order (the same every run). */
async function otherSeason(s: StepContext, season: string): Promise<string | undefined> {
  const exchange = await s.send({ operationId: 'listGroups', expect: { valid: true } });
  const seasons = [
    ...new Set(
      itemsOf(exchange.response?.body)
        .map((g) => g.season)
        .filter((v): v is string => typeof v === 'string' && v !== '' && v !== season),
    ),
  ].sort();
  return seasons[0];
}

/** A season the community uses (that of its newest listed group), else the current year by the run's clock. */
async function pickSeason(s: StepContext): Promise<string> {
  const exchange = await s.send({ operationId: 'listGroups', expect: { valid: true } });
  const newest = itemsOf(exchange.response?.body)
    .filter((g) => typeof g.season === 'string' && g.season !== '')
    .sort((a, b) => (instant(b.createdAt) ?? 0) - (instant(a.createdAt) ?? 0))[0];
  return newest ? String(newest.season) : String(s.now().getUTCFullYear());
}
